/**
 * The DPA optimistic tag matching firmware generator (seed 000, sections III and IV): an
 * {@link tagmatch.otm.OtmConfig} is rendered through StringTemplate templates into portable C
 * that follows the contract {@code docs/otm-contract.md}, plus a host HAL, the DPA handler skeleton,
 * a workload driver and a Makefile.
 */
package tagmatch.otm;
