package tagmatch.dpa.nic;

import java.util.ArrayList;
import java.util.List;

/**
 * A NIC script (docs/dpa.md, "The NIC and host block"): records the block runs in order, each a
 * header word {@code arg << 32 | n << 8 | op} and {@code n} words after it. {@link #words()}
 * ends it with {@code END}.
 *
 * <pre>{@code
 * NicScript s = new NicScript()
 *     .host(desc, OtmQueues.recvDesc(buf, 64, 2)).command(OtmQueues.post(0, 1, 7, 0, buf, 64, 2), OtmQueues.CMD_BYTES)
 *     .gap(200).message(OtmQueues.wireMessage(1, 1, 7, OtmQueues.PROTO_EAGER, 3, 0, 0, bytes), 43)
 *     .waitTaken(2).command(OtmQueues.stop(2), OtmQueues.CMD_BYTES);
 * }</pre>
 */
public final class NicScript {
    private final List<Long> words = new ArrayList<>();
    private int messages, commands;

    /** A message: {@code buffer} (an otm_wire_msg) into the next receive buffer, completion with {@code byteCnt}. */
    public NicScript message(long[] buffer, int byteCnt) {
        record(NicMap.OP_MSG, buffer.length, byteCnt);
        for (long w : buffer) words.add(w);
        messages++;
        return this;
    }

    /** A host command: {@code entry} (an otm_cmd_entry) into the next command ring entry, completion with {@code byteCnt}. */
    public NicScript command(long[] entry, int byteCnt) {
        record(NicMap.OP_CMD, entry.length, byteCnt);
        for (long w : entry) words.add(w);
        commands++;
        return this;
    }

    /** Writes {@code data} to host memory at {@code addr} (8-byte aligned), in script order. */
    public NicScript host(long addr, long[] data) {
        if ((addr & 7) != 0) throw new IllegalArgumentException("a HOST record's address must be 8-byte aligned, got 0x" + Long.toHexString(addr));
        record(NicMap.OP_HOST, data.length, 0);
        words.add(addr);
        for (long w : data) words.add(w);
        return this;
    }

    /** From here on, message k + 1 is due {@code cycles} after message k was due; 0: as fast as the ring allows. */
    public NicScript gap(long cycles) {
        record(NicMap.OP_GAP, 0, cycles);
        return this;
    }

    /** Waits until {@code entries} to-host entries have been taken in all. */
    public NicScript waitTaken(long entries) {
        record(NicMap.OP_WAIT, 0, entries);
        return this;
    }

    /** The next message is due no earlier than {@code cycles} from when the block reaches this record; commands after it are not held. */
    public NicScript delay(long cycles) {
        record(NicMap.OP_DELAY, 0, cycles);
        return this;
    }

    public int messages() { return messages; }

    public int commands() { return commands; }

    /** The script's words, ended by {@code END}. */
    public long[] words() {
        long[] w = new long[words.size() + 1];
        for (int i = 0; i < words.size(); i++) w[i] = words.get(i);
        w[words.size()] = header(NicMap.OP_END, 0, 0);
        return w;
    }

    /** A record's header word. */
    public static long header(int op, int n, long arg) {
        return arg << 32 | (long) n << 8 | op;
    }

    private void record(int op, int n, long arg) {
        if (n > NicMap.MAX_RECORD_WORDS)
            throw new IllegalArgumentException("a script record carries at most " + NicMap.MAX_RECORD_WORDS + " words, got " + n);
        if (arg < 0 || arg > 0xFFFF_FFFFL) throw new IllegalArgumentException("a script record's argument must be 0..2^32-1, got " + arg);
        words.add(header(op, n, arg));
    }
}
