# docs/cli.md equals what pecards-docgen makes from the CLI's flag and quantity tables.
#   cmake -DDOCGEN=... -DEXPECTED=docs/cli.md -DACTUAL=out.md -P checkclidoc.cmake
execute_process(COMMAND ${DOCGEN} cli-markdown ${ACTUAL} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "pecards-docgen cli-markdown failed (${result})")
endif()
file(READ ${EXPECTED} expected)
file(READ ${ACTUAL} actual)
if(NOT expected STREQUAL actual)
  message(FATAL_ERROR "docs/cli.md is out of date with the CLI's tables: run "
                      "`cmake --build build/ci --target update-cli-doc` and commit docs/cli.md")
endif()
