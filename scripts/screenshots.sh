#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Screenshots of the explorer window for the docs, taken under Xvfb with `infersight --screenshot`
# (the window as a first start shows it: no saved settings, layout or targets):
#   docs/images/explorer.png       zoo:resnet50, batch 8, fp16, A100-SXM4-80GB vs H100 SXM (the default start)
#   docs/images/explorer-gpt2.png  zoo:gpt2 (prefill, 1,024 tokens), same knobs and targets
#   docs/images/explorer-vit.png   tests/fixtures/onnx/vit_b_16.onnx, an ONNX file
#   docs/images/explorer-targets.png  a project: zoo:bert-base at batch 32, fp16, on four targets
#                                  (H100 SXM, an A100-80GB 3g.40gb MIG slice, L4, an H100 at 50 % MPS)
# Usage: scripts/screenshots.sh [BUILD_DIR]   (default build/release)
set -euo pipefail
cd "$(dirname "$0")/.."

build="${1:-build/release}"
app="$build/bin/infersight"
if [ ! -x "$app" ]; then
  echo "screenshots: $app not found; build it first (cmake --build --preset release --target infersight)" >&2
  exit 1
fi
command -v xvfb-run >/dev/null || { echo "screenshots: xvfb-run not found (apt-get install xvfb)" >&2; exit 1; }

out=docs/images
mkdir -p "$out"
config="$(mktemp -d)"
trap 'rm -rf "$config"' EXIT

shoot() {  # FILE [SOURCE]
  local file="$1"
  shift
  rm -rf "${config:?}"/*
  XDG_CONFIG_HOME="$config" xvfb-run -a -s "-screen 0 1920x1200x24" \
    "$app" --size 1600x1000 --screenshot "$out/$file" "$@"
  echo "screenshots: wrote $out/$file"
}

projects="$(mktemp -d)"
trap 'rm -rf "$config" "$projects"' EXIT
project="$projects/four-targets.infersight"
cat > "$project" <<'JSON'
{
  "format": "infersight-project",
  "version": 1,
  "model": {"source": "zoo:bert-base"},
  "knobs": {"batch": 32, "precision": "fp16", "runtime": "eager", "phase": "prefill"},
  "structure": {"width_multiplier": 1},
  "edits": [],
  "node_precisions": {},
  "targets": [
    {"gpu": "h100-sxm5-80gb"},
    {"gpu": "a100-sxm4-80gb", "mig": "3g.40gb"},
    {"gpu": "l4"},
    {"gpu": "h100-sxm5-80gb", "mps": 50}
  ]
}
JSON

shoot explorer.png
shoot explorer-gpt2.png zoo:gpt2
shoot explorer-vit.png tests/fixtures/onnx/vit_b_16.onnx
shoot explorer-targets.png "$project"
