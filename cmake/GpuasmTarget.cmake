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

# The system headers of nlohmann_json and Boost.Asio sit in /usr/include, where every target finds
# them whatever it links, so linking is not enough to keep them out of a layer. For each library
# that may not use them, gpuasm_forbid_headers puts a folder of headers of the same names first on
# its include path, each one an #error naming the rule (docs/ARCHITECTURE.md, "Layering"); CTest's
# forbidden_include_* tests compile a probe with those include paths to show it fails.
set(GPUASM_FORBIDDEN_DIR ${CMAKE_BINARY_DIR}/forbidden)
function(gpuasm_write_forbidden kind header_dir subdir what)
  file(GLOB_RECURSE headers RELATIVE ${header_dir} ${header_dir}/${subdir}/*.hpp)
  if(subdir STREQUAL "boost/asio")
    list(APPEND headers boost/asio.hpp)
  endif()
  if(NOT headers)
    message(FATAL_ERROR "no ${what} headers under ${header_dir}/${subdir}")
  endif()
  foreach(h IN LISTS headers)
    file(CONFIGURE OUTPUT ${GPUASM_FORBIDDEN_DIR}/${kind}/${h} CONTENT
      "#error \"this library may not use ${what} (<${h}>): docs/ARCHITECTURE.md, Layering\"\n")
  endforeach()
endfunction()

find_path(GPUASM_NLOHMANN_JSON_INCLUDE_DIR nlohmann/json.hpp REQUIRED)
gpuasm_write_forbidden(nlohmann_json ${GPUASM_NLOHMANN_JSON_INCLUDE_DIR} nlohmann nlohmann_json)
# The WebAssembly build has no Asio at all (server/web/WasmToolchain.cmake).
if(NOT GPUASM_WASM)
  find_path(GPUASM_ASIO_INCLUDE_DIR boost/asio.hpp REQUIRED)
  gpuasm_write_forbidden(asio ${GPUASM_ASIO_INCLUDE_DIR} boost/asio Boost.Asio)
endif()

# gpuasm_forbid_headers(<target> [JSON] [ASIO]): <target> may not include nlohmann_json (JSON),
# Boost.Asio (ASIO).
function(gpuasm_forbid_headers target)
  cmake_parse_arguments(ARG "JSON;ASIO" "" "" ${ARGN})
  if(ARG_JSON)
    target_include_directories(${target} BEFORE PRIVATE ${GPUASM_FORBIDDEN_DIR}/nlohmann_json)
  endif()
  if(ARG_ASIO)
    target_include_directories(${target} BEFORE PRIVATE ${GPUASM_FORBIDDEN_DIR}/asio)
  endif()
endfunction()

# gpuasm_add_library(NAME <name> ALIAS <ns::name> [DIR <folder>] SOURCES <...>
#                    [PUBLIC_DEPS <...>] [PRIVATE_DEPS <...>] [USES_JSON] [USES_ASIO])
# DIR (default: the current folder) holds include/ and src/; SOURCES are relative to it.
# PUBLIC_DEPS are the libraries its public headers include (its users see them too), PRIVATE_DEPS
# those only its sources use. Without USES_JSON / USES_ASIO, including nlohmann_json / Boost.Asio
# fails to compile (gpuasm_forbid_headers).
function(gpuasm_add_library)
  cmake_parse_arguments(ARG "USES_JSON;USES_ASIO" "NAME;ALIAS;DIR" "SOURCES;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
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
  target_link_libraries(${ARG_NAME} PUBLIC ${ARG_PUBLIC_DEPS} PRIVATE ${ARG_PRIVATE_DEPS})
  set(forbid)
  if(NOT ARG_USES_JSON)
    list(APPEND forbid JSON)
  endif()
  if(NOT ARG_USES_ASIO)
    list(APPEND forbid ASIO)
  endif()
  gpuasm_forbid_headers(${ARG_NAME} ${forbid})
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
