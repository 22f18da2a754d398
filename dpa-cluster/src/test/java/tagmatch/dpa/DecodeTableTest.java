package tagmatch.dpa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DecodeTable.Flow;
import tagmatch.dpa.DecodeTable.Row;
import tagmatch.dpa.DecodeTable.Writeback;

/**
 * Execute reads the table's controls and not the instruction's bits, so a row that lacks one
 * would compute with a default (an add, a branch never taken, a byte access) instead of failing:
 * each row carries exactly the controls its writeback, flow and memory operation need.
 */
class DecodeTableTest {
    @Test
    void everyRowCarriesTheControlsItsDatapathReadsAndNoOthers() {
        List<String> wrong = new ArrayList<>();
        for (Row r : DecodeTable.ROWS) {
            boolean computes = r.wb() == Writeback.ALU || r.wb() == Writeback.ALU_W;
            if ((r.alu() != null) != computes) wrong.add(r.name() + ": alu " + r.alu() + " with writeback " + r.wb());
            if ((r.branch() != null) != (r.flow() == Flow.BRANCH)) wrong.add(r.name() + ": branch " + r.branch() + " with flow " + r.flow());
            if ((r.size() != null) != (r.mem() != null)) wrong.add(r.name() + ": size " + r.size() + " with memory operation " + r.mem());
            if (r.unsigned() && r.mem() != MemOp.LOAD) wrong.add(r.name() + ": zero-extends but is no load");
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theControlsAreThoseTheEncodingNames() {
        assertEquals("SRA true false", controls("sra"));
        assertEquals("SRA false true", controls("sraiw"));
        assertEquals("SUB true true", controls("subw"));
        assertEquals("SLTU false false", controls("sltiu"));
        assertEquals("GEU", row("bgeu").branch().name());
        assertEquals("H true", row("lhu").size() + " " + row("lhu").unsigned());
        assertEquals("D false", row("amoadd.d").size() + " " + row("amoadd.d").unsigned());
        assertEquals("true", String.valueOf(row("divuw").word()));
    }

    private static String controls(String name) {
        Row r = row(name);
        return r.alu() + " " + r.rs2() + " " + r.word();
    }

    private static Row row(String name) {
        return DecodeTable.ROWS.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }
}
