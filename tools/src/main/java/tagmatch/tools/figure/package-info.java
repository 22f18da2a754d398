/**
 * {@code tagmatch figure}: seed 001's latency figures (5, posted receives; 6, unexpected
 * messages) from the NIC driver's entry counts over the ALPU and a latency model whose
 * parameters default to the seed's.
 */
package tagmatch.tools.figure;
