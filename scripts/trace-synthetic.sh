#!/usr/bin/env bash
# Builds a large synthetic DUMPI trace for parse-throughput measurements: the records of each
# rank of a committed trace (default data/traces/hpcc) repeated COPIES times between its header
# and footer, uncompressed. Real record mix, any size:
#   scripts/trace-synthetic.sh /tmp/big 50      # 4 ranks x ~270 MB
#   ./tagmatch trace parse /tmp/big
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=${1:?usage: trace-synthetic.sh OUTDIR COPIES [SOURCE_TRACE_DIR]}
copies=${2:?usage: trace-synthetic.sh OUTDIR COPIES [SOURCE_TRACE_DIR]}
src=${3:-$ROOT/data/traces/hpcc}
[[ $copies =~ ^[1-9][0-9]*$ ]] || { echo "trace-synthetic.sh: COPIES must be a positive integer, got '$copies'" >&2; exit 2; }
mkdir -p "$out"
for f in "$src"/*-[0-9][0-9][0-9][0-9].txt*; do
  name=$(basename "$f" .gz)
  tmp=$(mktemp)
  if [[ $f == *.gz ]]; then gzip -dc "$f" > "$tmp"; else cp "$f" "$tmp"; fi
  first=$(grep -n -m1 ' entering at walltime ' "$tmp" | cut -d: -f1)
  last=$(grep -n ' returning at walltime ' "$tmp" | tail -1 | cut -d: -f1)
  {
    head -n $((first - 1)) "$tmp"
    for ((i = 0; i < copies; i++)); do sed -n "${first},${last}p" "$tmp"; done
    tail -n +$((last + 1)) "$tmp"
  } > "$out/$name"
  rm -f "$tmp"
done
du -sh "$out"
