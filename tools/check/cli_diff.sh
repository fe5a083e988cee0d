#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Before/after check of a refactoring: runs two builds of infersight-cli over a fixed list of
# commands and diffs what they print: predict --json for zoo models, ONNX, TorchScript and
# HuggingFace config.json fixtures on several GPUs, MIG slices and MPS shares, every precision class
# and both runtimes, prefill and decode, and errors; validate; gpus; mig; sweep; zoo; inspect.
# JSON is compared key-sorted and pretty-printed, so a difference shows as the fields that changed;
# lines that report time taken are dropped. The TorchScript cases need the LibTorch module built
# beside each CLI (target infersight_torch).
#
#   tools/check/cli_diff.sh OLD_CLI NEW_CLI [OUT_DIR]
#
# e.g. git worktree add /work/base 2c01165 && cmake --preset release -B /work/base/build/rel &&
#      cmake --build /work/base/build/rel --target infersight-cli infersight_torch, then
#      tools/check/cli_diff.sh /work/base/build/rel/bin/infersight-cli build/release/bin/infersight-cli
#
# Both CLIs read the model fixtures of this tree (so a file moved between the two commits does not
# show as a difference). Each case writes OUT_DIR/<case>.{old,new} (normalised stdout, stderr and
# exit status) and OUT_DIR/<case>.diff when they differ. Prints one line per case and a summary;
# exits 1 when any case differs, 0 when all are the same.
set -u

