#!/usr/bin/env bash
# Makes sure the external tools tagmatch drives can do what the tests ask of them.
#
# It decides by capability, not by the presence of a binary: each check compiles and runs a
# tiny program with the tool (a riscv64 gcc without its C library headers is a binary that
# cannot build a test). When any check fails, the complete package set is installed with
# apt-get (as root; otherwise the exact command is printed and the script fails), and the
# checks run again: a check still failing then is an error naming it.
#
#   scripts/toolchain.sh            check, install what is missing, check again
#   scripts/toolchain.sh --check    check only; exit 1 naming every failed capability
set -euo pipefail

# Every Debian package a test, the demo or a command drives. Installed together: the set is
# the unit, so a package that only a dependency pulled in on one machine is never relied on.
PACKAGES=(
  g++ make valgrind maven python3 time
  verilator yosys iverilog nextpnr-ice40 fpga-icestorm z3 cvc5
  gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
  gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
  qemu-user
  openmpi-bin libopenmpi-dev
  slurmctld slurmd slurm-client munge
)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tagmatch-toolchain.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# Each capability: a name and a function that returns 0 when the tool does the job.
cap_host_gcc() {
  printf '#include <stdio.h>\nint main(void){puts("ok");return 0;}\n' >"$WORK/h.c"
  gcc -Wall -Wextra -Werror -O2 -o "$WORK/h" "$WORK/h.c" && [[ $("$WORK/h") == ok ]]
}
cap_host_gxx() {
  printf '#include <vector>\nint main(){std::vector<int> v(3);return (int)v.size()-3;}\n' >"$WORK/x.cpp"
  g++ -O2 -o "$WORK/x" "$WORK/x.cpp" && "$WORK/x"
}
cap_riscv_linux() {
  printf '#include <stdio.h>\n#include <pthread.h>\nint main(void){puts("ok");return 0;}\n' >"$WORK/r.c"
  riscv64-linux-gnu-gcc -static -O2 -Wall -Wextra -Werror -pthread -o "$WORK/r" "$WORK/r.c" &&
    [[ $(qemu-riscv64 "$WORK/r") == ok ]]
}
cap_riscv_elf() {
  printf 'int f(int x){return x*3;}\nint main(void){return f(0);}\n' >"$WORK/e.c"
  riscv64-unknown-elf-gcc --specs=picolibc.specs -march=rv64imac -mabi=lp64 -O2 -Wall -Wextra -Werror \
    -ffreestanding -c -o "$WORK/e.o" "$WORK/e.c"
}
cap_verilator() {
  mkdir -p "$WORK/v"
  cat >"$WORK/v/t.v" <<'EOF'
module t(input wire clk, input wire [7:0] a, output reg [7:0] q);
  always @(posedge clk) q <= a + 8'd1;
endmodule
EOF
  cat >"$WORK/v/main.cpp" <<'EOF'
#include "Vt.h"
int main() { Vt m; m.a = 41; m.clk = 0; m.eval(); m.clk = 1; m.eval(); return m.q == 42 ? 0 : 1; }
EOF
  (cd "$WORK/v" && verilator -Wall --cc t.v --exe main.cpp --build -j 2 -Mdir obj >/dev/null && ./obj/Vt)
}
cap_yosys() {
  printf 'module y(input wire [3:0] a, output wire [3:0] b); assign b = a + 4%sd1; endmodule\n' "'" >"$WORK/y.v"
  yosys -q -p "read_verilog $WORK/y.v; synth -top y" >/dev/null
}
cap_pnr() {
  # Place and route a registered inverter on the iCE40 HX8K that `tagmatch synth --pnr` targets.
  printf 'module p(input wire clk, input wire a, output reg q); always @(posedge clk) q <= ~a; endmodule\n' >"$WORK/p.v"
  yosys -q -p "read_verilog $WORK/p.v; synth_ice40 -top p -json $WORK/p.json" >/dev/null &&
    nextpnr-ice40 --hx8k --package ct256 --json "$WORK/p.json" --asc "$WORK/p.asc" -q >/dev/null 2>&1 &&
    icepack "$WORK/p.asc" "$WORK/p.bin" && [[ -s $WORK/p.bin ]]
}
cap_iverilog() {
  printf 'module i; initial $display("ok"); endmodule\n' >"$WORK/i.v"
  iverilog -g2005 -o "$WORK/i.vvp" "$WORK/i.v" && [[ $(vvp -n "$WORK/i.vvp") == ok ]]
}
# tagmatch prove: yosys reads a property with -formal, yosys-smtbmc (python3) proves it with each solver.
cap_formal() {
  printf '%s\n' 'module f(input wire clk, input wire [3:0] a, output reg [3:0] q);' \
    '  initial q = 4'"'"'d0;' \
    '  always @(posedge clk) q <= (a < 4'"'"'d8) ? a : 4'"'"'d7;' \
    '  always @(*) assert (q < 4'"'"'d8);' 'endmodule' >"$WORK/f.v"
  yosys -q -p "read_verilog -formal $WORK/f.v; prep -top f; write_smt2 -wires $WORK/f.smt2" &&
    for s in cvc5 z3; do yosys-smtbmc -s "$s" -i -t 3 "$WORK/f.smt2" | grep -q 'Status: PASSED' || return 1; done &&
    # the pdr method (ALPU targets): an AIGER netlist proven by ABC's pdr
    yosys -q -p "read_verilog -formal $WORK/f.v; prep -top f; async2sync; setundef -undriven -anyseq; techmap; dffunmap; simplemap; aigmap; delete -output; opt_clean; write_aiger -I -B -zinit -map $WORK/f.aim $WORK/f.aig" &&
    yosys-abc -c "read_aiger $WORK/f.aig; fold; strash; pdr" | grep -q 'Property proved'
}
cap_valgrind() { valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.out" true >/dev/null 2>&1; }
cap_mpi() {
  printf '#include <mpi.h>\nint main(int c,char**v){MPI_Init(&c,&v);MPI_Finalize();return 0;}\n' >"$WORK/m.c"
  mpicc -o "$WORK/m" "$WORK/m.c" && command -v mpirun >/dev/null
}
cap_maven() { command -v mvn >/dev/null; }
# bench hdl reads a whole process's peak memory from GNU time (the shell's time keyword cannot).
cap_time() { [[ $(command time -f '%M' -o "$WORK/t" true && cat "$WORK/t") =~ ^[0-9]+$ ]]; }
# tagmatch sweep --slurm and its test (scripts/slurm-local.sh starts the daemons): the client
# commands the sweep drives, slurmd able to describe this node, and a munge key to sign with.
cap_slurm() {
  for b in slurmctld sbatch squeue sacct scontrol sinfo munged; do command -v "$b" >/dev/null || return 1; done
  slurmd -C | grep -q '^NodeName=' && [[ -s /etc/munge/munge.key ]]
}
CAPS=(host_gcc host_gxx riscv_linux riscv_elf verilator yosys pnr iverilog formal valgrind mpi maven time slurm)

check_all() {
  failed=()
  for c in "${CAPS[@]}"; do
    if ! "cap_$c" >"$WORK/$c.log" 2>&1; then failed+=("$c"); fi
  done
}

# A passed check is remembered for exactly this script, these installed package versions and
# this PATH: any change (a package removed or upgraded, a different compiler first on PATH)
# runs the checks again.
STAMP_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/tagmatch"
stamp_key() {
  { cat "${BASH_SOURCE[0]}"; echo "$PATH"
    dpkg-query -W -f='${Package} ${Version} ${Status}\n' "${PACKAGES[@]}" 2>&1
    for t in gcc g++ riscv64-linux-gnu-gcc riscv64-unknown-elf-gcc qemu-riscv64 verilator yosys iverilog valgrind mpicc mvn; do
      command -v "$t" || echo "no $t"; done
  } | sha256sum | cut -c1-32
}
KEY=$(stamp_key)
[[ ${1:-} != --check && -f "$STAMP_DIR/toolchain-$KEY" ]] && exit 0

check_all
if [[ ${#failed[@]} -eq 0 ]]; then
  mkdir -p "$STAMP_DIR" && touch "$STAMP_DIR/toolchain-$(stamp_key)"
  exit 0
fi
if [[ ${1:-} == --check ]]; then
  echo "tagmatch: toolchain cannot: ${failed[*]}" >&2
  exit 1
fi

cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${PACKAGES[*]}"
if [[ $(id -u) -ne 0 ]]; then
  echo "tagmatch: the toolchain cannot: ${failed[*]}" >&2
  echo "tagmatch: install the packages as root with:" >&2
  echo "  sudo sh -c '$cmd'" >&2
  exit 1
fi
echo "tagmatch: toolchain checks failed (${failed[*]}); installing ${PACKAGES[*]}" >&2
sh -c "$cmd" >&2

check_all
if [[ ${#failed[@]} -ne 0 ]]; then
  for c in "${failed[@]}"; do
    echo "tagmatch: toolchain check '$c' still fails after installing; its output:" >&2
    sed 's/^/  /' "$WORK/$c.log" >&2
  done
  exit 1
fi
mkdir -p "$STAMP_DIR" && touch "$STAMP_DIR/toolchain-$(stamp_key)"
echo "tagmatch: toolchain ready" >&2
