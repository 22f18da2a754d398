/**
 * The cluster's ISA checked against a second opinion: a seeded random RV64IMAC instruction
 * stream ({@link tagmatch.dpa.isa.RandomStream}), built bare metal ({@link tagmatch.dpa.isa.BareMetalGcc}),
 * run on one hart and under qemu-riscv64 ({@link tagmatch.dpa.isa.QemuStates}) and compared
 * retirement by retirement ({@link tagmatch.dpa.isa.Lockstep}).
 */
package tagmatch.dpa.isa;
