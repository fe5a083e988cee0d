#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs every Debian 12 package Infersight needs to build, run, test and regenerate fixtures.
# Safe to run again: only missing packages are installed; nothing is fetched outside apt.
set -euo pipefail

PACKAGES=(
  # toolchain
  g++ cmake ninja-build ccache pkg-config
  # libFuzzer (clang's -fsanitize=fuzzer) for the fuzz targets under tests/fuzz
  clang-14 libclang-rt-14-dev
  # Qt 6 (Charts needs libqt6opengl6-dev; LinguistTools needs qt6-l10n-tools)
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n
  # model formats and layout
  libprotobuf-dev protobuf-compiler libonnx-dev libtorch-dev libopenblas0-openmp libgraphviz-dev
  # headless GUI runs, screenshots, PDF checks, fonts (Latin + CJK for the Chinese UI)
  xvfb xauth poppler-utils fonts-dejavu-core fonts-noto-cjk
  # the Debian package (cpack -G DEB, dpkg-shlibdeps), its man pages and metadata checks
  dpkg-dev help2man appstream desktop-file-utils
  # fixture generation and the measurement harness's tests
  python3 python3-torch python3-torchvision python3-onnx python3-numpy
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "bootstrap: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "bootstrap: installing ${#missing[@]} packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "bootstrap: done"
