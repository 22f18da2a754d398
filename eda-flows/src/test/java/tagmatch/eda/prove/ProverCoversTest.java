package tagmatch.eda.prove;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.hdl.core.Elaborator;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Circuit;

/** The bit-level flow checks covers on the emitter's views of the design and names the one it cannot reach. */
class ProverCoversTest {
    /** Counts 0, 1, 2, 3, 0, ... in three bits: 2 is reached, 6 never. */
    static final class WrappingCounter extends Module {
        final UInt q = output(UInt(3));

        WrappingCounter() {
            UInt r = regInit(UInt(3), 0);
            r.set(mux(r.eq(3), lit(0, 3), r.add(1).bits(2, 0)));
            q.set(r);
            Assert(r.lt(4), "stays below 4");
            Cover(r.eq(2), "reaches 2");
            Cover(r.eq(6), "reaches 6");
        }
    }

    @Test
    void anUnreachableCoverIsNamedAndTheReachableOneIsNot(@TempDir Path work) {
        Circuit c = Elaborator.elaborate(WrappingCounter::new);
        ProofReport r = new Prover(Solver.SMT_DEFAULT, Solver.REPLAY_DEFAULT, new PrintWriter(new StringWriter()))
                .prove(c, 8, ProveTarget.Method.PDR, null, work);
        assertEquals(ProofReport.Conclusion.UNREACHED, r.verdict(), String.join("\n", r.steps()));
        assertEquals(List.of("reaches 6"), r.unreached().stream().map(s -> s.message()).toList());
        assertEquals(1, r.unreached().size());
    }
}
