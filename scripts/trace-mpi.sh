#!/usr/bin/env bash
# Traces any MPI program with the DUMPI text tracer (tracer/) under Open MPI's mpirun.
#
#   scripts/trace-mpi.sh [-n RANKS] [-o OUTDIR] [-p PREFIX] [-z] [-C WORKDIR] -- program [args...]
#
#   -n RANKS   number of MPI processes (default 4); oversubscribed, so 16 ranks run on 2 cores
#   -o OUTDIR  where the per-rank files PREFIX-RRRR.txt go (default: traces/<program name>)
#   -p PREFIX  file name prefix (default: dumpi)
#   -z         gzip the trace files afterwards (the analyzer reads .txt.gz)
#   -C WORKDIR run the program in WORKDIR (e.g. where its input files are)
#
# The tracer is built on first use (tracer/target/libdumpi_tracer.so; DUMPI_TRACER_LIB names another
# build). Set DUMPI_TRACE_SKIP_IDLE=1 to leave out MPI_Test*/MPI_Iprobe calls that found nothing.
# The program's own output goes to OUTDIR/program.log.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ranks=4 outdir= prefix=dumpi gz=0 workdir=
while getopts "n:o:p:zC:" opt; do
  case $opt in
    n) ranks=$OPTARG ;;
    o) outdir=$OPTARG ;;
    p) prefix=$OPTARG ;;
    z) gz=1 ;;
    C) workdir=$OPTARG ;;
    *) sed -n '2,14p' "${BASH_SOURCE[0]}" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ ${1:-} == -- ]] && shift
if [[ $# -eq 0 ]]; then
  echo "trace-mpi.sh: no program given; usage:" >&2; sed -n '4,12p' "${BASH_SOURCE[0]}" >&2; exit 2
fi
if ! [[ $ranks =~ ^[0-9]+$ ]] || (( ranks < 1 || ranks > 256 )); then
  echo "trace-mpi.sh: -n must be a rank count from 1 to 256, got '$ranks'" >&2; exit 2
fi
command -v mpirun >/dev/null || { echo "trace-mpi.sh: mpirun not found; run scripts/toolchain.sh (Debian: openmpi-bin libopenmpi-dev)" >&2; exit 1; }
outdir=${outdir:-traces/$(basename "$1")}
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)

# DUMPI_TRACER_LIB: a tracer built elsewhere (the tests build their own); else build it here.
lib=${DUMPI_TRACER_LIB:-$ROOT/tracer/target/libdumpi_tracer.so}
if [[ -z ${DUMPI_TRACER_LIB:-} ]]; then   # make rebuilds it when a source changed
  mkdir -p "$ROOT/tracer/target"   # the lock lives beside what it guards, never in /tmp
  if command -v flock >/dev/null; then flock "$ROOT/tracer/target/.make.lock" make -s -C "$ROOT/tracer" >&2
  else make -s -C "$ROOT/tracer" >&2; fi
fi
[[ -f $lib ]] || { echo "trace-mpi.sh: tracer library $lib not found" >&2; exit 1; }

rm -f "$outdir/$prefix"-[0-9][0-9][0-9][0-9].txt "$outdir/$prefix"-[0-9][0-9][0-9][0-9].txt.gz
root_flag=()
[[ $(id -u) -eq 0 ]] && root_flag=(--allow-run-as-root)
(
  [[ -n $workdir ]] && cd "$workdir"
  mpirun --oversubscribe "${root_flag[@]}" -np "$ranks" \
    -x LD_PRELOAD="$lib" -x DUMPI_TRACE_DIR="$outdir" -x DUMPI_TRACE_PREFIX="$prefix" \
    "$@"
) > "$outdir/program.log" 2>&1 || { echo "trace-mpi.sh: the traced program failed; see $outdir/program.log" >&2; tail -20 "$outdir/program.log" >&2; exit 1; }

n=$( (ls "$outdir/$prefix"-[0-9][0-9][0-9][0-9].txt 2>/dev/null || true) | wc -l)
if (( n != ranks )); then
  echo "trace-mpi.sh: expected $ranks trace files in $outdir, found $n (does the program call MPI_Init and MPI_Finalize?)" >&2; exit 1
fi
(( gz )) && gzip -9nf "$outdir/$prefix"-[0-9][0-9][0-9][0-9].txt
echo "trace-mpi.sh: $ranks ranks traced into $outdir" >&2
