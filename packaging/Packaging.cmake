# SPDX-License-Identifier: MIT
# Every install rule of the project, and CPack: `cpack -G DEB` in a build folder makes two Debian
# packages, `infersight` (both programs, the engine library, the measured data, desktop files, man
# pages) and `infersight-torch` (the LibTorch module that TorchScript import loads on first use,
# so LibTorch is only a Recommends of `infersight`).
#
# Layout under the prefix (/usr in the .deb; all lookups are relative, so any prefix works):
#   bin/infersight, bin/infersight-cli                RUNPATH $ORIGIN/../<libdir>/infersight
#   <libdir>/infersight/libinfersight_core.so.0       private library (no headers, no namelink)
#   <libdir>/infersight/libinfersight_torch.so        dlopen()ed by TorchScriptModule, RUNPATH $ORIGIN
#   <libdir>/infersight/infersight-torchscript-reader the child that runs it (TorchScriptModule::read)
#   share/infersight/data/                            data/ (read by `validate`, see measuredDataDirectory)
#   share/applications, share/metainfo, share/icons, share/man/man1, share/doc/infersight
# Translations (.qm) and resources (GPU catalogue, predictor weights) are compiled into the
# binaries (qt_add_translations / qt_add_resources), so they need no files of their own.
include(GNUInstallDirs)

set(INFERSIGHT_COMPONENT_MAIN main)
set(INFERSIGHT_COMPONENT_TORCH torch)

# Programs and the engine library.
set_target_properties(infersight infersight-cli PROPERTIES
    INSTALL_RPATH "$ORIGIN/../${INFERSIGHT_INSTALL_PRIVATE_LIBDIR}")
install(TARGETS infersight infersight-cli
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ${INFERSIGHT_COMPONENT_MAIN})
install(TARGETS infersight_core
        LIBRARY DESTINATION ${INFERSIGHT_INSTALL_PRIVATE_LIBDIR} COMPONENT ${INFERSIGHT_COMPONENT_MAIN}
        NAMELINK_SKIP)
if(TARGET infersight_torch)
  set_target_properties(infersight_torch PROPERTIES INSTALL_RPATH "$ORIGIN")
  install(TARGETS infersight_torch
          LIBRARY DESTINATION ${INFERSIGHT_INSTALL_PRIVATE_LIBDIR} COMPONENT ${INFERSIGHT_COMPONENT_TORCH})
  # The child program that runs LibTorch for TorchScriptModule::read, beside the module.
  set_target_properties(infersight-torchscript-reader PROPERTIES INSTALL_RPATH "$ORIGIN")
  install(TARGETS infersight-torchscript-reader
          RUNTIME DESTINATION ${INFERSIGHT_INSTALL_PRIVATE_LIBDIR} COMPONENT ${INFERSIGHT_COMPONENT_TORCH})
endif()

# Measured data read at run time (validate); PROVENANCE.md and licence files travel with it.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/
        DESTINATION ${INFERSIGHT_INSTALL_DATA_SUBDIR} COMPONENT ${INFERSIGHT_COMPONENT_MAIN})

# Desktop integration.
install(FILES ${CMAKE_SOURCE_DIR}/packaging/io.infersight.Infersight.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT ${INFERSIGHT_COMPONENT_MAIN})
install(FILES ${CMAKE_SOURCE_DIR}/packaging/io.infersight.Infersight.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT ${INFERSIGHT_COMPONENT_MAIN})
install(FILES ${CMAKE_SOURCE_DIR}/packaging/icons/infersight.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME io.infersight.Infersight.svg
        COMPONENT ${INFERSIGHT_COMPONENT_MAIN})
install(FILES ${CMAKE_SOURCE_DIR}/packaging/copyright
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/infersight COMPONENT ${INFERSIGHT_COMPONENT_MAIN})
if(TARGET infersight_torch)
  install(FILES ${CMAKE_SOURCE_DIR}/packaging/copyright
          DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/infersight-torch COMPONENT ${INFERSIGHT_COMPONENT_TORCH})
