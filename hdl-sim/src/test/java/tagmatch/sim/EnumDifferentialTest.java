package tagmatch.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.backend.VerilogTools;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.ir.Circuit;

/** Hardware enums and enum state machines on both backends against a Java model of the same machine. */
class EnumDifferentialTest {
    @Test
    void enumStateMachinesAndEnumStorageAgreeWithTheModel() {
        Circuit c = Elaborator.elaborate(EnumDesigns.Sequencer::new);
        int[] state = new int[2]; // phase ordinal, last op ordinal
        int[] visits = new int[3];
        Differential.run(c, 3000, 21, Differential.afterReset("rst", f -> {
            f.set("cmd_valid", f.random.nextInt(2));
            f.set("cmd_bits_op", f.random.nextInt(3));
            f.set("cmd_bits_arg", f.random.nextInt(16));
            f.set("go", f.random.nextInt(3) == 0 ? 1 : 0);
            f.set("raw", f.random.nextInt(4));
        }), f -> {
            if (f.bit("rst")) {
                state[0] = 0;
                state[1] = 2;
                return;
            }
            assertEquals(state[0], f.get("phase"), "phase at cycle " + f.cycle);
            assertEquals(1L << state[0], f.get("phaseHot"), "phaseHot at cycle " + f.cycle);
            assertEquals(state[1], f.get("last"), "last at cycle " + f.cycle);
            assertEquals(state[1] != 0 ? 1 : 0, f.get("writes"), "writes at cycle " + f.cycle);
            long arg = f.get("cmd_bits_arg");
            assertEquals(state[1] == 0 ? arg : state[1] == 1 ? arg + 1 : 0, f.get("x"), "x at cycle " + f.cycle);
            assertEquals(f.get("raw") == 2 ? 1 : 0, f.get("rawIsDelete"), "rawIsDelete at cycle " + f.cycle);
            long op = f.get("cmd_bits_op");
            assertEquals(op << 4 | arg, f.get("flat"), "flat at cycle " + f.cycle);
            visits[state[0]]++;
            boolean valid = f.bit("cmd_valid");
            switch (state[0]) {
                case 0 -> state[0] = valid && op == 0 ? 1 : valid && op == 1 ? 2 : 0;
                case 1 -> state[0] = 2;
                default -> state[0] = f.bit("go") ? 0 : 2;
            }
            if (valid) {
                state[1] = (int) op;
            }
        });
        for (int v : visits) {
            assertTrue(v > 100, "every state visited often: " + java.util.Arrays.toString(visits));
        }
    }

    @Test
    void enumDesignIsCleanUnderVerilatorYosysAndIverilog(@TempDir Path dir) throws java.io.IOException {
        Circuit c = Elaborator.elaborate(EnumDesigns.Sequencer::new);
        List<Path> files = VerilogEmitter.writeFiles(c, dir);
        String top = c.top().name();
        for (VerilogTools.Result r : List.of(VerilogTools.verilatorLint(files, top), VerilogTools.yosys(files, top),
                VerilogTools.iverilog(files, top))) {
            assertTrue(r.ok(), () -> r.tool() + " rejected " + top + ":\n" + r.output());
        }
    }
}
