# The GoogleTest suites of the WebAssembly build (CMakeLists.txt includes this when emcmake
# configures the tree): the suites that need no process, socket or /proc, compiled for wasm and
# run under Node with Node's file system (-sNODERAWFS: they read the spec, the examples and the
# corpus from the source tree). The same source lists as tests/CMakeLists.txt; one CTest test per
# binary (no gtest_discover_tests: listing the tests would run Node at build time). The native
# build runs them (server/web/NativeTests.cmake). Left out, and why: docs/WASM.md.

# GoogleTest from Debian's sources (googletest: /usr/src/googletest), compiled with em++.
set(gtest_disable_pthreads ON CACHE BOOL "" FORCE)
set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
add_subdirectory(/usr/src/googletest ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)

include_directories(${CMAKE_CURRENT_LIST_DIR}/common)

# gpuasm_wasm_test(<name> SOURCES ... [LIBS ...] [DEFINES ...] [EXCLUDE <gtest pattern>]): EXCLUDE
# leaves out the tests that cannot run without threads or processes (each says why below).
function(gpuasm_wasm_test name)
  cmake_parse_arguments(ARG "" "EXCLUDE" "SOURCES;LIBS;DEFINES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} gtest_main)
  target_compile_definitions(${name} PRIVATE ${ARG_DEFINES})
  # -O1 at the link: Binaryen's -O3 over a test binary takes minutes and buys nothing a test needs
  # (the code itself is compiled -O3 as in the module).
  target_link_options(${name} PRIVATE -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 -O1)
  gpuasm_apply_flags(${name})
  set(filter)
  if(ARG_EXCLUDE)
    set(filter --gtest_filter=-${ARG_EXCLUDE})
  endif()
  add_test(NAME ${name} COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:${name}> ${filter})
endfunction()

set(t ${CMAKE_CURRENT_LIST_DIR})
gpuasm_wasm_test(gpuasm_isa_tests
  SOURCES
    ${t}/isa/BindingTest.cpp ${t}/isa/CodecTest.cpp ${t}/isa/DecimalFloatTest.cpp ${t}/isa/EncodingSpaceTest.cpp
    ${t}/isa/DiagnosticCodeTest.cpp ${t}/isa/ExprTest.cpp ${t}/isa/Utf8Test.cpp ${t}/isa/InstrDbTest.cpp
    ${t}/isa/MatcherTest.cpp ${t}/isa/NoIsaFactsInCodeTest.cpp ${t}/isa/SpecCodeTest.cpp ${t}/isa/SpecDiffTest.cpp
    ${t}/isa/SpecLintTest.cpp ${t}/isa/SpecParserToleranceTest.cpp ${t}/isa/Sha256Test.cpp
    ${t}/isa/SpecSourceTest.cpp ${t}/isa/SyntaxFormTest.cpp ${t}/isa/TextTest.cpp ${t}/isa/ProseTest.cpp
    ${t}/isa/Word128Test.cpp
  LIBS gpuasm::isa gpuasm::syntax
  # It starts threads to show that a derived table is computed once across them: no threads here.
  EXCLUDE InstrDb.DerivedTablesAreComputedOnceAndKept
  DEFINES GPUASM_SPEC_DIR="${GPUASM_SPEC_DIR}" GPUASM_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
          GPUASM_SHARED_SPEC_DIR="${PROJECT_SOURCE_DIR}/../shared/isa-spec")

gpuasm_wasm_test(gpuasm_syntax_tests
  SOURCES
    ${t}/syntax/ChunkPieceTest.cpp ${t}/syntax/CorpusTest.cpp ${t}/syntax/LineCursorTest.cpp
    ${t}/syntax/LineIndexTest.cpp ${t}/syntax/LineScannerTest.cpp ${t}/syntax/SpecExamplesParseTest.cpp
    ${t}/syntax/SyntaxTreeTest.cpp
  LIBS gpuasm::syntax gpuasm::isa
  DEFINES GPUASM_CORPUS_DIR="${PROJECT_SOURCE_DIR}/grammar/test/corpus" GPUASM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

file(GLOB GPUASM_SIM_TEST_SOURCES CONFIGURE_DEPENDS ${t}/sim/*Test.cpp)
# The two cross-checks against the host FPU set its rounding mode with fesetround, which
# WebAssembly has not (round to nearest only): their expected values would be wrong there.
gpuasm_wasm_test(gpuasm_sim_tests SOURCES ${GPUASM_SIM_TEST_SOURCES} LIBS gpuasm::ide gpuasm::sim
                 DEFINES GPUASM_EXAMPLES_DIR="${PROJECT_SOURCE_DIR}/examples"
                 EXCLUDE Float.ArithmeticMatchesTheHostFpuInEveryMode:Float.RandomArithmeticMatchesTheHostFpu)
target_include_directories(gpuasm_sim_tests PRIVATE ${t}/sim)

file(GLOB GPUASM_IDE_TEST_SOURCES CONFIGURE_DEPENDS ${t}/ide/*/*Test.cpp)
list(FILTER GPUASM_IDE_TEST_SOURCES EXCLUDE REGEX "/ide/analysis/(AsmFile|SpecExamplesAssemble|MatcherGolden|RoundTrip)Test\\.cpp$")
gpuasm_wasm_test(gpuasm_ide_tests
  SOURCES ${GPUASM_IDE_TEST_SOURCES}
  LIBS gpuasm::ide
  # The rounding tables of hover are checked against the host FPU in each rounding mode
  # (fesetround), which WebAssembly has not.
  EXCLUDE ExplainLine.*RoundingTable*:ExplainLine.FfmaIsFusedAndItsModesDiffer
  DEFINES GPUASM_SOURCE_DIR="${PROJECT_SOURCE_DIR}" GPUASM_EXAMPLES_DIR="${PROJECT_SOURCE_DIR}/examples")
target_include_directories(gpuasm_ide_tests PRIVATE ${t}/ide/common)

gpuasm_wasm_test(gpuasm_roundtrip_tests SOURCES ${t}/ide/analysis/RoundTripTest.cpp LIBS gpuasm::ide)

gpuasm_wasm_test(gpuasm_asm_tests
  SOURCES ${t}/ide/analysis/AsmFileTest.cpp ${t}/ide/analysis/SpecExamplesAssembleTest.cpp
          ${t}/ide/analysis/MatcherGoldenTest.cpp
  LIBS gpuasm::ide
  DEFINES GPUASM_ASM_TEST_DIR="${t}/asm" GPUASM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

gpuasm_wasm_test(gpuasm_formats_tests SOURCES ${t}/formats/CheckJsonTest.cpp
                 LIBS gpuasm::formats nlohmann_json::nlohmann_json)

gpuasm_wasm_test(gpuasm_wire_tests SOURCES ${t}/wire/FailureTest.cpp ${t}/wire/FramingTest.cpp
                 LIBS gpuasm::wire nlohmann_json::nlohmann_json)

# The workspace and the servers: the spec's reloads run here as the idle work (gpuasm/ide/Threads.h).
gpuasm_wasm_test(gpuasm_workspace_tests
  SOURCES ${t}/workspace/WorkspaceTest.cpp ${t}/workspace/DebugSessionTest.cpp ${t}/workspace/RegisterAtLaneTest.cpp
          ${t}/workspace/SpecDirectoryTest.cpp
  LIBS gpuasm::workspace)

gpuasm_wasm_test(gpuasm_lsp_tests
  SOURCES ${t}/lsp/ServerTest.cpp ${t}/lsp/RequestsTest.cpp ${t}/lsp/LiveSpecTest.cpp ${t}/lsp/ReferenceTest.cpp
  LIBS gpuasm::lsp nlohmann_json::nlohmann_json
  DEFINES GPUASM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")

gpuasm_wasm_test(gpuasm_dap_tests SOURCES ${t}/dap/DapTest.cpp LIBS gpuasm::dap nlohmann_json::nlohmann_json
                 DEFINES GPUASM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
