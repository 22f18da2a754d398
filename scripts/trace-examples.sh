#!/usr/bin/env bash
# Regenerates the committed example traces in data/traces/ from Debian's MPI programs:
#   lammps-melt  LAMMPS' bundled 3-d Lennard-Jones melt (examples/melt/in.melt, 100 steps), 8 ranks
#   lammps-crack LAMMPS' bundled 2-d crack propagation (examples/crack/in.crack, 100 steps), 16 ranks
#   hpcc         the HPC Challenge suite (N=400, NB=40, 2x2 grid), 4 ranks, idle MPI_Test* not written
#   nwchem       NWChem's water DFT example (h2o-noscf.nw: aug-cc-pVDZ, HF exchange then B3LYP), 8 ranks
# Usage: trace-examples.sh [OUTDIR [TRACE...]] (default: data/traces, every trace above).
# Needs: openmpi-bin libopenmpi-dev lammps lammps-examples hpcc nwchem (scripts/toolchain.sh installs the
# first two; the applications only produce data and are not part of the test toolchain).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT=${1:-$ROOT/data/traces}
shift || true
want=("$@")
wanted() { [[ ${#want[@]} -eq 0 || " ${want[*]} " == *" $1 "* ]]; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ex=/usr/share/lammps/examples

if wanted lammps-melt; then
  sed 's/^run\s\+250/run 100/' "$ex/melt/in.melt" > "$work/in.melt"
  "$ROOT/scripts/trace-mpi.sh" -z -n 8 -o "$OUT/lammps-melt" -C "$work" -- lmp -in in.melt -log none
fi
if wanted lammps-crack; then
  sed 's/^run\s\+5000/run 100/' "$ex/crack/in.crack" > "$work/in.crack"
  "$ROOT/scripts/trace-mpi.sh" -z -n 16 -o "$OUT/lammps-crack" -C "$work" -- lmp -in in.crack -log none
fi
if wanted hpcc; then
  sed -e 's/^1000 \+Ns/400          Ns/' -e 's/^80 \+NBs/40           NBs/' /usr/share/doc/hpcc/examples/_hpccinf.txt > "$work/hpccinf.txt"
  DUMPI_TRACE_SKIP_IDLE=1 "$ROOT/scripts/trace-mpi.sh" -z -n 4 -o "$OUT/hpcc" -C "$work" -- hpcc
fi
if wanted nwchem; then
  mkdir -p "$work/nwchem"
  cp /usr/share/doc/nwchem/examples/h2o-noscf.nw "$work/nwchem/h2o.nw"
  "$ROOT/scripts/trace-mpi.sh" -z -n 8 -o "$OUT/nwchem" -C "$work/nwchem" -- nwchem h2o.nw
fi
du -sh "$OUT"/*
