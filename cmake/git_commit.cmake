# Run at every build (target hiradix_commit): writes OUTPUT, a header with the source tree's git commit
# ("<40 hex>", "-dirty" appended when tracked files differ from it; "unknown" outside a git checkout), and
# rewrites it only when that changes, so an unchanged tree recompiles nothing. The commit is taken at build
# time rather than at configure time, so a commit made since the last configure still shows. Only the
# commit reaches the binary: no path of the source tree is compiled in.
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -P cmake/git_commit.cmake
set(commit "unknown")
find_program(GIT git)
if(GIT)
  execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} rev-parse HEAD OUTPUT_VARIABLE head RESULT_VARIABLE rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(rc EQUAL 0 AND head MATCHES "^[0-9a-f]+$")
    set(commit ${head})
    execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE changes RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0 AND NOT changes STREQUAL "")
      string(APPEND commit "-dirty")
    endif()
  endif()
endif()
set(text "// Generated at build time by cmake/git_commit.cmake: do not edit.\n#pragma once\n#define HIRADIX_GIT_COMMIT \"${commit}\"\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
