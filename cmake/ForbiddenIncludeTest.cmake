# cmake -DCXX=<compiler> -DINCLUDES=<dir>|<dir>... -DPROBE=<file.cpp> -DEXPECT=<text>|compiles
#   -P ForbiddenIncludeTest.cmake
# Compiles PROBE (syntax only) with the include directories of one library, in their order. With
# EXPECT "compiles" it must compile; otherwise it must fail and the compiler's output must hold
# EXPECT (the #error of cmake/GpuasmTarget.cmake's forbidden headers), so a broken command cannot
# pass for the rule. Used by the forbidden_include_* tests (tests/CMakeLists.txt).
foreach(v CXX INCLUDES PROBE EXPECT)
  if(NOT DEFINED ${v} OR "${${v}}" STREQUAL "")
    message(FATAL_ERROR "ForbiddenIncludeTest.cmake: ${v} is not set")
  endif()
endforeach()
string(REPLACE "|" ";" dirs "${INCLUDES}")
set(flags)
foreach(d IN LISTS dirs)
  list(APPEND flags "-I${d}")
endforeach()
execute_process(COMMAND ${CXX} -std=c++23 -fsyntax-only ${flags} ${PROBE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(EXPECT STREQUAL "compiles")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROBE} should compile with these include directories but failed:\n${out}")
  endif()
  message(STATUS "compiles, as it should")
else()
  if(rc EQUAL 0)
    message(FATAL_ERROR "${PROBE} compiled, but the library may not include it")
  endif()
  string(FIND "${out}" "${EXPECT}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${PROBE} failed, but not with \"${EXPECT}\":\n${out}")
  endif()
  message(STATUS "refused, as it should:\n${out}")
endif()
