/**
 * The firmware's cost in instructions: {@link tagmatch.bench.firmware.FirmwareBenchmark} counts a
 * matched message on x86-64 (valgrind callgrind) and on rv64, the DPA's instruction set
 * ({@link tagmatch.bench.firmware.Rv64InstructionCount}, qemu-riscv64), against a C linked list.
 */
package tagmatch.bench.firmware;
