#!/usr/bin/env bash
# Regenerates the committed example traces in data/traces/ from Debian's MPI programs:
#   lammps-melt  LAMMPS' bundled 3-d Lennard-Jones melt (examples/melt/in.melt, 100 steps), 8 ranks
#   lammps-melt-n64 the same melt at 64 ranks (4x4x4 processor grid), 100 steps
#   lammps-crack LAMMPS' bundled 2-d crack propagation (examples/crack/in.crack, 100 steps), 16 ranks
#   lammps-melt-108k the melt in a 30x30x30 box (108,000 atoms), 40 steps, 8 ranks: halo messages of
#                32-66 KB, rendezvous size (seed 003 §6.4); the input is written here, not taken from the examples
#   hpcc         the HPC Challenge suite (N=400, NB=40, 2x2 grid), 4 ranks, idle MPI_Test* not written
#   nwchem       NWChem's water DFT example (h2o-noscf.nw: aug-cc-pVDZ, HF exchange then B3LYP), 8 ranks
#   cp2k         CP2K (Fortran) Quickstep energy of one water molecule (GTH-PADE, DZVP, 200 Ry), 8 ranks
#   qe           Quantum ESPRESSO pw.x (Fortran) SCF of bulk silicon (16 Ry, 4x4x4 k-points, 2 pools), 8 ranks
#   abinit       ABINIT (Fortran) SCF of bulk silicon (8 Ha, 4x4x4 k-points x 4 shifts), 8 ranks
#   meep         Meep (C++) 2-d dielectric waveguide, continuous source, 200 time steps, 12 ranks
# Usage: trace-examples.sh [OUTDIR [TRACE...]] (default: data/traces, every trace above).
# Needs: openmpi-bin libopenmpi-dev lammps lammps-examples hpcc nwchem cp2k quantum-espresso abinit
# meep-openmpi (scripts/toolchain.sh installs the first two; the applications only produce data and are
# not part of the test toolchain). qe takes its pseudopotential from abinit's package (abinit-data).
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
if wanted lammps-melt-n64; then
  sed 's/^run\s\+250/run 100/' "$ex/melt/in.melt" > "$work/in.melt"
  "$ROOT/scripts/trace-mpi.sh" -z -n 64 -o "$OUT/lammps-melt-n64" -C "$work" -- lmp -in in.melt -log none
fi
if wanted lammps-melt-108k; then
  # in.melt's settings (density, cut-off, skin, rebuild every 20 steps) in a box 27 times as large, so that
  # a 2x2x2 grid's halo swaps carry 1,300-2,700 atoms (24 bytes each forward, the same back): above 16 KiB
  cat > "$work/in.melt-108k" <<'END'
units           lj
atom_style      atomic
lattice         fcc 0.8442
region          box block 0 30 0 30 0 30
create_box      1 box
create_atoms    1 box
mass            1 1.0
velocity        all create 3.0 87287 loop geom
pair_style      lj/cut 2.5
pair_coeff      1 1 1.0 1.0 2.5
neighbor        0.3 bin
neigh_modify    every 20 delay 0 check no
fix             1 all nve
thermo          50
run             40
END
  "$ROOT/scripts/trace-mpi.sh" -z -n 8 -o "$OUT/lammps-melt-108k" -C "$work" -- lmp -in in.melt-108k -log none
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
if wanted cp2k; then
  mkdir -p "$work/cp2k"
  cat > "$work/cp2k/h2o.inp" <<'END'
&GLOBAL
  PROJECT h2o
  RUN_TYPE ENERGY
  PRINT_LEVEL LOW
