# Tests leave no files (docs/TESTING.md): every CTest test runs with TMPDIR (and GoogleTest's
# TEST_TMPDIR, which ::testing::TempDir reads first) pointing at a directory of this build's own
# under the system's temporary directory ($TMPDIR at configure time, else /tmp), which the
# fixture's setup test makes empty and its cleanup test, tests_leave_no_files, checks is empty
# again when every test has run, failing with what was left. The tests write their files in
# directories of their own there (tests/common/ScratchDir.h) and remove them.
# Not under build/: the tests' files must lie outside the repository, or a test of how a file
# finds its project (the nearest gpuasm.json or .git, nvim's root markers) would find this one.
# Named by a hash of the build directory, so build/ and build-asan/ never share one.
string(MD5 gpuasm_build_hash "${CMAKE_BINARY_DIR}")
string(SUBSTRING "${gpuasm_build_hash}" 0 10 gpuasm_build_hash)
if(DEFINED ENV{TMPDIR} AND IS_DIRECTORY "$ENV{TMPDIR}")
  set(GPUASM_TEST_TMP "$ENV{TMPDIR}/gpuasm-tests-${gpuasm_build_hash}")
else()
  set(GPUASM_TEST_TMP "/tmp/gpuasm-tests-${gpuasm_build_hash}")
endif()

# The two tests of the fixture (once, in tests/).
function(gpuasm_test_tmp_fixture)
  add_test(NAME tests_tmp_setup
           COMMAND ${CMAKE_COMMAND} -DMODE=setup -DDIR=${GPUASM_TEST_TMP} -P ${PROJECT_SOURCE_DIR}/cmake/TestTmpCheck.cmake)
  set_tests_properties(tests_tmp_setup PROPERTIES FIXTURES_SETUP gpuasm_test_tmp)
  add_test(NAME tests_leave_no_files
           COMMAND ${CMAKE_COMMAND} -DMODE=check -DDIR=${GPUASM_TEST_TMP} -P ${PROJECT_SOURCE_DIR}/cmake/TestTmpCheck.cmake)
  set_tests_properties(tests_leave_no_files PROPERTIES FIXTURES_CLEANUP gpuasm_test_tmp)
endfunction()

# gtest_discover_tests with the fixture and the environment. (Its PROPERTIES flattens a list,
# so each of the two variables goes in a property of its own.)
function(gpuasm_discover_tests target)
  gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60
    PROPERTIES FIXTURES_REQUIRED gpuasm_test_tmp
               ENVIRONMENT "TMPDIR=${GPUASM_TEST_TMP}"
               ENVIRONMENT_MODIFICATION "TEST_TMPDIR=set:${GPUASM_TEST_TMP}")
endfunction()

# The same for the tests add_test added in the calling directory so far (call it last).
function(gpuasm_use_test_tmp)
  get_property(tests DIRECTORY PROPERTY TESTS)
  list(REMOVE_ITEM tests tests_tmp_setup tests_leave_no_files)
  if(tests)
    set_property(TEST ${tests} APPEND PROPERTY FIXTURES_REQUIRED gpuasm_test_tmp)
    set_property(TEST ${tests} APPEND PROPERTY ENVIRONMENT "TMPDIR=${GPUASM_TEST_TMP}" "TEST_TMPDIR=${GPUASM_TEST_TMP}")
  endif()
endfunction()
