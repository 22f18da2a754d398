package tagmatch.dpasystem;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import tagmatch.dpa.DpaConfig;

/**
 * What {@code otm_dpa_cluster.c} reads at {@code dpa_input}, as little-endian 64-bit words: the
 * handler's threads, the cluster's shape (the threads spread over its cores), log2 of the message
 * CQ's depth, the to-host entries to wait for, the receives' records in host memory (address,
 * count: receive ids run 0 .. count - 1), and the host memory of each memory key. The
 * workload itself reaches the handler through the NIC ({@link HandlerFeed}).
 */
public record HandlerInput(int threads, int cores, int hartsPerCore, int msgLog, long entries, long recvHaddr, int recvMax,
                           List<HandlerFeed.Region> keys) {
    public HandlerInput {
        if (threads < 1 || threads > cores * hartsPerCore)
            throw new IllegalArgumentException("threads = " + threads + ": legal values are 1 to the cluster's " + cores * hartsPerCore + " harts");
        keys = List.copyOf(keys);
    }

    public static HandlerInput of(DpaConfig cluster, int threads, HandlerFeed feed) {
        return new HandlerInput(threads, cluster.cores(), cluster.threads(), feed.pace().msgLog(), feed.entries(), feed.recvRecords(),
                Math.max(1, feed.posts()), feed.keys());
    }

    byte[] bytes() {
        ByteBuffer b = ByteBuffer.allocate(8 * (7 + 2 * keys.size())).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(threads).putLong(cores).putLong(hartsPerCore).putLong(msgLog).putLong(entries).putLong(recvHaddr).putLong(recvMax);
        for (HandlerFeed.Region r : keys) b.putLong(r.haddr()).putLong(r.bytes());
        return b.array();
    }
}
