# The WebAssembly core's tests in the native build's CTest (tests/CMakeLists.txt includes this
# when the wasm-core target exists, i.e. emcmake and node are installed; not in the sanitizer or
# fuzz builds). The first builds the wasm tree (the wasm-core target: nothing to do when it is up
# to date), a fixture the others need:
# - wasm_gtest_<suite>: GoogleTest suites compiled for WebAssembly (tests/WasmTests.cmake), under
#   Node with its file system (the wasm tree's CTest runs each);
# - wasm_core_node: the entry driven through server/web/core.mjs (server/web/test/core.test.mjs),
#   its expected values from the native gpuasm and the spec's text;
# - node_cli_compare: the CLI under Node (`node build/wasm/bin/gpuasm.js`) against the native
#   gpuasm by tests/cross/compare.sh, the cross builds' comparison: every command on the examples
#   and a recorded LSP and DAP session, byte for byte;
# - node_cli_lsp: that CLI's `lsp` on pipes (server/web/test/cli.test.mjs), against the native one.
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

# The CLI under Node as a user types it (`node gpuasm.js ARGS`, no flags): the cross builds'
# comparison with Node as the runner. Not labelled cross: it runs with the rest of CTest, after
# the wasm tree (the fixture) is built.
add_test(NAME node_cli_compare
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/cross/compare.sh $<TARGET_FILE:gpuasm> ${GPUASM_WASM_BINARY_DIR}/bin/gpuasm.js
          ${GPUASM_NODE})
set_tests_properties(node_cli_compare PROPERTIES FIXTURES_REQUIRED wasm_core SKIP_RETURN_CODE 77 TIMEOUT 900 LABELS node)

# The same CLI's `lsp` on pipes, as an editor runs it (server/web/test/cli.test.mjs): the idle work
# runs between messages and the diagnostics are those the native server publishes.
add_test(NAME node_cli_lsp COMMAND ${GPUASM_NODE} --test ${PROJECT_SOURCE_DIR}/server/web/test/cli.test.mjs)
set_tests_properties(node_cli_lsp PROPERTIES
  FIXTURES_REQUIRED wasm_core TIMEOUT 300 LABELS node
  ENVIRONMENT "GPUASM_NODE_CLI=${GPUASM_WASM_BINARY_DIR}/bin/gpuasm.js;GPUASM_BINARY=$<TARGET_FILE:gpuasm>;GPUASM_SOURCE_DIR=${PROJECT_SOURCE_DIR}")

# The CLI under Node as the npm package the dist target makes (build/dist/gpuasm-<version>-node.tgz,
# server/web/node/package.sh): installed offline into a scratch prefix with npm, its `gpuasm`
# command against the native binary (tests/install/node-package.sh). Label cross: it runs in the
# stage after dist (scripts/test.sh), skipped (77) until dist made the package.
find_program(GPUASM_NPM npm)
if(GPUASM_NPM)
  add_test(NAME node_package_install
    COMMAND bash ${PROJECT_SOURCE_DIR}/tests/install/node-package.sh $<TARGET_FILE:gpuasm>
            ${CMAKE_BINARY_DIR}/dist/gpuasm-${PROJECT_VERSION}-node.tgz ${GPUASM_NODE} ${GPUASM_NPM})
  set_tests_properties(node_package_install PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS cross)
endif()