&END GLOBAL
&FORCE_EVAL
  METHOD Quickstep
  &DFT
    BASIS_SET_FILE_NAME BASIS_SET
    POTENTIAL_FILE_NAME GTH_POTENTIALS
    &MGRID
      CUTOFF 200
    &END MGRID
    &SCF
      SCF_GUESS ATOMIC
      EPS_SCF 1.0E-5
      MAX_SCF 20
    &END SCF
    &XC
      &XC_FUNCTIONAL PADE
      &END XC_FUNCTIONAL
    &END XC
  &END DFT
  &SUBSYS
    &CELL
      ABC 6.0 6.0 6.0
    &END CELL
    &COORD
      O   0.000000    0.000000   -0.065587
      H   0.000000   -0.757136    0.520545
      H   0.000000    0.757136    0.520545
    &END COORD
    &KIND H
      BASIS_SET DZV-GTH-PADE
      POTENTIAL GTH-PADE-q1
    &END KIND
    &KIND O
      BASIS_SET DZVP-GTH-PADE
      POTENTIAL GTH-PADE-q6
    &END KIND
  &END SUBSYS
&END FORCE_EVAL
END
  OMP_NUM_THREADS=1 DUMPI_TRACE_SKIP_IDLE=1 "$ROOT/scripts/trace-mpi.sh" -z -n 8 -o "$OUT/cp2k" -C "$work/cp2k" -- cp2k.psmp -i h2o.inp
fi
if wanted qe; then
  mkdir -p "$work/qe"
  cat > "$work/qe/si.scf.in" <<'END'
&control
  calculation = 'scf'
  pseudo_dir = '/usr/share/abinit/psp'
  outdir = './out'
/
&system
  ibrav = 2, celldm(1) = 10.26, nat = 2, ntyp = 1, ecutwfc = 16.0
/
&electrons
  conv_thr = 1.0d-8
/
ATOMIC_SPECIES
Si 28.086 14-Si.nlcc.UPF
ATOMIC_POSITIONS alat
Si 0.00 0.00 0.00
Si 0.25 0.25 0.25
K_POINTS automatic
4 4 4 1 1 1
END
  OMP_NUM_THREADS=1 DUMPI_TRACE_SKIP_IDLE=1 "$ROOT/scripts/trace-mpi.sh" -z -n 8 -o "$OUT/qe" -C "$work/qe" -- pw.x -nk 2 -in si.scf.in
fi
if wanted abinit; then
  mkdir -p "$work/abinit"
  cat > "$work/abinit/si.abi" <<'END'
# Bulk silicon, LDA, 2 atoms, 10 SCF steps at most
acell 3*10.26
rprim 0.0 0.5 0.5  0.5 0.0 0.5  0.5 0.5 0.0
ntypat 1
znucl 14
natom 2
typat 1 1
xred 0.0 0.0 0.0  0.25 0.25 0.25
ecut 8.0
kptopt 1
ngkpt 4 4 4
nshiftk 4
shiftk 0.5 0.5 0.5  0.5 0.0 0.0  0.0 0.5 0.0  0.0 0.0 0.5
nstep 10
toldfe 1.0d-6
diemac 12.0
pp_dirpath "/usr/share/abinit/psp"
pseudos "14si.pspnc"
END
  OMP_NUM_THREADS=1 DUMPI_TRACE_SKIP_IDLE=1 "$ROOT/scripts/trace-mpi.sh" -z -n 8 -o "$OUT/abinit" -C "$work/abinit" -- abinit si.abi
fi
if wanted meep; then
  mkdir -p "$work/meep"
  cat > "$work/meep/waveguide.ctl" <<'END'
(set! geometry-lattice (make lattice (size 16 8 no-size)))
(set! geometry (list (make block (center 0 0) (size infinity 1 infinity)
                           (material (make dielectric (epsilon 12))))))
(set! sources (list (make source (src (make continuous-src (frequency 0.15)))
                          (component Ez) (center -7 0))))
(set! pml-layers (list (make pml (thickness 1.0))))
(set! resolution 10)
(run-until 10)
END
  DUMPI_TRACE_SKIP_IDLE=1 "$ROOT/scripts/trace-mpi.sh" -z -n 12 -o "$OUT/meep" -C "$work/meep" -- meep waveguide.ctl
fi
du -sh "$OUT"/*
