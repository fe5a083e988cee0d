# SPDX-License-Identifier: MIT
# Warnings for the project's own targets only (third-party headers are SYSTEM includes).
function(infersight_set_warnings target)
  # -Wshadow=local is GCC's; clang (the libFuzzer build, tests/fuzz) has no such option.
  set(shadow -Wshadow=local)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    set(shadow "")
  endif()
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic ${shadow} -Wnon-virtual-dtor
                                           -Wno-missing-field-initializers)
  # GCC 12 reports false -Wrestrict positives inside libstdc++ for `"literal" + std::string`
  # at -O2 and above (GCC bug 105651); the warning says nothing about our code there.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(INFERSIGHT_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
