#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One entry point for a fresh Debian 12 machine:
#   scripts/quickstart.sh app    install dependencies, build, open the GUI on the default model
#   scripts/quickstart.sh test   install dependencies, build, run the whole test suite; with CI=true
#                                then also the unit and fuzz tests under the asan preset and short
#                                libFuzzer runs of every fuzz target (clang build in build/fuzz)
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
    if [ "${CI:-}" = "true" ] && [ "$preset" != "asan" ]; then
      # CI also runs the unit tests and the fuzz regression files under AddressSanitizer and
      # UBSan (the asan preset): it builds only their targets (core, UI library for the CLI, CLI,
      # LibTorch module, tests: 262 of the 319 compilations, about 2.2x the CPU time of a release
      # compilation each; roughly 15-20 minutes on 2 cores, after 10-15 for the release build).
      cmake --preset asan >/dev/null
      mapfile -t asan_tests < <(ctest --preset asan -N -L '^(unit|fuzz)$' | sed -n 's/^ *Test *#[0-9]*: //p')
      if [ "${#asan_tests[@]}" -eq 0 ]; then
        echo "quickstart: no unit or fuzz tests found in the asan preset" >&2
        exit 1
      fi
      cmake --build --preset asan -j "$jobs" --target "${asan_tests[@]}"
      ctest --preset asan -j "$jobs" -L '^(unit|fuzz)$' --output-on-failure
      # Bounded libFuzzer runs (label fuzz_live: INFERSIGHT_FUZZ_SECONDS, 30 s per target, from the
      # committed corpora) when clang has libFuzzer (tests/fuzz/fuzz_targets.cmake): a clang build of
      # the core library and the fuzz programs only, about 10 minutes of compilation on 2 cores.
      if command -v clang++ >/dev/null 2>&1; then
        CC=clang CXX=clang++ cmake --preset asan -B build/fuzz -DINFERSIGHT_WERROR=OFF -DINFERSIGHT_WITH_TORCH=OFF \
          -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link -DCMAKE_CXX_FLAGS_DEBUG="-gline-tables-only -O1" >/dev/null
        mapfile -t fuzz_programs < <(ctest --test-dir build/fuzz -N -L '^fuzz_live$' | sed -n 's/^ *Test *#[0-9]*: \(.*\)_live$/\1/p')
        if [ "${#fuzz_programs[@]}" -gt 0 ]; then
          cmake --build build/fuzz -j "$jobs" --target "${fuzz_programs[@]}"
          ctest --test-dir build/fuzz -j "$jobs" -L '^fuzz_live$' --output-on-failure
        else
          echo "quickstart: clang has no libFuzzer (libclang-rt-14-dev); fuzz_live runs skipped" >&2
        fi
      fi
    fi
    ;;
  *)
    echo "usage: scripts/quickstart.sh [app|test]" >&2
    exit 2
    ;;
esac
