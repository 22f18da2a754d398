package tagmatch.tools;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Pipelining;
import tagmatch.alpu.Variant;
import tagmatch.process.ParameterError;
import tagmatch.process.UsageError;

/**
 * The ALPU generator's parameters (a picocli mixin of {@code rtl}, {@code synth} and
 * {@code cosim alpu}); the commands that take lists of them ({@code figure 5|6},
 * {@code sweep}) describe each with the same words ({@link #CELLS}, {@link #BLOCK}, ...).
 */
public final class AlpuOptions {
    public static final String CELLS = "total cells, a multiple of --block in 2..4096";
    public static final String BLOCK = "cells per block, a power of two in 2..cells";
    public static final String MATCH_WIDTH = "match bits per entry, 1..128";
    public static final String TAG_WIDTH = "tag bits per entry, 1..32";
    public static final String VARIANT = "prq (mask stored with INSERT) or umq (mask with each request)";

    @Option(names = "--cells", paramLabel = "N", description = CELLS + " (default ${DEFAULT-VALUE})")
    int cells = 256;

    @Option(names = "--block", paramLabel = "B", description = BLOCK + " (default ${DEFAULT-VALUE})")
    int block = 8;

    @Option(names = "--match-width", paramLabel = "W", description = MATCH_WIDTH + " (default ${DEFAULT-VALUE})")
    int matchWidth = 42;

    @Option(names = "--tag-width", paramLabel = "T", description = TAG_WIDTH + " (default ${DEFAULT-VALUE})")
    int tagWidth = 16;

    @Option(names = "--variant", paramLabel = "prq|umq", description = VARIANT + " (default ${DEFAULT-VALUE})")
    String variant = "prq";

    @Option(names = "--stages", split = ",", paramLabel = "STAGE",
            description = "register stages, a comma list of fanout, compare, block, split, or none "
                    + "(default fanout,compare,block: the seed's stages 1, 2 and 3; split halves the between-block priority)")
    List<String> stages = new ArrayList<>(List.of("fanout", "compare", "block"));

    @Option(names = "--overlap", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "fan out the next request while the last match is deleted (needs the fanout stage; default on)")
    boolean overlap = true;

    @Option(names = "--fifo-depths", split = ",", paramLabel = "REQ,CMD,RSP",
            description = "request, command and response FIFO depths, powers of two >= 2 (default 4,4,4)")
    List<Integer> fifoDepths = new ArrayList<>(List.of(AlpuConfig.DEFAULT_FIFO_DEPTH, AlpuConfig.DEFAULT_FIFO_DEPTH,
            AlpuConfig.DEFAULT_FIFO_DEPTH));

    /** The validated configuration; bad values fail naming the option, its value and the legal range. */
    public AlpuConfig config() {
        Variant v = OptionCheck.oneOf("--variant", variant, Variant.class);
        List<String> names = stages.size() == 1 && stages.get(0).equals("none") ? List.of() : stages;
        Pipelining p;
        try {
            p = Pipelining.of(names, overlap);
        } catch (ParameterError e) {
            // a stage list may also be "none"
            throw new UsageError("--stages " + e.rule() + ", or none, got " + e.value(), e);
        }
        if (fifoDepths.size() != 3) {
            throw new UsageError("--fifo-depths must be three depths REQ,CMD,RSP, got " + fifoDepths.size() + " value(s) "
                    + fifoDepths.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).orElse(""));
        }
        try {
            return AlpuConfig.of(cells, block, matchWidth, tagWidth, v)
                    .withFifoDepths(fifoDepths.get(0), fifoDepths.get(1), fifoDepths.get(2)).withPipelining(p);
        } catch (ParameterError e) {
            AlpuConfig.Parameter bad = (AlpuConfig.Parameter) e.parameter();
            String option = option(bad);
            // three depths share the option: say which one
            throw new UsageError(e.as(option) + (option.equals("--fifo-depths") ? " (" + bad + ")" : ""), e);
        }
    }

    /** The option that sets the datasheet parameter {@code p}. */
    public static String option(AlpuConfig.Parameter p) {
        return switch (p) {
            case CELLS -> "--cells";
            case BLOCK -> "--block";
            case MATCH_W -> "--match-width";
            case TAG_W -> "--tag-width";
            case VARIANT -> "--variant";
            case REQ_FIFO_DEPTH, CMD_FIFO_DEPTH, RSP_FIFO_DEPTH -> "--fifo-depths";
        };
    }
}
