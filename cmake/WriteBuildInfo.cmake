# Run at build time (cmake -P): writes OUTPUT, the C++ definition of the build's identity
# (version, commit, commit date), from git when SOURCE_DIR is a checkout. configure_file writes
# only when the text changes, so a build at the same commit recompiles nothing.
# -DCOMMIT=... names the commit of a tree without .git (a source tarball).
if(NOT COMMIT)
  execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
  if(rc EQUAL 0)
    execute_process(COMMAND git -C "${SOURCE_DIR}" log -1 --format=%cs
                    OUTPUT_VARIABLE COMMIT_DATE OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    # Uncommitted changes to tracked files make the build differ from the commit: say so.
    execute_process(COMMAND git -C "${SOURCE_DIR}" diff --quiet HEAD -- RESULT_VARIABLE dirty ERROR_QUIET)
    if(NOT dirty EQUAL 0)
      string(APPEND COMMIT "-dirty")
    endif()
  else()
    set(COMMIT "unknown")
  endif()
endif()
if(NOT COMMIT_DATE)
  set(COMMIT_DATE "")
endif()
configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY)
