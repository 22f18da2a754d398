/**
 * The ALPU of seed 001 (associative list processing unit): its generation-time configuration
 * ({@link tagmatch.alpu.AlpuConfig}), the transaction-level model and scoreboard of the datasheet
 * ({@code tagmatch.alpu.model}), the NIC driver of seed 001 sections IV-V ({@code tagmatch.alpu.nic})
 * and the RTL generator ({@code tagmatch.alpu.rtl}).
 */
package tagmatch.alpu;
