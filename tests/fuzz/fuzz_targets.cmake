# SPDX-License-Identifier: MIT
# Fuzz targets. A target is a folder tests/fuzz/<name>/ holding fuzz_<name>.cpp (the libFuzzer entry
# point LLVMFuzzerTestOneInput) and corpus/ (seed files and every crash file found).
#
# infersight_add_fuzz_target(<name> [MIN_FILES <n>]) declares
# - test_fuzz_<name>_regressions, with any compiler (label fuzz; CI runs it under the asan preset
#   too): every corpus file and a truncated copy of it through the entry point;
# - infersight_add_fuzz_program(<name> <corpus dirs>).
#
# infersight_add_fuzz_program(<name> <corpus dirs...>): with clang and -fsanitize=fuzzer support only,
# the libFuzzer program fuzz_<name> and the ctest fuzz_<name>_live (label fuzz_live) that fuzzes it
# for INFERSIGHT_FUZZ_SECONDS from the corpus dirs, writing new inputs to a scratch folder in the
# build dir (the committed corpus is never written). A fuzz build:
#   CXX=clang++ CC=clang cmake --preset asan -B build/fuzz -DINFERSIGHT_WERROR=OFF \
#       -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link -DINFERSIGHT_WITH_TORCH=OFF
# (fuzzer-no-link gives the core library coverage instrumentation, so libFuzzer sees inside it), then
#   build/fuzz/tests/fuzz/<name>/fuzz_<name> -max_total_time=600 <scratch dir> tests/fuzz/<name>/corpus
set(INFERSIGHT_FUZZ_SECONDS 30 CACHE STRING "Seconds each fuzz_*_live test fuzzes (label fuzz_live, clang builds)")
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer")
  check_cxx_source_compiles("#include <cstddef>\n#include <cstdint>\nextern \"C\" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }"
                            INFERSIGHT_HAVE_LIBFUZZER)
  unset(CMAKE_REQUIRED_FLAGS)
endif()

function(infersight_add_fuzz_program name)
  if(NOT INFERSIGHT_HAVE_LIBFUZZER)
    return()
  endif()
  add_executable(fuzz_${name} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_${name}.cpp)
  target_link_libraries(fuzz_${name} PRIVATE infersight_core Qt6::Core)
  target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined)
  target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined)
  infersight_set_warnings(fuzz_${name})
  set(scratch ${CMAKE_CURRENT_BINARY_DIR}/fuzz_${name}_scratch)
  list(JOIN ARGN "' '" corpora)
  add_test(NAME fuzz_${name}_live
           COMMAND ${CMAKE_COMMAND} -E env ${INFERSIGHT_SANITIZER_TEST_ENVIRONMENT}
                   sh -c "rm -rf '${scratch}' && mkdir -p '${scratch}' && exec \"$0\" -seed=1 -max_total_time=${INFERSIGHT_FUZZ_SECONDS} -timeout=30 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 -artifact_prefix='${scratch}/' '${scratch}' '${corpora}'"
                   $<TARGET_FILE:fuzz_${name}>)
  set_tests_properties(fuzz_${name}_live PROPERTIES LABELS fuzz_live TIMEOUT 600)
endfunction()

function(infersight_add_fuzz_target name)
  cmake_parse_arguments(ARG "" "MIN_FILES" "" ${ARGN})
  if(NOT ARG_MIN_FILES)
    set(ARG_MIN_FILES 5)
  endif()
  set(dir ${CMAKE_CURRENT_SOURCE_DIR})
  infersight_add_test(test_fuzz_${name}_regressions ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_corpus_test.cpp
                      ${dir}/fuzz_${name}.cpp TIMEOUT 600)
  target_compile_definitions(test_fuzz_${name}_regressions PRIVATE FUZZ_CORPUS_DIR="${dir}/corpus"
                             FUZZ_MIN_FILES=${ARG_MIN_FILES})
  infersight_add_fuzz_program(${name} ${dir}/corpus)
endfunction()
