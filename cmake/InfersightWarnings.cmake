# SPDX-License-Identifier: MIT
# Warnings for the project's own targets only (third-party headers are SYSTEM includes).
function(infersight_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor
                                           -Wno-missing-field-initializers)
  if(INFERSIGHT_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
