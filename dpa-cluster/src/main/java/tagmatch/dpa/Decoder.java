package tagmatch.dpa;

import tagmatch.dpa.DecodeTable.Flow;
import tagmatch.dpa.DecodeTable.Row;
import tagmatch.dpa.DecodeTable.Special;
import tagmatch.dpa.DecodeTable.Writeback;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

import static tagmatch.hdl.core.Hdl.*;

/**
 * {@link DecodeTable} as hardware, described into the current module: a row matches when every
 * instruction field its mask covers equals the row's; each control is the OR of the rows that
 * set it (a PLA, as the anchors' table decoders generate). Field comparisons are shared between
 * rows, so 90-odd rows cost a few dozen small compares.
 */
final class Decoder {
    /** The instruction fields a row's mask is made of, as {high bit, low bit}. */
    private static final int[][] FIELDS = {{6, 0}, {11, 7}, {14, 12}, {19, 15}, {24, 20}, {25, 25}, {26, 26}, {31, 27}};

    final Bool legal;
    /** Exactly one is set for a legal instruction. */
    final Map<Writeback, Bool> writeback = new EnumMap<>(Writeback.class);
    final Map<MemOp, Bool> mem = new EnumMap<>(MemOp.class);
    final Map<Flow, Bool> flow = new EnumMap<>(Flow.class);
    final Map<Special, Bool> special = new EnumMap<>(Special.class);

    private final UInt inst;
    private final Map<String, Bool> fieldIs = new HashMap<>();

    Decoder(UInt inst) {
        this.inst = inst;
        Bool any = lit(false);
        for (Writeback w : Writeback.values()) writeback.put(w, lit(false));
        for (MemOp m : MemOp.values()) mem.put(m, lit(false));
        for (Flow f : Flow.values()) flow.put(f, lit(false));
        for (Special s : Special.values()) special.put(s, lit(false));
        for (Row r : DecodeTable.ROWS) {
            Bool hit = matches(r);
            any = any.or(hit);
            writeback.merge(r.wb(), hit, Bool::or);
            if (r.mem() != null) mem.merge(r.mem(), hit, Bool::or);
            flow.merge(r.flow(), hit, Bool::or);
            special.merge(r.special(), hit, Bool::or);
        }
        legal = any.named("dec_legal");
        writeback.replaceAll((w, b) -> b.named("dec_wb_" + w.name().toLowerCase()));
        mem.replaceAll((m, b) -> b.named("dec_mem_" + m.name().toLowerCase()));
        flow.replaceAll((f, b) -> b.named("dec_flow_" + f.name().toLowerCase()));
        special.replaceAll((s, b) -> b.named("dec_special_" + s.name().toLowerCase()));
    }

    /** Any memory access. */
    Bool isMem() {
        Bool r = lit(false);
        for (Bool b : mem.values()) r = r.or(b);
        return r;
    }

    private Bool matches(Row r) {
        Bool hit = null;
        long covered = 0;
        for (int[] f : FIELDS) {
            long fieldMask = ((1L << (f[0] - f[1] + 1)) - 1) << f[1];
            long m = r.mask() & fieldMask;
            if (m == 0) continue;
            if (m != fieldMask) throw new IllegalStateException("decode row " + r.name() + ": its mask covers part of bits " + f[0] + ".." + f[1]);
            covered |= m;
            Bool is = field(f, (r.match() & fieldMask) >>> f[1]);
            hit = hit == null ? is : hit.and(is);
        }
        if (covered != r.mask() || (r.match() & ~r.mask()) != 0)
            throw new IllegalStateException("decode row " + r.name() + ": match outside its mask, or mask outside 32 bits");
        return hit;
    }

    private Bool field(int[] f, long value) {
        return fieldIs.computeIfAbsent(f[0] + "_" + f[1] + "_" + value,
                k -> inst.bits(f[0], f[1]).eq(lit(value, f[0] - f[1] + 1)).named("dec_i" + f[0] + "_" + f[1] + "_is_" + value));
    }
}
