package tagmatch.tools;

import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SynthCommandTest {
    private final CliRun cli = new CliRun();
    private final StringWriter out = cli.out;
    private final StringWriter err = cli.err;

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void smallUnitSynthesizesWithItsStorageInFlipFlops() {
        assertEquals(0, run("synth", "--cells", "4", "--block", "2", "--match-width", "3", "--tag-width", "2"), err.toString());
        Matcher m = Pattern.compile("alpu_prq \\(xc2vp\\): (\\d+) LUTs, (\\d+) FFs, LUT depth (\\d+)").matcher(out.toString());
        assertTrue(m.find(), out.toString());
        int ffs = Integer.parseInt(m.group(2));
        // 4 cells x (valid + 3 match + 3 mask + 2 tag) = 36 storage flip-flops at least.
        assertTrue(ffs >= 36 && ffs < 200, out.toString());
        assertTrue(Integer.parseInt(m.group(1)) > 0, out.toString());
    }

    @Test
    void unknownFamilyAndUnknownDesignAreNamed() {
        assertEquals(2, run("synth", "--family", "xc9"));
        assertTrue(err.toString().startsWith("tagmatch synth: --family must be one of xcup,"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("synth", "--table", "--only", "alpu_prq_512x8"));
        assertTrue(err.toString().startsWith("tagmatch synth: --only names 'alpu_prq_512x8', which is no reference design; they are [alpu_prq_256x8,"), err.toString());
    }
}
