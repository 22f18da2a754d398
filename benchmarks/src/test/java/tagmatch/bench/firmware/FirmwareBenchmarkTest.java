package tagmatch.bench.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.otm.OtmConfig;
import tagmatch.process.ProgressMeter;

/** The firmware bench, small: both instruction sets and the ablation. */
class FirmwareBenchmarkTest {
    @TempDir
    Path tmp;

    private static final Pattern ROW = Pattern.compile(
            "(?m)^(no conflict|conflict|wildcard mix) +(\\d+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+)x +(\\d+/\\d+/\\d+/\\d+)$");

    @Test
    void countsEveryCaseOnX86AndRv64AndPrintsTheRatioOfTheAllInCounts() throws IOException {
        OtmConfig firmware = OtmConfig.defaults().withThreads(2).withCapacities(1024, 1024);
        String out = FirmwareBenchmark.measure(new FirmwareBenchmark.Settings(firmware, List.of(1, 4), 64, 2,
                List.of(InstructionSet.X86_64, InstructionSet.RV64)), tmp, ProgressMeter.Factory.NONE).text();
        int x86 = out.indexOf("x86-64 (valgrind callgrind)"), rv64 = out.indexOf("rv64 (qemu-riscv64");
        int ablation = out.indexOf("ablation:");
        assertTrue(x86 >= 0 && rv64 > x86 && ablation > rv64, out);
        for (String table : List.of(out.substring(x86, rv64), out.substring(rv64, ablation))) {
            Matcher m = ROW.matcher(table);
            int rows = 0;
            while (m.find()) {
                rows++;
                double listAllIn = Double.parseDouble(m.group(3)), listMatch = Double.parseDouble(m.group(4));
                double fwAllIn = Double.parseDouble(m.group(5)), fwMatch = Double.parseDouble(m.group(6));
                // a post costs instructions, and the ratio is the one of the all-in figures (to
                // the rounding of the printed ones). The firmware's all-in and match come from two
                // runs: compared where its path does not hang on how its threads interleave (a
                // block of one message, or per-key resolution, whose up to three waits a message
                // add at most nine counted instructions to a gap of some forty). Under the booking
                // protocol (wildcard mix, two threads) whether the younger thread conflicts
                // depends on whether the older one took its receive before the younger searched.
                assertTrue(listAllIn > listMatch && listMatch > 0 && fwMatch > 0, m.group());
                boolean booking = m.group(1).equals("wildcard mix") && Integer.parseInt(m.group(2)) > 1;
                if (!booking) assertTrue(fwAllIn > fwMatch, m.group());
                double ratio = fwAllIn / listAllIn;
                assertEquals(ratio, Double.parseDouble(m.group(7)), ratio * (0.05 / fwAllIn + 0.05 / listAllIn) + 0.0005, m.group());
            }
            assertEquals(3 * 2, rows, table);
        }
        // with conflict, the younger message of the first block of two waits behind the older (per
        // key): the block is contended, and the 31 blocks after it are matched in order
        assertTrue(out.substring(x86, rv64).matches("(?s).*\\nconflict +4 .* 1/1/0/62\\n.*"), out);
        assertTrue(out.substring(ablation).contains("x86-64 all-in") && out.substring(ablation).contains("rv64 all-in"), out);
        assertEquals(10, out.substring(ablation).split("\n").length - 2, out);
    }
}
