package tagmatch.bench.sim;

import static tagmatch.hdl.core.Hdl.*;

import java.util.Random;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.lib.PriorityTree;
import tagmatch.hdl.lib.SyncFifo;
import tagmatch.sim.SimDesign;
import tagmatch.sim.SimPort;

/** The benchmark design: match vectors queue in a FIFO; a priority tree picks each one's first set bit and its tag. */
final class TreeBehindFifo extends Module {
    /** The inputs every stimulus row drives, in row order; the outputs every cycle captures. */
    static final String[] DRIVE = {"in_valid", "in_match", "load_en", "load_idx", "load_tag", "out_ready"};
    static final String[] CAPTURE = {"in_ready", "out_valid", "out_index", "out_tag"};

    TreeBehindFifo(int n, int tagWidth, int depth) {
        param("inputs", n);
        param("tag_width", tagWidth);
        param("depth", depth);
        int iw = 32 - Integer.numberOfLeadingZeros(n - 1);
        Bool inValid = input("in_valid", Bool());
        Bool inReady = output("in_ready", Bool());
        UInt inMatch = input("in_match", UInt(n));
        Bool loadEn = input("load_en", Bool());
        UInt loadIdx = input("load_idx", UInt(iw));
        UInt loadTag = input("load_tag", UInt(tagWidth));
        Bool outReady = input("out_ready", Bool());
        Bool outValid = output("out_valid", Bool());
        UInt outIndex = output("out_index", UInt(iw));
        UInt outTag = output("out_tag", UInt(tagWidth));

        SyncFifo<UInt> q = instance("queue", new SyncFifo<>(depth, new UInt(n)));
        q.enq.valid.set(inValid);
        q.enq.bits.set(inMatch);
        inReady.set(q.enq.ready);
        q.deq.ready.set(outReady);

        PriorityTree<UInt> tree = instance("tree", new PriorityTree<>(n, new UInt(tagWidth), 4));
        for (int i = 0; i < n; i++) {
            UInt tag = reg(UInt(tagWidth)).named("tag_" + i);
            when(loadEn.and(loadIdx.eq(i)), () -> tag.set(loadTag));
            tree.in.get(i).valid.set(q.deq.bits.bit(i));
            tree.in.get(i).bits.set(tag);
        }
        outValid.set(q.deq.valid);
        outIndex.set(tree.outIndex);
        outTag.set(tree.outBits);
    }

    static int rowWords(SimDesign d) {
        int w = 0;
        for (String name : DRIVE) {
            w += port(d, name).words();
        }
        return w;
    }

    static SimPort port(SimDesign d, String name) {
        for (SimPort p : d.ports()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalStateException("no port " + name);
    }

    /** Bursty requests with sparse match vectors, occasional tag loads, a mostly ready consumer. */
    static long[] stimulus(SimDesign d, int cycles, long seed) {
        Random r = new Random(seed);
        int n = port(d, "in_match").width();
        int mw = (n + 63) / 64;
        int rw = rowWords(d);
        long[] s = new long[cycles * rw];
        for (int c = 0; c < cycles; c++) {
            int k = c * rw;
            s[k++] = r.nextInt(4) != 0 ? 1 : 0;
            long[] match = new long[mw];
            int bits = r.nextInt(4);
            for (int b = 0; b < bits; b++) {
                int i = r.nextInt(n);
                match[i / 64] |= 1L << (i % 64);
            }
            for (long m : match) {
                s[k++] = m;
            }
            s[k++] = c < n || r.nextInt(8) == 0 ? 1 : 0;
            s[k++] = c < n ? c : r.nextInt(n);
            s[k++] = r.nextInt(1 << 16);
            s[k] = r.nextInt(8) != 0 ? 1 : 0;
        }
        return s;
    }
}
