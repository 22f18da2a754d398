package tagmatch.dpa.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.dpa.Retirement;

class LockstepTest {
    @TempDir
    Path dir;

    /** The retirements qemu's own states imply: the register that changed, if any. */
    static List<Retirement> retirementsOf(QemuStates q) {
        List<Retirement> out = new ArrayList<>();
        for (int i = 0; i + 1 < q.size(); i++) {
            int rd = 0;
            for (int x = 1; x < 32; x++) if (q.reg(i, x) != q.reg(i + 1, x)) rd = x;
            out.add(new Retirement(0, q.pc(i), rd, rd == 0 ? 0 : q.reg(i + 1, rd)));
        }
        out.add(new Retirement(0, q.pc(q.size() - 1), 0, 0));
        return out;
    }

    @Test
    void aStreamRunsUnderQemuToItsExitStoreAndAgreesWithItself() {
        Path elf = StreamCheck.build(7, 3000, dir);
        QemuStates q = QemuStates.run(elf, dir);
        assertTrue(q.size() > 1500, "qemu ran " + q.size() + " instructions of 3000");
        assertNull(Lockstep.firstDifference(q, retirementsOf(q)));
    }

    @Test
    void aWrongValuePcOrMissingWriteIsTheFirstDifference() {
        Path elf = StreamCheck.build(8, 500, dir);
        QemuStates q = QemuStates.run(elf, dir);
        List<Retirement> good = retirementsOf(q);
        int i = 0;
        while (good.get(i).rd() == 0) i++;
        Retirement r = good.get(i);
        List<Retirement> wrongValue = new ArrayList<>(good);
        wrongValue.set(i, new Retirement(0, r.pc(), r.rd(), r.value() ^ 1));
        assertTrue(Lockstep.firstDifference(q, wrongValue).startsWith("retirement " + i + " "));
        List<Retirement> noWrite = new ArrayList<>(good);
        noWrite.set(i, new Retirement(0, r.pc(), 0, 0));
        assertTrue(Lockstep.firstDifference(q, noWrite).contains("the hart does not"));
        List<Retirement> wrongPc = new ArrayList<>(good);
        wrongPc.set(3, new Retirement(0, good.get(3).pc() + 2, good.get(3).rd(), good.get(3).value()));
        assertTrue(Lockstep.firstDifference(q, wrongPc).contains("pc differs"));
        assertNotNull(Lockstep.firstDifference(q, good.subList(0, good.size() - 1)));
    }

    @Test
    void aFailingSeedSaysHowToRunItAgain() {
        StreamCheck.Outcome o = StreamCheck.check(9, 200, dir, elf -> List.of());
        assertTrue(o.toString().contains("FAIL"));
        assertTrue(o.toString().contains("-Ddpa.isa.first=9 -Ddpa.isa.seeds=1 -Ddpa.isa.length=200"), o.toString());
    }

    @Test
    void theSameSeedGivesTheSameStream() {
        assertEquals(RandomStream.assembly(42, 2000), RandomStream.assembly(42, 2000));
        assertTrue(!RandomStream.assembly(42, 2000).equals(RandomStream.assembly(43, 2000)));
    }
}
