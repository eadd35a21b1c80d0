# The tree-sitter runtime for the WebAssembly build: Debian ships it only as a native library, so
# its C sources come from the npm package tree-sitter, pinned by server/web/package-lock.json
# (vendor/tree-sitter/lib: one lib.c that includes the rest). `npm ci --ignore-scripts` in
# server/web installs it (the wasm-core target does, scripts/npm-ci.sh): no native addon is built.
# Its ABI (TREE_SITTER_LANGUAGE_VERSION 14, oldest 13) takes grammar/src/parser.c's version 14.
set(GPUASM_TREE_SITTER_LIB ${CMAKE_CURRENT_LIST_DIR}/node_modules/tree-sitter/vendor/tree-sitter/lib)
if(NOT EXISTS ${GPUASM_TREE_SITTER_LIB}/src/lib.c)
  message(FATAL_ERROR "no tree-sitter runtime sources in ${GPUASM_TREE_SITTER_LIB}: "
                      "run `npm ci --ignore-scripts` in server/web (the native build's wasm-core target does)")
endif()
add_library(tree_sitter_runtime STATIC ${GPUASM_TREE_SITTER_LIB}/src/lib.c)
target_include_directories(tree_sitter_runtime SYSTEM PUBLIC ${GPUASM_TREE_SITTER_LIB}/include
                                                   PRIVATE ${GPUASM_TREE_SITTER_LIB}/src)
set_target_properties(tree_sitter_runtime PROPERTIES C_STANDARD 99)
# Not our code: no warnings from it.
target_compile_options(tree_sitter_runtime PRIVATE -w)
