package tagmatch.dpa.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.dpa.ElfImage;
import tagmatch.dpa.Retirement;

/**
 * Random instruction streams on one hart of the default cluster against qemu-riscv64, retirement
 * by retirement. The default run fits the build's budget; the check is
 * {@code -Ddpa.isa.seeds=100 -Ddpa.isa.length=100000}. A failing seed's sources stay in
 * {@code target/isa-streams} and its message says how to run it alone.
 */
class RandomStreamAgainstQemuTest {
    static DpaRun dpa;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(DpaConfig.defaults());
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    static List<Retirement> hart0(Path elf) {
        List<Retirement> out = new ArrayList<>();
        dpa.trace(ElfImage.read(elf, dpa.config().ramBytes()), DpaRun.Options.defaults().withHarts(1), out::add);
        return out;
    }

    @Test
    void everySeedRetiresAsQemuDoes() {
        long first = Long.getLong("dpa.isa.first", 1);
        int seeds = Integer.getInteger("dpa.isa.seeds", 40);
        int length = Integer.getInteger("dpa.isa.length", 1000);
        Path dir = Path.of("target", "isa-streams");
        List<String> failed = new ArrayList<>();
        long compared = 0;
        for (long s = first; s < first + seeds; s++) {
            StreamCheck.Outcome o = StreamCheck.check(s, length, dir, RandomStreamAgainstQemuTest::hart0);
            if (!o.passed()) failed.add(o.toString());
            compared += o.compared();
        }
        System.out.println("ISA check: " + seeds + " seeds of " + length + " instructions from seed " + first + ", " + compared
                + " retirements compared, " + failed.size() + " failed");
        assertEquals(List.of(), failed);
    }
}