endif()

# Man pages, made from the programs' own --help by help2man (packaging/ManPage.cmake).
find_program(HELP2MAN_PROGRAM help2man)
find_program(GZIP_PROGRAM gzip)
if(HELP2MAN_PROGRAM AND GZIP_PROGRAM)
  set(man_pages)
  foreach(program infersight-cli infersight)
    set(page ${CMAKE_BINARY_DIR}/man/${program}.1.gz)
    add_custom_command(
      OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${program}> -DNAME=${program} -DOUTPUT=${page}
              -DVERSION=${PROJECT_VERSION} -DHELP2MAN=${HELP2MAN_PROGRAM} -DGZIP=${GZIP_PROGRAM}
              -DWORK_DIR=${CMAKE_BINARY_DIR}/man -P ${CMAKE_SOURCE_DIR}/packaging/ManPage.cmake
      DEPENDS ${program} ${CMAKE_SOURCE_DIR}/packaging/ManPage.cmake
      COMMENT "Generating the ${program}(1) man page with help2man"
      VERBATIM)
    list(APPEND man_pages ${page})
  endforeach()
  add_custom_target(infersight_man_pages ALL DEPENDS ${man_pages})
  install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT ${INFERSIGHT_COMPONENT_MAIN})
else()
  message(WARNING "help2man or gzip not found: no man pages, and the Debian package test fails "
                  "(scripts/bootstrap.sh installs help2man)")
endif()

# CPack: one .deb per component, Depends from dpkg-shlibdeps.
set(CPACK_PACKAGE_NAME "infersight")
set(CPACK_PACKAGE_VENDOR "Infersight developers")
set(CPACK_PACKAGE_CONTACT "Infersight developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_RESOURCE_FILE_LICENSE "${CMAKE_SOURCE_DIR}/LICENSE")
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_STRIP_FILES ON)
set(CPACK_COMPONENTS_ALL ${INFERSIGHT_COMPONENT_MAIN})
if(TARGET infersight_torch)
  list(APPEND CPACK_COMPONENTS_ALL ${INFERSIGHT_COMPONENT_TORCH})
endif()
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Infersight developers")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The LibTorch module resolves the engine's symbols from the program that loads it; where it also
# records libinfersight_core.so.0 as needed (sanitizer builds), dpkg-shlibdeps finds that private
# library here instead of failing (it is in the infersight package, which infersight-torch depends on).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS "${CMAKE_BINARY_DIR}/core")
set(deb_version "${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}")

set(CPACK_DEBIAN_MAIN_PACKAGE_NAME "infersight")
set(CPACK_DEBIAN_MAIN_PACKAGE_SECTION "science")
string(CONCAT CPACK_COMPONENT_MAIN_DESCRIPTION
    "${PROJECT_DESCRIPTION}\n"
    "Infersight predicts how a deep-learning model runs for inference on NVIDIA GPUs and MIG\n"
    "slices before anyone owns the hardware: latency, energy and memory, per layer and end to\n"
    "end, with an error band. It opens ONNX models, HuggingFace config.json files and a built-in\n"
    "model zoo; TorchScript import needs the infersight-torch package.\n"
    "This package has the desktop application (infersight) and the command-line tool\n"
    "(infersight-cli).")
# The Qt translations make the standard dialogs follow the UI language (de, zh_CN).
set(CPACK_DEBIAN_MAIN_PACKAGE_RECOMMENDS "infersight-torch (= ${deb_version}), qt6-translations-l10n")

set(CPACK_DEBIAN_TORCH_PACKAGE_NAME "infersight-torch")
set(CPACK_DEBIAN_TORCH_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_TORCH_PACKAGE_DEPENDS "infersight (= ${deb_version})")
string(CONCAT CPACK_COMPONENT_TORCH_DESCRIPTION
    "TorchScript import for Infersight (LibTorch module)\n"
    "The module that lets Infersight read TorchScript (.pt) models with LibTorch. Infersight\n"
    "loads it on first use; without it every other model format works.")
include(CPack)
