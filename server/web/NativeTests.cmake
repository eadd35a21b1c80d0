# The WebAssembly core's tests in the native build's CTest (tests/CMakeLists.txt includes this
# when the wasm-core target exists, i.e. emcmake and node are installed; not in the sanitizer or
# fuzz builds). The first builds the wasm tree (the wasm-core target: nothing to do when it is up
# to date), a fixture the others need:
# - wasm_gtest_<suite>: GoogleTest suites compiled for WebAssembly (tests/WasmTests.cmake), under
#   Node with its file system (the wasm tree's CTest runs each);
# - wasm_core_node: the entry driven through server/web/core.mjs (server/web/test/core.test.mjs),
#   its expected values from the native gpuasm and the spec's text.
# Node runs with --no-experimental-fetch: emscripten 3.1.6's loader takes a global fetch for a
# browser's.
add_test(NAME wasm_core_build COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target wasm-core)
set_tests_properties(wasm_core_build PROPERTIES FIXTURES_SETUP wasm_core TIMEOUT 3600)

# Each suite through the WebAssembly tree's own CTest (tests/WasmTests.cmake: how it runs under
# Node and which of its tests cannot run there).
foreach(suite isa syntax sim ide roundtrip asm formats wire workspace lsp dap)
  add_test(NAME wasm_gtest_${suite}
    COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${GPUASM_WASM_BINARY_DIR} -R ^gpuasm_${suite}_tests$ --no-tests=error
            --output-on-failure)
  set_tests_properties(wasm_gtest_${suite} PROPERTIES FIXTURES_REQUIRED wasm_core TIMEOUT 1200)
endforeach()

add_test(NAME wasm_core_node
  COMMAND ${GPUASM_NODE} --no-experimental-fetch --test ${PROJECT_SOURCE_DIR}/server/web/test/core.test.mjs)
set_tests_properties(wasm_core_node PROPERTIES
  FIXTURES_REQUIRED wasm_core TIMEOUT 300
  ENVIRONMENT "GPUASM_CORE=${GPUASM_WASM_BINARY_DIR}/bin/core.mjs;GPUASM_BINARY=$<TARGET_FILE:gpuasm>;GPUASM_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
