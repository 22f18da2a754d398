package tagmatch.dpa.nic;

/**
 * A work request or doorbell the NIC refused ({@code nic.h}'s {@code NIC_WQE_ERROR}): the run
 * stops there, and this says in one line which thread's queue, which WQE and which field.
 */
public final class WqeRefusal extends IllegalStateException {
    private final int reason, qpn, index;

    /** The refusal that {@code NIC_WQE_ERROR} holds (not 0). */
    public WqeRefusal(long error) {
        super(describe(error));
        reason = (int) (error >>> 56);
        qpn = (int) (error >>> 32) & 0xFF_FFFF;
        index = (int) error & 0xFFFF;
    }

    public int reason() { return reason; }

    /** The send queue: the handler's thread. */
    public int qpn() { return qpn; }

    /** The WQE's index in its queue (for a doorbell, the producer index it stored). */
    public int index() { return index; }

    private static String describe(long error) {
        int reason = (int) (error >>> 56), qpn = (int) (error >>> 32) & 0xFF_FFFF, index = (int) error & 0xFFFF;
        String what = switch (reason) {
            case NicMap.ERR_OPCODE -> "WQE " + index + ": the opcode is neither RDMA write (0x08) nor RDMA read (0x10)";
            case NicMap.ERR_LENGTH -> "WQE " + index + ": an address, or its byte count, runs past its memory (the local one DPA or host memory, the remote one host memory)";
            case NicMap.ERR_KEY -> "WQE " + index + ": a memory key is 0, which names no registered region";
            case NicMap.ERR_ALIGN -> "WQE " + index + ": an address is not 8-byte aligned";
            case NicMap.ERR_DOORBELL -> "doorbell with producer index " + index + ": past the queues served (NIC_SQ_COUNT) or more WQEs than the queue holds";
            default -> "refusal " + reason + " at " + index + " (not one nic.h names)";
        };
        return "the NIC refused thread " + qpn + "'s send queue, " + what;
    }
}
