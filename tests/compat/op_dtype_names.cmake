# aicore_add_op_project's reading of a kernel's dtype macros
# (_aicore_op_kernel_dtype_names, cmake/aicoreOpProject.cmake): only
# DTYPE_<NAME> / ORIG_DTYPE_<NAME> of the OpDef's inputs and outputs count, so
# a kernel template with a constant of its own named DTYPE_MODE (ops-math's
# is_close) is not taken for one that reads the vendor's dtype macros.
# cmake -DSOURCE_DIR=<aicore> -P op_dtype_names.cmake
cmake_minimum_required(VERSION 3.16)
include(${SOURCE_DIR}/cmake/aicoreOpProject.cmake)

function(expect what kernel opdef expected)
  _aicore_op_kernel_dtype_names(got "${kernel}" "${opdef}")
  if(NOT "${got}" STREQUAL "${expected}")
    message(SEND_ERROR "${what}: got '${got}', expected '${expected}'")
  endif()
endfunction()

set(opdef [=[
class IsClose : public OpDef {
 public:
  explicit IsClose(const char* name) : OpDef(name) {
    this->Input("x1").ParamType(REQUIRED);
    this->Input( "x2" ).ParamType(REQUIRED);
    this->Output("y").ParamType(REQUIRED);
    this->Attr("rtol").AttrType(OPTIONAL).Float(1e-05);
  }
};
OP_ADD(IsClose);
]=])

expect("a kernel template's own DTYPE_MODE" [=[
template <uint32_t IS_CLOSE_TPL_KEY>
__global__ __aicore__ void is_close(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  constexpr uint32_t DTYPE_MODE = IS_CLOSE_TPL_KEY % 4 + 1;
  Impl<DTYPE_MODE>(x1, x2, y);
}
]=] "${opdef}" "")
expect("the OpDef's names, upper-cased, once each, in order of use" [=[
KernelIsClose<DTYPE_X2, DTYPE_Y> op;  // DTYPE_MODE[0]; ORIG_DTYPE_X1 == DT_FLOAT
if (ORIG_DTYPE_X2 == DT_BF16) { DTYPE_X2 v; }
]=] "${opdef}" "X2;Y;X1")
expect("not an identifier of its own (MY_DTYPE_Y, DTYPE_Y1, DTYPE_y)"
       "MY_DTYPE_Y a; DTYPE_Y1 b; DTYPE_y c; xDTYPE_X1 d;" "${opdef}" "")
expect("an attribute is not an input" "DTYPE_RTOL r;" "${opdef}" "")
expect("no OpDef, no names" "DTYPE_X1 a;" "" "")
