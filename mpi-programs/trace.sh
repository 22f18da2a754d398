#!/usr/bin/env bash
# Builds the purpose-written MPI programs (mpicc -Wall -Wextra -Werror) and traces each of them
# under Open MPI with the project's tracer at several rank counts, into
# data/traces/mpi-PROGRAM-nRANKS/ (gzipped), the traces `tagmatch trace verify` checks.
#
#   mpi-programs/trace.sh [PROGRAM...]     (default: all of them)
#
# Idle MPI_Test*/MPI_Iprobe calls are left out (DUMPI_TRACE_SKIP_IDLE=1): the polling loops
# would otherwise write thousands of records that found nothing.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
declare -A RANKS=([wildcard]="2 4 8" [many_to_one]="3 8 16" [out_of_order]="2 5" [cancel_probe]="2 4" [communicators]="4 7"
                  [bw]="2" [bw_overlap]="2" [stencil3d]="8")
programs=("$@")
(( ${#programs[@]} )) || programs=(wildcard many_to_one out_of_order cancel_probe communicators bw bw_overlap stencil3d)
command -v mpicc >/dev/null || { echo "trace.sh: mpicc not found; run scripts/toolchain.sh (Debian: libopenmpi-dev)" >&2; exit 1; }
mkdir -p "$HERE/target"
export DUMPI_TRACE_SKIP_IDLE=1
for p in "${programs[@]}"; do
  [[ -n ${RANKS[$p]:-} ]] || { echo "trace.sh: unknown program '$p'; known: ${!RANKS[*]}" >&2; exit 2; }
  mpicc -O1 -Wall -Wextra -Werror -o "$HERE/target/$p" "$HERE/$p.c" -lm
  for n in ${RANKS[$p]}; do
    out="$ROOT/data/traces/mpi-${p//_/-}-n$n"
    "$ROOT/scripts/trace-mpi.sh" -n "$n" -z -o "$out" -- "$HERE/target/$p"
  done
done
