# One function declares a library of this project: sources under src/, public headers under
# include/, the project's warning set, and the sanitizer flags when GPUASM_SANITIZE is on.
# Dependencies are passed explicitly so the layering table in docs/ARCHITECTURE.md is the build.

function(gpuasm_apply_flags target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
    -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Wunused -Woverloaded-virtual
    -Wdouble-promotion -Wimplicit-fallthrough)
  if(GPUASM_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(GPUASM_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=all)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()

# gpuasm_add_library(NAME <name> ALIAS <ns::name> [DIR <folder>] SOURCES <...> [DEPS <...>])
# DIR (default: the current folder) holds include/ and src/; SOURCES are relative to it.
function(gpuasm_add_library)
  cmake_parse_arguments(ARG "" "NAME;ALIAS;DIR" "SOURCES;DEPS" ${ARGN})
  if(NOT ARG_DIR)
    set(ARG_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  endif()
  set(sources)
  foreach(s IN LISTS ARG_SOURCES)
    if(IS_ABSOLUTE ${s})
      list(APPEND sources ${s})
    else()
      list(APPEND sources ${ARG_DIR}/${s})
    endif()
  endforeach()
  add_library(${ARG_NAME} STATIC ${sources})
  add_library(${ARG_ALIAS} ALIAS ${ARG_NAME})
  target_include_directories(${ARG_NAME} PUBLIC ${ARG_DIR}/include PRIVATE ${ARG_DIR}/src)
  target_link_libraries(${ARG_NAME} PUBLIC ${ARG_DEPS})
  gpuasm_apply_flags(${ARG_NAME})
  if(GPUASM_SANITIZE)
    target_link_options(${ARG_NAME} INTERFACE -fsanitize=address,undefined)
  endif()
endfunction()

# gpuasm_precompile(<target> <header>...): the target's translation units start from a precompiled
# header of these (GoogleTest, nlohmann_json, CLI11: each takes seconds to parse, and dozens of
# files include them). GPUASM_PCH=OFF compiles without, e.g. to check that each file includes
# what it uses. SKIP_PRECOMPILE_HEADERS on a source leaves that file out.
function(gpuasm_precompile target)
  if(GPUASM_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()
