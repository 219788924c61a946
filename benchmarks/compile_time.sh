#!/usr/bin/env bash
# Prints how long one translation unit takes to compile at -O2: the
# add_custom example (a complete kernel + host program) and a file that only
# includes <aicore/aicore.h>. Each is compiled REPS times (default 3); the
# best wall time is printed, with the preprocessed size of the TU.
#
#   benchmarks/compile_time.sh            # g++ (or $CXX), -O2 -march=native
#   CXX=clang++ REPS=5 benchmarks/compile_time.sh
#   CXXFLAGS="-O2" benchmarks/compile_time.sh   # flags instead of the default
#
# Measure on a quiet machine (`uptime` first): the other core's load shows in
# the wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
CXX=${CXX:-g++}
REPS=${REPS:-3}
CXXFLAGS=${CXXFLAGS:--O2 -march=native}
DEFS="-std=c++17 -DHWY_COMPILE_ONLY_STATIC=1 -DHWY_DISABLE_PCLMUL_AES=1 -Iinclude"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#include <aicore/aicore.h>\nint main() { return 0; }\n' > "$work/umbrella.cpp"

best_of() {  # best wall seconds of REPS compiles of $1
  local best="" t0 t1 dt
  for _ in $(seq "$REPS"); do
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    $CXX $DEFS $CXXFLAGS -c "$1" -o "$work/out.o"
    t1=$(date +%s.%N)
    dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    if [[ -z "$best" ]] || awk -v d="$dt" -v b="$best" 'BEGIN { exit !(d < b) }'; then best=$dt; fi
  done
  echo "$best"
}

lines_of() {  # preprocessed lines of $1
  # shellcheck disable=SC2086
  $CXX $DEFS $CXXFLAGS -E "$1" | wc -l
}

echo "compiler: $($CXX --version | head -1); flags: $CXXFLAGS; best of $REPS"
printf '%-40s %10s %16s\n' "translation unit" "seconds" "preprocessed"
for tu in examples/add_custom/add_custom.cpp "$work/umbrella.cpp"; do
  name=$tu
  [[ $tu == "$work/umbrella.cpp" ]] && name="#include <aicore/aicore.h>"
  printf '%-40s %10.2f %10s lines\n' "$name" "$(best_of "$tu")" "$(lines_of "$tu")"
done
