#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One entry point for a fresh Debian 12 machine:
#   scripts/quickstart.sh app    install dependencies, build, open the GUI on the default model
#   scripts/quickstart.sh test   install dependencies, build, run the whole test suite
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-app}"
preset="${INFERSIGHT_PRESET:-release}"
jobs="${INFERSIGHT_JOBS:-$(nproc)}"

scripts/bootstrap.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j "$jobs"

case "$mode" in
  app)
    shift || true
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      echo "quickstart: no display found; running under xvfb-run (nothing will be visible)" >&2
      exec xvfb-run -a "build/$preset/bin/infersight" "$@"
    fi
    exec "build/$preset/bin/infersight" "$@"
    ;;
  test)
    export QT_QPA_PLATFORM=offscreen
    ctest --preset "$preset" -j "$jobs" --output-on-failure
    ;;
  *)
    echo "usage: scripts/quickstart.sh [app|test]" >&2
    exit 2
    ;;
esac
