#!/usr/bin/env bash
# Makes sure the external tools tagmatch drives are installed (Debian packages).
# As root it installs what is missing with apt-get; otherwise it prints the exact
# command and fails, so that no test ever runs without its tool.
set -euo pipefail

# package -> a binary (or file) that proves it is installed
declare -A PROBE=(
  [verilator]=verilator
  [yosys]=yosys
  [iverilog]=iverilog
  [gcc-riscv64-linux-gnu]=riscv64-linux-gnu-gcc
  [gcc-riscv64-unknown-elf]=riscv64-unknown-elf-gcc
  [picolibc-riscv64-unknown-elf]=/usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs
  [qemu-user]=qemu-riscv64
  [g++]=g++
  [make]=make
  [valgrind]=valgrind
  [maven]=mvn
  [openmpi-bin]=mpirun
  [libopenmpi-dev]=mpicc
)
ORDER=(verilator yosys iverilog gcc-riscv64-linux-gnu gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-user g++ make valgrind maven openmpi-bin libopenmpi-dev)

missing=()
for pkg in "${ORDER[@]}"; do
  probe=${PROBE[$pkg]}
  if [[ $probe == /* ]]; then [[ -e $probe ]] || missing+=("$pkg")
  else command -v "$probe" >/dev/null 2>&1 || missing+=("$pkg"); fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
  echo "tagmatch: missing tools: ${missing[*]}" >&2
  echo "tagmatch: install them as root with:" >&2
  echo "  sudo sh -c '$cmd'" >&2
  exit 1
fi
echo "tagmatch: installing ${missing[*]}" >&2
sh -c "$cmd" >&2
