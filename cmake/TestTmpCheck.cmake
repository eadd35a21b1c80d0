# The fixture of cmake/TestTmp.cmake, run by CTest: MODE=setup makes DIR anew and empty;
# MODE=check fails listing what is in DIR (what the tests left behind), else removes the empty
# DIR and passes.
if(NOT DIR)
  message(FATAL_ERROR "TestTmpCheck.cmake: DIR is not set")
endif()
if(MODE STREQUAL "setup")
  file(REMOVE_RECURSE "${DIR}")
  file(MAKE_DIRECTORY "${DIR}")
elseif(MODE STREQUAL "check")
  if(NOT IS_DIRECTORY "${DIR}")
    message(FATAL_ERROR "${DIR} is gone: a test removed the temporary directory of the tests")
  endif()
  file(GLOB_RECURSE left LIST_DIRECTORIES true RELATIVE "${DIR}" "${DIR}/*")
  file(GLOB top LIST_DIRECTORIES true RELATIVE "${DIR}" "${DIR}/*")
  list(LENGTH left count)
  list(LENGTH top topCount)
  if(count GREATER 0)
    list(SORT top)
    list(JOIN top "\n  " shown)
    message(FATAL_ERROR "the tests left ${topCount} entries (${count} files and directories in all) in ${DIR} "
                        "(tests/common/ScratchDir.h makes a directory that goes away):\n  ${shown}")
  endif()
  file(REMOVE_RECURSE "${DIR}")  # empty: it goes too, and the next run's setup makes it again
  message(STATUS "the tests left nothing in ${DIR}")
else()
  message(FATAL_ERROR "TestTmpCheck.cmake: MODE is setup or check, not '${MODE}'")
endif()
