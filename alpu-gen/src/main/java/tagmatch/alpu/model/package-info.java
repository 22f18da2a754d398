/**
 * Transaction-level reference of the ALPU datasheet ({@code docs/alpu-datasheet.md}) and the
 * scoreboard that checks any ALPU's port traffic against rules R1-R9. Neither depends on the
 * generator's code: they are written from the datasheet alone so that they can judge it.
 */
package tagmatch.alpu.model;
