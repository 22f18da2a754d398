package tagmatch.otm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated {@code otm.c} and {@code otm_config.h} of fourteen configurations against the
 * files the generator wrote before its template was split into one template per phase
 * ({@code golden/NAME.otm.c}, {@code golden/NAME.otm_config.h}): byte for byte, except for the
 * intended changes, which {@link #intended} applies to the golden files.
 */
class OtmGoldenTest {
    /** The configurations of the golden files, by name. */
    static Map<String, OtmConfig> configurations() {
        OtmConfig d = OtmConfig.defaults();
        Map<String, OtmConfig> m = new LinkedHashMap<>();
        m.put("default", d);
        m.put("no-any-source", d.withHints(true, false));
        m.put("no-any-tag", d.withHints(false, true));
        m.put("no-wildcards", d.withHints(true, true));
        m.put("in-order-off", d.withInOrderRun(0));
        m.put("in-order-5", d.withInOrderRun(5));
        m.put("in-order-off-no-wildcards", d.withHints(true, true).withInOrderRun(0));
        m.put("in-order-1-no-any-tag", d.withHints(false, true).withInOrderRun(1));
        m.put("no-fast-path", d.withOptimizations(false, true));
        m.put("no-early-booking", d.withOptimizations(true, false));
        m.put("no-optimizations-in-order-off", d.withOptimizations(false, false).withInOrderRun(0));
        m.put("xor-fold-sender-hash", d.withHash(OtmHash.XOR_FOLD, true));
        m.put("one-thread-one-bin", d.withThreads(1).withBins(1).withCapacities(1, 1));
        m.put("64-threads-4096-bins", d.withThreads(64).withBins(4096).withCapacities(65536, 4096));
        return m;
    }

    @Test
    void otmCAndItsConfigHeaderAreTheFilesOfTheSingleTemplate() throws IOException {
        for (Map.Entry<String, OtmConfig> e : configurations().entrySet()) {
            Map<String, String> files = OtmGenerator.render(e.getValue());
            for (String file : new String[] {"otm.c", "otm_config.h"}) {
                String golden = intended(file, e.getValue(), golden(e.getKey() + "." + file));
                assertEquals(golden, files.get(file), e.getKey() + " " + file + " (" + e.getValue().key() + ")");
            }
        }
    }

    /**
     * The golden file as the generator writes it now: the single template's, with the intended
     * changes. The in-order run and the contention threshold (three quarters) moved from
     * {@code otm.c} into {@code otm_config.h} as named macros; the split post (otm_post_claim and
     * otm_post_link, {@code golden/post-claim-link.c}) follows otm_post_recv; nothing else changed.
     */
    static String intended(String file, OtmConfig cfg, String golden) throws IOException {
        if (file.equals("otm.c")) {
            String postEnd = "    return otm_post_store(ctx, r, key, otm_hash_key(key), recv_id);\n}\n";
            if (!golden.contains(postEnd)) throw new AssertionError("the golden otm.c has no otm_post_recv to follow");
            golden = golden.replace(postEnd, postEnd + golden("post-claim-link.c"));
            String run = "#define OTM_IN_ORDER_RUN " + cfg.inOrderRun() + "u             /* blocks matched in order after a contended one */\n";
            String threshold = "if (4u * waited >= 3u * (count - 1u))";
            if (cfg.inOrderRun() > 0 && !(golden.contains(run) && golden.contains(threshold))) {
                throw new AssertionError("the golden otm.c has no in-order constants to move");
            }
            return golden.replace(run, "").replace(threshold, "if (OTM_CONTENTION_DEN * waited >= OTM_CONTENTION_NUM * (count - 1u))");
        }
        String end = "\n#endif /* OTM_CONFIG_H */\n";
        return golden.replace(end, "\n/* In-order blocks: after a block of several messages in which at least\n"
                + " * OTM_CONTENTION_NUM / OTM_CONTENTION_DEN of the messages but the oldest waited for older ones\n"
                + " * anyway, the next OTM_IN_ORDER_RUN blocks of several messages are matched in thread order,\n"
                + " * with no optimistic phase (0: never). At three quarters the optimistic phase has bought\n"
                + " * almost no parallelism and its announcements, barrier and bookings are pure cost; a lower\n"
                + " * threshold would give up the parallelism of blocks where half the messages are independent. */\n"
                + "#define OTM_IN_ORDER_RUN   " + cfg.inOrderRun() + "u\n"
                + "#define OTM_CONTENTION_NUM 3u\n"
                + "#define OTM_CONTENTION_DEN 4u\n" + end);
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = OtmGoldenTest.class.getResourceAsStream("golden/" + name)) {
            if (in == null) throw new IOException("no golden file " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
