/**
 * Co-simulation of the generated DPA firmware against the Java reference: builds with gcc
 * (or the RISC-V compilers), binds the shared library through JNA direct mapping, runs each
 * block's messages on N concurrent threads, and runs the generated driver and handler
 * programs (natively, sanitized or under qemu-riscv64) on workload files.
 */
package tagmatch.testbench.firmware;
