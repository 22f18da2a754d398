/**
 * The cluster's conformance to RV64IMAC, checked against a second opinion: a seeded random
 * instruction stream ({@link tagmatch.dpa.conformance.RandomStream}), built bare metal
 * ({@link tagmatch.dpa.conformance.BareMetalGcc}), run on one hart and under qemu-riscv64
 * ({@link tagmatch.dpa.conformance.QemuStates}) and compared retirement by retirement
 * ({@link tagmatch.dpa.conformance.Lockstep}).
 */
package tagmatch.dpa.conformance;
