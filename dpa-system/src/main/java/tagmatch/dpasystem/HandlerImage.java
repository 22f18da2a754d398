package tagmatch.dpasystem;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import tagmatch.dpa.ElfImage;
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmGenerator;

/**
 * The generated DPA handler of one {@link OtmConfig} ({@code otm_dpa_handler.c}, the source the
 * host stand-in builds, unmodified) for the cluster: its {@code flexio_dev_host.h} replaced by
 * the cluster's, as a DOCA build replaces it by the SDK's, over the device calls of
 * {@code flexio_dev_dpa.c}, with {@code otm_dpa_cluster.c} around it, and one {@link Matcher}.
 * Compiled once; each run links its own workload in.
 */
public final class HandlerImage {
    /**
     * Which matcher the handler calls, with every fact the rest of the project needs of it: its
     * source, whether a block's messages match at once or one at a time, and whether the cluster
     * must carry {@link AlpuUnits}' devices. A new matcher is its C file under
     * {@code handler/} and one constant here.
     */
    public enum Matcher {
        /** The baseline: {@code otm_baseline.h}'s linked lists. */
        LIST("otm_list.c", false, false),
        /** Seed 001's two ALPUs on the bus, the lists behind them. */
        ALPU("otm_alpu.c", false, true),
        /** Seed 000's optimistic matcher, generated ({@code otm.c}): a block's messages match at once. */
        OTM(null, true, false),
        /** The ALPUs with their overflow hashed. */
        HYBRID("otm_hybrid.c", false, true);

        private final String handwritten;
        private final boolean parallel;
        private final boolean units;

        Matcher(String handwritten, boolean parallel, boolean units) {
            this.handwritten = handwritten;
            this.parallel = parallel;
            this.units = units;
        }

        /** The C file the handler is linked with. */
        public String source() {
            return handwritten == null ? "otm.c" : handwritten;
        }

        /**
         * Whether the threads of a block match its messages at once; otherwise one at a time, in
         * block order ({@code otm_serial_match.h}), their posts applied whole in turn
         * ({@code otm_post_whole.h}).
         */
        public boolean matchesInParallel() {
            return parallel;
        }

        /** Whether the handler drives {@link AlpuUnits}' devices, which the cluster must then carry. */
        public boolean needsUnits() {
            return units;
        }

        /** The lower-case name the command line and the reports use. */
        public String cliName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** The handwritten matchers' sources, copied beside the generated handler. */
        static List<String> resources() {
            List<String> out = new java.util.ArrayList<>();
            for (Matcher m : values()) if (m.handwritten != null) out.add("handler/" + m.handwritten);
            return out;
        }
    }

    /**
     * The define that builds the handler without matching (figure 8's RDMA-only line): message j
     * lands in the j-th posted receive, as an RDMA receive queue hands them out, so only the NIC
     * block and the protocol stage are left.
     */
    public static final String RDMA_ONLY = "OTM_DPA_RDMA_ONLY";

    private static final List<String> RESOURCES = Stream.concat(Stream.of("stdlib.h", "string.h", "dpa_libc.c", "dpa_libc.h",
            "handler/flexio_dev_host.h", "handler/flexio_dpa.h", "handler/flexio_dev_dpa.c", "handler/otm_dpa_cluster.c", "handler/otm_post_whole.h",
            "handler/otm_serial_match.h", "handler/matcher_memory.c", "alpu/alpu.h"), Matcher.resources().stream()).toList();

    private final OtmConfig config;
    private final Matcher matcher;
    private final Path dir;
    private final List<Path> objects;
    private int runs;

    private HandlerImage(OtmConfig config, Matcher matcher, Path dir, List<Path> objects) {
        this.config = config;
        this.matcher = matcher;
        this.dir = dir;
        this.objects = objects;
    }

    /** Generates {@code config} into {@code root/handler-<matcher>-<config key>} and compiles the handler for the cluster. */
    public static HandlerImage build(OtmConfig config, Matcher matcher, Path root) {
        return build(config, matcher, root, List.of());
    }

    /**
     * As {@link #build(OtmConfig, Matcher, Path)}, with test-only macros of the handler defined
     * (names such as {@code OTM_DPA_DESCRIPTOR_FROM_HOST}); the build goes to a directory of its own.
     */
    public static HandlerImage build(OtmConfig config, Matcher matcher, Path root, List<String> defines) {
        StringBuilder name = new StringBuilder("handler-" + matcher.cliName() + "-" + config.key());
        for (String d : defines) name.append('-').append(d.toLowerCase(java.util.Locale.ROOT));
        Path dir = root.resolve(name.toString()).toAbsolutePath();
        try {
            OtmGenerator.write(config, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CrossBuild.copyResources(dir, RESOURCES);
        return new HandlerImage(config, matcher, dir,
                CrossBuild.compile(dir, List.of(matcher.source(), "otm_dpa_handler.c", "flexio_dev_dpa.c", "dpa_libc.c", "otm_dpa_cluster.c"),
                        defines.stream().map(d -> "-D" + d).toList()));
    }

    public OtmConfig config() {
        return config;
    }

    public Matcher matcher() {
        return matcher;
    }

    /** Where the image's sources and objects are. */
    Path dir() {
        return dir;
    }

    /** Links the handler with {@code input} into an ELF for the cluster. */
    public ElfImage link(HandlerInput input, long ramBytes) {
        return CrossBuild.link(dir, objects, input.bytes(), ++runs, ramBytes);
    }
}
