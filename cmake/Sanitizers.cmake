# SPDX-License-Identifier: MIT
# Sanitizer builds: INFERSIGHT_SANITIZERS is a list such as "address;undefined" (the `asan` preset).
# Every target of the project is instrumented (third-party libraries are Debian's, uninstrumented);
# UBSan findings abort like ASan's, so a test with undefined behaviour fails instead of printing
# and passing. Tests get INFERSIGHT_SANITIZER_TEST_ENVIRONMENT (tests/CMakeLists.txt), which also
# reaches the programs they start (the CLI tests' infersight-cli).
#
# The LibTorch module (infersight_torch, dlopen()ed by TorchScript import) is built and tested in
# this configuration too: LibTorch itself is not instrumented, and what it allocates for good at
# start-up is listed in cmake/sanitizers/lsan.supp (reviewed, not our code).
set(INFERSIGHT_SANITIZERS "" CACHE STRING "Sanitizers for every target, e.g. address;undefined (the asan preset)")

set(INFERSIGHT_SANITIZER_TEST_ENVIRONMENT "")
set(INFERSIGHT_TEST_TIMEOUT_SCALE 1)
if(INFERSIGHT_SANITIZERS)
  list(JOIN INFERSIGHT_SANITIZERS "," sanitizers)
  message(STATUS "Sanitizers: ${sanitizers}")
  add_compile_options(-fsanitize=${sanitizers} -fno-sanitize-recover=all -fno-omit-frame-pointer
                      # bounds checks in the standard library (operator[], front(), ...), no ABI change
                      -D_GLIBCXX_ASSERTIONS)
  add_link_options(-fsanitize=${sanitizers})
  set(supp "${CMAKE_SOURCE_DIR}/cmake/sanitizers")
  list(APPEND INFERSIGHT_SANITIZER_TEST_ENVIRONMENT
       "ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:strict_init_order=1:check_initialization_order=1:detect_odr_violation=1:abort_on_error=0:symbolize=1"
       "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=${supp}/ubsan.supp"
       "LSAN_OPTIONS=suppressions=${supp}/lsan.supp:print_suppressions=0")
  # Instrumented code runs 2-4x slower: stretch the tests' own time limits.
  set(INFERSIGHT_TEST_TIMEOUT_SCALE 3)
endif()
