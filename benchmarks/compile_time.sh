#!/usr/bin/env bash
# Prints how long one translation unit takes to compile at -O2: the
# add_custom example (a complete kernel + host program) and a file that only
# includes <aicore/aicore.h>, each header-only and as with aicore::runtime
# (-DAICORE_SEPARATE_RUNTIME: the non-template runtime, the sanitizer and the
# timeline compiled once, in that library).
# Each is compiled REPS times (default 3); the
# best wall time and the best CPU time (user + sys: less sensitive to other
# load) are printed, with the preprocessed size of the TU.
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

best_of() {  # "wall cpu": the best wall and the best CPU (user + sys) seconds of REPS compiles of $1
  local best_wall="" best_cpu="" t wall cpu
  for _ in $(seq "$REPS"); do
    # shellcheck disable=SC2086
    t=$( { TIMEFORMAT='%R %U %S'; time $CXX $DEFS $CXXFLAGS -c "$1" -o "$work/out.o"; } 2>&1 | tail -1)
    wall=$(awk '{ print $1 }' <<<"$t")
    cpu=$(awk '{ printf "%.2f", $2 + $3 }' <<<"$t")
    if [[ -z "$best_wall" ]] || awk -v d="$wall" -v b="$best_wall" 'BEGIN { exit !(d < b) }'; then best_wall=$wall; fi
    if [[ -z "$best_cpu" ]] || awk -v d="$cpu" -v b="$best_cpu" 'BEGIN { exit !(d < b) }'; then best_cpu=$cpu; fi
  done
  echo "$best_wall $best_cpu"
}

lines_of() {  # preprocessed lines of $1
  # shellcheck disable=SC2086
  $CXX $DEFS $CXXFLAGS -E "$1" | wc -l
}

echo "compiler: $($CXX --version | head -1); flags: $CXXFLAGS; best of $REPS"
printf '%-44s %8s %8s %16s\n' "translation unit" "wall s" "cpu s" "preprocessed"
row() {  # name, source, extra flags
  local name=$1 tu=$2 extra=$3 wall cpu
  read -r wall cpu <<<"$(CXXFLAGS="$CXXFLAGS $extra" best_of "$tu")"
  printf '%-44s %8.2f %8.2f %10s lines\n' "$name" "$wall" "$cpu" "$(CXXFLAGS="$CXXFLAGS $extra" lines_of "$tu")"
}
row "add_custom.cpp (header-only)" examples/add_custom/add_custom.cpp ""
row "add_custom.cpp (aicore::runtime)" examples/add_custom/add_custom.cpp "-DAICORE_SEPARATE_RUNTIME"
row "#include <aicore/aicore.h> (header-only)" "$work/umbrella.cpp" ""
row "#include <aicore/aicore.h> (aicore::runtime)" "$work/umbrella.cpp" "-DAICORE_SEPARATE_RUNTIME"
