package tagmatch.dpasystem;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import tagmatch.dpa.ElfImage;
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmGenerator;

/**
 * The generated DPA handler of one {@link OtmConfig} ({@code otm_dpa_handler.c}, the source the
 * host stand-in builds, unmodified) for the cluster: its {@code flexio_dev_host.h} replaced by
 * the cluster's, as a DOCA build replaces it by the SDK's, over the device calls of
 * {@code flexio_dev_dpa.c}, with {@code otm_dpa_cluster.c} around it. The matcher is the
 * generated {@code otm.c}, or for the baseline the linked lists of {@code otm_baseline.h}
 * ({@code otm_list.c}), or seed 001's two ALPUs on the cluster's bus with those lists
 * ({@code otm_alpu.c}; the cluster must carry {@link AlpuUnits}' devices), or the same with the
 * overflow hashed ({@code otm_hybrid.c}); those three match one message at a time, in block
 * order, on any number of threads ({@code otm_serial_match.h}). Compiled once; each run links its
 * own workload in.
 */
public final class HandlerImage {
    /** Which matcher the handler calls, and its source: the optimistic matcher, the list, the ALPUs with the list, the ALPUs with a hashed overflow. */
    public enum Matcher {
        OTM("otm.c"), LIST("otm_list.c"), ALPU("otm_alpu.c"), HYBRID("otm_hybrid.c");

        final String source;

        Matcher(String source) {
            this.source = source;
        }
    }

    /**
     * The define that builds the handler without matching (figure 8's RDMA-only line): message j
     * lands in the j-th posted receive, as an RDMA receive queue hands them out, so only the NIC
     * block and the protocol stage are left.
     */
    public static final String RDMA_ONLY = "OTM_DPA_RDMA_ONLY";

    private static final List<String> RESOURCES = List.of("stdlib.h", "string.h", "dpa_libc.c", "dpa_libc.h", "handler/flexio_dev_host.h",
            "handler/flexio_dpa.h", "handler/flexio_dev_dpa.c", "handler/otm_dpa_cluster.c", "handler/otm_list.c", "handler/otm_alpu.c",
            "handler/otm_hybrid.c", "handler/otm_post_whole.h", "handler/otm_serial_match.h", "handler/matcher_memory.c", "alpu/alpu.h");

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
        StringBuilder name = new StringBuilder("handler-" + matcher.name().toLowerCase(java.util.Locale.ROOT) + "-" + config.key());
        for (String d : defines) name.append('-').append(d.toLowerCase(java.util.Locale.ROOT));
        Path dir = root.resolve(name.toString()).toAbsolutePath();
        try {
            OtmGenerator.write(config, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CrossBuild.copyResources(dir, RESOURCES);
        String otm = matcher.source;
        return new HandlerImage(config, matcher, dir,
                CrossBuild.compile(dir, List.of(otm, "otm_dpa_handler.c", "flexio_dev_dpa.c", "dpa_libc.c", "otm_dpa_cluster.c"),
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
