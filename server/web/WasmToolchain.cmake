# The settings of the WebAssembly build (CMakeLists.txt includes this when emcmake configures the
# tree; the native build's wasm-core target does that, server/web/CMakeLists.txt). Debian's
# emscripten 3.1.6: clang 14 and libc++ 13.

# nlohmann_json is header-only and Debian's copy is in /usr/include, next to glibc's headers,
# which must never reach em++ (they would shadow the musl ones of emscripten's sysroot): em++ gets
# a folder that holds only a link to /usr/include/nlohmann.
find_path(GPUASM_HOST_NLOHMANN_JSON_DIR nlohmann/json.hpp PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH REQUIRED)
set(GPUASM_NLOHMANN_JSON_INCLUDE_DIR ${CMAKE_BINARY_DIR}/nlohmann-include CACHE INTERNAL "")
file(MAKE_DIRECTORY ${GPUASM_NLOHMANN_JSON_INCLUDE_DIR})
file(CREATE_LINK ${GPUASM_HOST_NLOHMANN_JSON_DIR}/nlohmann ${GPUASM_NLOHMANN_JSON_INCLUDE_DIR}/nlohmann SYMBOLIC)
# CLI11 (the tool's command line, header-only) likewise, for the CLI under Node (gpuasm-cli).
find_path(GPUASM_HOST_CLI11_DIR CLI/CLI.hpp PATHS /usr/include NO_CMAKE_FIND_ROOT_PATH REQUIRED)
set(GPUASM_CLI11_INCLUDE_DIR ${CMAKE_BINARY_DIR}/cli11-include CACHE INTERNAL "")
file(MAKE_DIRECTORY ${GPUASM_CLI11_INCLUDE_DIR})
file(CREATE_LINK ${GPUASM_HOST_CLI11_DIR}/CLI ${GPUASM_CLI11_INCLUDE_DIR}/CLI SYMBOLIC)

# What libc++ 13 lacks of the C++23 the sources use (<expected>, std::bit_cast), supplied by
# headers of the same names that only this build sees (server/web/compat/README.md).
include_directories(BEFORE SYSTEM ${CMAKE_CURRENT_LIST_DIR}/compat)

# Exceptions are part of the code (nlohmann_json's parse errors, std::bad_alloc, ...): compiled as
# WebAssembly exceptions, which Node >= 17 and Chromium >= 95 run natively; `js` is emscripten's
# older JavaScript-assisted catching, bigger and slower (docs/WASM.md has the figures of both).
set(GPUASM_WASM_EXCEPTIONS wasm CACHE STRING "How the WebAssembly build compiles exceptions: wasm or js")
if(GPUASM_WASM_EXCEPTIONS STREQUAL "wasm")
  add_compile_options(-fwasm-exceptions)
  add_link_options(-fwasm-exceptions)
elseif(GPUASM_WASM_EXCEPTIONS STREQUAL "js")
  add_compile_options(-sDISABLE_EXCEPTION_CATCHING=0)
  add_link_options(-sDISABLE_EXCEPTION_CATCHING=0)
else()
  message(FATAL_ERROR "GPUASM_WASM_EXCEPTIONS is wasm or js, not ${GPUASM_WASM_EXCEPTIONS}")
endif()
