package tagmatch.dpa;

import tagmatch.dpa.DecodeTable.Alu;
import tagmatch.dpa.DecodeTable.Branch;
import tagmatch.dpa.DecodeTable.Flow;
import tagmatch.dpa.DecodeTable.Row;
import tagmatch.dpa.DecodeTable.Size;
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
 * rows, so 90-odd rows cost a few dozen small compares. {@link #registered} holds every control
 * for the next stage, which reads them and not the instruction's bits.
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
    /** At most one is set: none for an instruction the ALU does not compute. */
    final Map<Alu, Bool> alu = new EnumMap<>(Alu.class);
    /** At most one is set: none but for a branch. */
    final Map<Branch, Bool> branch = new EnumMap<>(Branch.class);
    /** At most one is set: none but for a memory access. */
    final Map<Size, Bool> size = new EnumMap<>(Size.class);
    final Bool rs2;
    final Bool word;
    final Bool unsigned;

    Decoder(UInt inst) {
        Map<String, Bool> fieldIs = new HashMap<>();
        Bool any = lit(false), second = lit(false), w32 = lit(false), zext = lit(false);
        for (Writeback w : Writeback.values()) writeback.put(w, lit(false));
        for (MemOp m : MemOp.values()) mem.put(m, lit(false));
        for (Flow f : Flow.values()) flow.put(f, lit(false));
        for (Special s : Special.values()) special.put(s, lit(false));
        for (Alu a : Alu.values()) alu.put(a, lit(false));
        for (Branch b : Branch.values()) branch.put(b, lit(false));
        for (Size z : Size.values()) size.put(z, lit(false));
        for (Row r : DecodeTable.ROWS) {
            Bool hit = matches(r, inst, fieldIs);
            any = any.or(hit);
            writeback.merge(r.wb(), hit, Bool::or);
            if (r.mem() != null) mem.merge(r.mem(), hit, Bool::or);
            flow.merge(r.flow(), hit, Bool::or);
            special.merge(r.special(), hit, Bool::or);
            if (r.alu() != null) alu.merge(r.alu(), hit, Bool::or);
            if (r.branch() != null) branch.merge(r.branch(), hit, Bool::or);
            if (r.size() != null) size.merge(r.size(), hit, Bool::or);
            if (r.rs2()) second = second.or(hit);
            if (r.word()) w32 = w32.or(hit);
            if (r.unsigned()) zext = zext.or(hit);
        }
        legal = any.named("dec_legal");
        rs2 = second.named("dec_rs2");
        word = w32.named("dec_word");
        unsigned = zext.named("dec_unsigned");
        name("dec_");
    }

    /** {@code from}'s controls, each held in a register named {@code dx_...}. */
    private Decoder(Decoder from) {
        legal = regNext(from.legal).named("dx_legal");
        rs2 = regNext(from.rs2).named("dx_rs2");
        word = regNext(from.word).named("dx_word");
        unsigned = regNext(from.unsigned).named("dx_unsigned");
        from.writeback.forEach((k, b) -> writeback.put(k, regNext(b)));
        from.mem.forEach((k, b) -> mem.put(k, regNext(b)));
        from.flow.forEach((k, b) -> flow.put(k, regNext(b)));
        from.special.forEach((k, b) -> special.put(k, regNext(b)));
        from.alu.forEach((k, b) -> alu.put(k, regNext(b)));
        from.branch.forEach((k, b) -> branch.put(k, regNext(b)));
        from.size.forEach((k, b) -> size.put(k, regNext(b)));
        name("dx_");
    }

    /** The controls held for the next stage, a cycle later. */
    Decoder registered() {
        return new Decoder(this);
    }

    private void name(String prefix) {
        writeback.replaceAll((w, b) -> b.named(prefix + "wb_" + w.name().toLowerCase()));
        mem.replaceAll((m, b) -> b.named(prefix + "mem_" + m.name().toLowerCase()));
        flow.replaceAll((f, b) -> b.named(prefix + "flow_" + f.name().toLowerCase()));
        special.replaceAll((s, b) -> b.named(prefix + "special_" + s.name().toLowerCase()));
        alu.replaceAll((a, b) -> b.named(prefix + "alu_" + a.name().toLowerCase()));
        branch.replaceAll((c, b) -> b.named(prefix + "branch_" + c.name().toLowerCase()));
        size.replaceAll((z, b) -> b.named(prefix + "size_" + z.name().toLowerCase()));
    }

    /** Any memory access. */
    Bool isMem() {
        Bool r = lit(false);
        for (Bool b : mem.values()) r = r.or(b);
        return r;
    }

    /** Whether {@code inst} is {@code r}'s instruction; {@code fieldIs} holds the field compares the rows share. */
    private static Bool matches(Row r, UInt inst, Map<String, Bool> fieldIs) {
        Bool hit = null;
        long covered = 0;
        for (int[] f : FIELDS) {
            long fieldMask = ((1L << (f[0] - f[1] + 1)) - 1) << f[1];
            long m = r.mask() & fieldMask;
            if (m == 0) continue;
            if (m != fieldMask) throw new IllegalStateException("decode row " + r.name() + ": its mask covers part of bits " + f[0] + ".." + f[1]);
            covered |= m;
            Bool is = field(inst, fieldIs, f, (r.match() & fieldMask) >>> f[1]);
            hit = hit == null ? is : hit.and(is);
        }
        if (covered != r.mask() || (r.match() & ~r.mask()) != 0)
            throw new IllegalStateException("decode row " + r.name() + ": match outside its mask, or mask outside 32 bits");
        return hit;
    }

    private static Bool field(UInt inst, Map<String, Bool> fieldIs, int[] f, long value) {
        return fieldIs.computeIfAbsent(f[0] + "_" + f[1] + "_" + value,
                k -> inst.bits(f[0], f[1]).eq(lit(value, f[0] - f[1] + 1)).named("dec_i" + f[0] + "_" + f[1] + "_is_" + value));
    }
}
