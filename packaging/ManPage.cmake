# SPDX-License-Identifier: MIT
# Writes the gzip-compressed man page of one program from its own --help (help2man), run by the
# build (packaging/Packaging.cmake):
#   cmake -DPROGRAM=<built binary> -DNAME=<installed name> -DOUTPUT=<page.1.gz> -DVERSION=<x.y.z>
#         -DHELP2MAN=<help2man> -DGZIP=<gzip> -DWORK_DIR=<folder> -P ManPage.cmake
# infersight-cli's page also gets every subcommand's --help (section COMMANDS). The program runs
# under its installed name (argv[0]), offscreen, with a neutral HOME, so no build path or user
# folder ends up in the page.
foreach(var PROGRAM NAME OUTPUT VERSION HELP2MAN GZIP WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "ManPage.cmake: -D${var}=... is missing")
  endif()
endforeach()

set(home_placeholder "/nonexistent/infersight-man-home")
file(MAKE_DIRECTORY ${WORK_DIR}/${NAME}.bin)
set(wrapper ${WORK_DIR}/${NAME}.bin/${NAME})
file(WRITE ${wrapper}.in
     "#!/bin/bash\n"
     "export QT_QPA_PLATFORM=offscreen HOME='${home_placeholder}' LC_ALL=C LANGUAGE=\n"
     "unset XDG_CONFIG_HOME XDG_DATA_HOME\n"
     "exec -a '${NAME}' '${PROGRAM}' \"$@\"\n")
file(COPY_FILE ${wrapper}.in ${wrapper})
file(CHMOD ${wrapper} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
     WORLD_READ WORLD_EXECUTE)

# roff-safe text block: backslashes escaped, lines starting with a control character protected.
function(roff_block text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")  # roff: a plain "-" may render as a hyphen
  string(REPLACE "\n" ";" lines "${text}")
  set(result "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^[.']")
      set(line "\\&${line}")
    endif()
    string(APPEND result "${line}\n")
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(run_help out)
  execute_process(COMMAND ${wrapper} ${ARGN} --help OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ManPage.cmake: '${NAME} ${ARGN} --help' failed (${rc}): ${err}")
  endif()
  string(REPLACE "${home_placeholder}" "~" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(include_file ${WORK_DIR}/${NAME}.h2m)
set(sections "")
if(NAME STREQUAL "infersight-cli")
  set(synopsis "predict deep-learning inference on NVIDIA GPUs and MIG slices (command line)")
  run_help(main_help)
  # Command names: the indented words under "Commands:" in the main help.
  string(REGEX MATCH "Commands:\n(.*)\n\n" commands_block "${main_help}")
  string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*  " command_lines "\n${CMAKE_MATCH_1}")
  set(commands)
  foreach(line IN LISTS command_lines)
    string(STRIP "${line}" command)
    list(APPEND commands ${command})
  endforeach()
  if(NOT commands)
    message(FATAL_ERROR "ManPage.cmake: no commands found in '${NAME} --help'")
  endif()
  string(APPEND sections "[COMMANDS]\n")
  foreach(command IN LISTS commands)
    run_help(command_help ${command})
    string(REPLACE "Usage: ${NAME} " "Usage: ${NAME} ${command} " command_help "${command_help}")
    roff_block("${command_help}" command_roff)
    string(APPEND sections ".SS \"${NAME} ${command}\"\n.nf\n${command_roff}.fi\n")
  endforeach()
  string(APPEND sections
         "[ENVIRONMENT]\n"
         ".TP\n.B INFERSIGHT_DATA_DIR\n"
         "The measured-data folder read by \\fBvalidate\\fR (default: the installed share/infersight/data).\n"
         ".TP\n.B INFERSIGHT_TORCH_MODULE\n"
         "The LibTorch module (libinfersight_torch.so) used for TorchScript import, or its folder "
         "(default: the installed one, from the infersight-torch package).\n"
         ".TP\n.B INFERSIGHT_TORCHSCRIPT_TIMEOUT, INFERSIGHT_TORCHSCRIPT_MEMORY_MB\n"
         "TorchScript files are read by a child process (infersight-torchscript-reader) with a time limit "
         "(default 60 s) and an address-space limit (default 4096 MiB); these raise them.\n"
         ".TP\n.B INFERSIGHT_TORCHSCRIPT_MAX_INFLATE_MB, INFERSIGHT_TORCHSCRIPT_MAX_NESTING\n"
         "Limits of the check made before that: what compressed entries may inflate to (default 1024 MiB) "
         "and how deeply pickles and code may nest (default 500 levels).\n"
         "[FILES]\n"
         ".TP\n.I ~/.config/infersight/gpus/\n"
         "Your own GPU files, listed by \\fBgpus\\fR and usable with \\fB--gpu\\fR.\n"
         "[SEE ALSO]\n.BR infersight (1)\n")
else()
  set(synopsis "predict deep-learning inference on NVIDIA GPUs and MIG slices (desktop application)")
  string(APPEND sections
         "[ENVIRONMENT]\n"
         ".TP\n.B LANG, LC_ALL, LANGUAGE\n"
         "The user interface language (English, German and Simplified Chinese ship with it).\n"
         "[SEE ALSO]\n.BR infersight-cli (1)\n")
endif()
file(WRITE ${include_file} "${sections}")

set(page ${WORK_DIR}/${NAME}.1)
execute_process(
  COMMAND ${HELP2MAN} --no-info --version-string=${VERSION} --name=${synopsis} --section=1
          --include=${include_file} --output=${page} ${wrapper}
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ManPage.cmake: help2man failed for ${NAME} (${rc}): ${err}")
endif()
execute_process(COMMAND ${GZIP} -9 -n -c ${page} OUTPUT_FILE ${OUTPUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ManPage.cmake: gzip failed for ${page}")
endif()
