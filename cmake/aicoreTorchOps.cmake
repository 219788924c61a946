# aicore_add_torch_ops(<name> PROJECTS <op project targets...> NAMESPACE <ns>
#                      [AUTOGRAD <Forward>:<Backward> ...] [SOURCES <files...>]
#                      [LIBRARIES <targets...>])
#
# Builds <name>, a shared library that Python loads with
# torch.ops.load_library(path) (the path is $<TARGET_FILE:<name>>): every
# operator of the projects (targets of aicore_add_op_project) becomes
# torch.ops.<ns>.<op>, <op> the snake_case kernel name of its type
# (GeluCustom -> gelu_custom), with
#   - a schema from the OpDef: inputs in order ("Tensor x", an OPTIONAL one
#     "Tensor? x=None"), then attributes with their types and defaults
#     ("float negative_slope=0.0"; an optional attribute without a default
#     "int? n=None"), returning "Tensor" or "(Tensor a, Tensor b)", a DYNAMIC
#     input or output as "Tensor[]" (an operator with two or more DYNAMIC
#     outputs is not registered: their lengths cannot be inferred);
#   - a CPU kernel that runs the operator through the runner (inputs made
#     contiguous, dtypes mapped torch <-> ge::DataType, outputs allocated by
#     torch from InferShape/InferDataType; a DYNAMIC output's list as long as
#     aicore::op::InferOutputLists finds from InferShape); runner errors
#     become Python RuntimeError with the same text;
#   - a Meta kernel from InferShape/InferDataType only (meta tensors and
#     fake-tensor tracing; no tiling, no kernel);
#   - AUTOGRAD Fwd:Bwd: an Autograd kernel for Fwd whose backward calls Bwd
#     with (the gradient of each output of Fwd, Fwd's inputs, Fwd's outputs),
#     as many as Bwd has inputs, and the attributes of Fwd that Bwd has by
#     name; Bwd's outputs are the gradients of Fwd's inputs, in order. A
#     Tensor[] input or a DYNAMIC output's gradients reach Bwd as a list (a
#     DYNAMIC parameter), an absent optional input as None (an OPTIONAL
#     parameter); a Tensor[] input's gradient is a DYNAMIC output of Bwd with
#     one tensor per list member; an absent input's gradient is dropped.
# SOURCES: C++-extension files compiled into the same library, e.g. code
# written for the NPU path that registers its own ops with TORCH_LIBRARY and
# calls EXEC_NPU_CMD(aclnnXxx, ...) (#include "pytorch_npu_helper.hpp",
# include/aicore/torch/, on their include path; the projects' aclnn_<op>.h
# too). LIBRARIES: more targets (compile flags) for the library.
# The adapter is one translation unit (cmake/aicore_torch_ops.cpp) per
# library. Needs Torch (find_package(Torch): the `torch` target).
set(AICORE_TORCH_OPS_SOURCE ${CMAKE_CURRENT_LIST_DIR}/aicore_torch_ops.cpp CACHE INTERNAL "")
# pytorch_npu_helper.hpp: in the source tree or installed next to the headers.
if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/../include/aicore/torch/pytorch_npu_helper.hpp)
  get_filename_component(AICORE_TORCH_HELPER_DIR ${CMAKE_CURRENT_LIST_DIR}/../include/aicore/torch ABSOLUTE)
else()
  get_filename_component(AICORE_TORCH_HELPER_DIR ${CMAKE_CURRENT_LIST_DIR}/../../../include/aicore/torch ABSOLUTE)
endif()
# Cache entries, as AICORE_TORCH_OPS_SOURCE: seen from the directories above
# aicore when it comes in through add_subdirectory.
set(AICORE_TORCH_HELPER_DIR ${AICORE_TORCH_HELPER_DIR} CACHE INTERNAL "")

function(aicore_add_torch_ops name)
  cmake_parse_arguments(P "" "NAMESPACE" "PROJECTS;AUTOGRAD;LIBRARIES;SOURCES" ${ARGN})
  if(NOT P_NAMESPACE OR NOT P_PROJECTS)
    message(FATAL_ERROR "aicore_add_torch_ops(${name}): give PROJECTS <targets> and NAMESPACE <ns>")
  endif()
  if(NOT P_NAMESPACE MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "aicore_add_torch_ops(${name}): NAMESPACE ${P_NAMESPACE} is not an identifier")
  endif()
  if(NOT TARGET torch)
    message(FATAL_ERROR "aicore_add_torch_ops(${name}): Torch is not found (find_package(Torch) first)")
  endif()
  foreach(pair IN LISTS P_AUTOGRAD)
    if(NOT pair MATCHES "^[A-Za-z_][A-Za-z0-9_]*:[A-Za-z_][A-Za-z0-9_]*$")
      message(FATAL_ERROR "aicore_add_torch_ops(${name}): AUTOGRAD ${pair} is not <Forward>:<Backward>")
    endif()
  endforeach()
  string(REPLACE ";" "\\;" autograd "${P_AUTOGRAD}")
  add_library(${name} SHARED ${AICORE_TORCH_OPS_SOURCE} ${P_SOURCES})
  target_include_directories(${name} PRIVATE ${AICORE_TORCH_HELPER_DIR})
  target_link_libraries(${name} PRIVATE ${P_PROJECTS} aicore::compat torch ${P_LIBRARIES})
  target_compile_definitions(${name} PRIVATE AICORE_TORCH_NAMESPACE="${P_NAMESPACE}"
                                             "AICORE_TORCH_AUTOGRAD=\"${autograd}\"")
  # The projects' objects are position-independent already
  # (aicore_add_op_project).
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()