if [[ $# -lt 2 ]]; then
    sed -n '3,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
OLD=$(realpath "$1")
NEW=$(realpath "$2")
OUT=${3:-$(mktemp -d -t cli_diff.XXXXXX)}
mkdir -p "$OUT"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
ONNX="$ROOT/tests/fixtures/onnx"
HF="$ROOT/tests/fixtures/hfconfig"
TS="$ROOT/tests/fixtures/torchscript"
# The interpreter with the json module (any python3 has it).
PY=$(command -v python3 || echo /usr/bin/python3)

# name | arguments (word-split; no spaces inside an argument)
CASES=$(cat <<EOF
predict-resnet50-a100|predict zoo:resnet50 --gpu a100-sxm4-40gb --json
predict-resnet50-a100-fp16-b32|predict zoo:resnet50 --gpu a100-sxm4-40gb --precision fp16 --batch 32 --json
predict-resnet50-t4-int8-fused|predict zoo:resnet50 --gpu t4 --precision int8 --runtime fused --json
predict-resnet50-a100-mig1g|predict zoo:resnet50 --gpu a100-sxm4-40gb --mig 1g.5gb --precision fp16 --json
predict-resnet50-h100-mig3g|predict zoo:resnet50 --gpu h100-sxm5-80gb --mig 3g.40gb --precision fp16 --runtime fused --json
predict-resnet50-a100-mps30|predict zoo:resnet50 --gpu a100-sxm4-40gb --mps 30 --precision amp --json
predict-resnet50-kernels|predict zoo:resnet50 --gpu v100-sxm2-32gb --precision fp16 --kernels --json
predict-bert-base-v100|predict zoo:bert-base --gpu v100-pcie-32gb --json
predict-bert-base-a100-fp16-fused|predict zoo:bert-base --gpu a100-pcie-40gb --precision fp16 --runtime fused --seq 128 --batch 8 --json
predict-bert-base-t4-int8|predict zoo:bert-base --gpu t4 --precision int8 --runtime fused --json
predict-gpt2-prefill-a100|predict zoo:gpt2 --gpu a100-sxm4-40gb --precision fp16 --json
predict-gpt2-decode-a100|predict zoo:gpt2 --gpu a100-sxm4-40gb --precision fp16 --phase decode --context 512 --json
predict-llama-2-7b-decode-h100|predict zoo:llama-2-7b --gpu h100-sxm5-80gb --precision fp16 --phase decode --context 4095 --json
predict-llama-2-7b-decode-a100-fused|predict zoo:llama-2-7b --gpu a100-sxm4-80gb --precision fp16 --runtime fused --phase decode --context 1024 --json
predict-llama-2-7b-prefill-h100|predict zoo:llama-2-7b --gpu h100-sxm5-80gb --precision bf16 --seq 512 --json
predict-mobilenet-v2-t4|predict zoo:mobilenet_v2 --gpu t4 --json
predict-mobilenet-v2-t4-fp16-fused|predict zoo:mobilenet_v2 --gpu t4 --precision fp16 --runtime fused --batch 64 --json
predict-mobilenet-v3-a30-mig|predict zoo:mobilenet_v3_large --gpu a30 --mig 1g.6gb --precision fp16 --json
predict-vit-l4-fp16|predict zoo:vit_b_16 --gpu l4 --precision fp16 --json
predict-onnx-resnet18|predict $ONNX/resnet18.onnx --gpu a100-sxm4-40gb --json
predict-onnx-resnet18-fp16-b16|predict $ONNX/resnet18.onnx --gpu t4 --precision fp16 --batch 16 --json
predict-onnx-bert-2l|predict $ONNX/bert_base_2l.onnx --gpu v100-pcie-32gb --seq 128 --json
predict-onnx-gpt2-2l-int8|predict $ONNX/gpt2_2l.onnx --gpu a100-pcie-40gb --precision int8 --runtime fused --json
predict-onnx-vit-static-b3|predict $ONNX/vit_b_16_static_b3.onnx --gpu a100-sxm4-40gb --precision tf32 --batch 3 --json
predict-onnx-efficientnet-mig|predict $ONNX/efficientnet_b0.onnx --gpu a100-sxm4-40gb --mig 2g.10gb --precision fp16 --json
predict-hf-bert|predict $HF/tiny_bert_mlm.json --gpu t4 --json
predict-hf-llama-decode|predict $HF/tiny_llama.json --gpu h100-sxm5-80gb --precision fp16 --phase decode --context 64 --json
predict-hf-mistral|predict $HF/tiny_mistral.json --gpu a100-sxm4-40gb --precision bf16 --json
predict-ts-resnet18|predict $TS/resnet18_traced.pt --gpu a100-sxm4-40gb --precision fp16 --input 1x3x224x224 --json
predict-ts-bert|predict $TS/tiny_bert_scripted.pt --gpu t4 --input 4x64:i64 --json
predict-table-resnet50|predict zoo:resnet50 --gpu a100-sxm4-40gb --precision fp16
predict-error-precision|predict zoo:resnet50 --gpu p100-pcie-16gb --precision int8 --json
predict-error-decode|predict zoo:resnet50 --gpu a100-sxm4-40gb --phase decode --context 16 --json
predict-error-decode-context|predict zoo:gpt2 --gpu a100-sxm4-40gb --phase decode --json
predict-error-static-batch|predict $ONNX/vit_b_16_static_b3.onnx --gpu a100-sxm4-40gb --json
predict-error-gpu|predict zoo:resnet50 --gpu no-such-gpu --json
predict-error-hf|predict $HF/broken_heads.json --gpu t4 --json
validate-json|validate --json
validate-table|validate
gpus-json|gpus --json
gpus-table|gpus
gpus-profiles|gpus --profiles
gpus-a100-mig-json|gpus --gpu a100-sxm4-40gb --mig 1g.5gb --json
mig-resnet50|mig zoo:resnet50 --gpu a100-sxm4-40gb --precision fp16 --json
mig-resnet50-table|mig zoo:resnet50 --gpu a100-sxm4-40gb --precision fp16 --slo-ms 5
mig-bert-h100|mig zoo:bert-base --gpu h100-sxm5-80gb --precision fp16 --runtime fused --slo-ms 2 --json
sweep-csv|sweep zoo:resnet50 --gpus a100-sxm4-40gb,t4 --mig all --batch 1,8 --precision fp32,fp16 --csv
sweep-json-pareto|sweep zoo:bert-base --gpus a100-sxm4-40gb,l4 --batch 1,4 --precision fp16 --runtime eager,fused --pareto --json
sweep-mps-csv|sweep zoo:mobilenet_v2 --gpus h100-sxm5-80gb --mps 25,50 --batch 1,16 --precision fp16 --runtime fused --csv
sweep-count|sweep zoo:resnet50 --gpus a100-sxm4-40gb,t4 --mig all --batch 1,8 --count
zoo-table|zoo
zoo-json|zoo --json
zoo-computed-json|zoo --computed --json
zoo-build-gpt2|zoo gpt2 --phase decode --context 100
inspect-resnet50-json|inspect zoo:resnet50 --json
inspect-onnx-resnet18-json|inspect $ONNX/resnet18.onnx --json
inspect-onnx-bert-summary|inspect $ONNX/bert_base_2l.onnx --seq 64 --summary
inspect-hf-llama-json|inspect $HF/tiny_llama.json --json
inspect-ts-mobilenet-json|inspect $TS/mobilenet_v2_traced.pt --input 2x3x160x160 --json
inspect-error|inspect $ONNX/truncated.onnx --json
EOF
)

# Normalised output: JSON key-sorted and indented; lines about time taken dropped.
normalise() {
    "$PY" -c '
import json, re, sys
text = sys.stdin.read()
try:
    print(json.dumps(json.loads(text), indent=1, sort_keys=True))
except ValueError:
    timing = re.compile(r"(\bin [0-9.]+ ?(ms|s)\b|\btook\b|\belapsed\b|\bseconds?\b.*\bwall\b)", re.I)
    for line in text.splitlines():
        if not timing.search(line):
            print(line)
'
}

# One CLI's run of a case: normalised stdout, then its stderr (timing lines dropped) and exit status.
run_case() {
    local cli=$1 args=$2 dest=$3 rc
    # shellcheck disable=SC2086
    "$cli" $args >"$dest.stdout" 2>"$dest.stderr"
    rc=$?
    {
        normalise <"$dest.stdout"
        echo "--- stderr"
        normalise <"$dest.stderr"
        echo "--- exit $rc"
    } >"$dest"
    rm -f "$dest.stdout" "$dest.stderr"
}

same=0
differ=0
while IFS='|' read -r name args; do
    [[ -z "$name" ]] && continue
    run_case "$OLD" "$args" "$OUT/$name.old"
    run_case "$NEW" "$args" "$OUT/$name.new"
    if diff -u "$OUT/$name.old" "$OUT/$name.new" >"$OUT/$name.diff"; then
        rm -f "$OUT/$name.diff"
        printf 'same     %s\n' "$name"
        same=$((same + 1))
    else
        printf 'DIFFERS  %-40s %s changed lines\n' "$name" "$(grep -c '^[-+][^-+]' "$OUT/$name.diff")"
        differ=$((differ + 1))
    fi
done <<<"$CASES"
echo "$same same, $differ differ; outputs in $OUT"
[[ $differ -eq 0 ]]
