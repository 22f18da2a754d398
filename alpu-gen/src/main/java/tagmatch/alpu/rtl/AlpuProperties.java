package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.Op;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Data;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.Pins;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Widths;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/**
 * The datasheet rules that are invariants of the ALPU, proven by {@code tagmatch prove alpu-*}.
 * The unit is instantiated and every port mirrored on this module (the prover drives the inputs
 * freely). The port-level rules need nothing else; the rules about the entries read the cells
 * through {@link tagmatch.hdl.core.Formal#probe} by their instance names ({@code cells.block_B.cell_I})
 * and port names, so they hold for any controller around the cells.
 * <ul>
 *   <li>occupancy equals the number of valid cells (R3, STATUS);</li>
 *   <li>valid cells are contiguous at the old end once compaction has had {@link #settleCycles}
 *       free cycles (an INSERT enters the youngest cell and falls towards the old end, one cell
 *       per cycle, so a hole is transient);</li>
 *   <li>a delete removes exactly the oldest entry matching the request's key, moves the younger
 *       entries up by one and changes nothing older (R3), and the tag the match answers with is
 *       that entry's;</li>
 *   <li>no response without an outstanding request or command; a response kind is never 3 (R2);</li>
 *   <li>{@code error}, once set, stays set until a RESET command (R7).</li>
 * </ul>
 * Covers show each antecedent reachable: a delete, a delete while two entries match, compaction
 * settling with entries in, a hole between entries, a response, a full unit, error raised and
 * cleared.
 */
public final class AlpuProperties extends Module {
    private final Map<String, UInt> pins = new HashMap<>();
    private final AlpuPorts ports;

    public AlpuProperties(AlpuConfig cfg) {
        param("cells", cfg.cells());
        param("block", cfg.block());
        param("variant", cfg.variant());
        ports = AlpuPorts.of(cfg);
        AlpuTop dut = instance("dut", new AlpuTop(cfg));
        for (Pins.Pin p : ports.all()) {
            if (p.equals(AlpuPorts.CLK) || p.equals(AlpuPorts.RST)) continue; // wired by instance()
            UInt pin = portOf(dut, p.name());
            if (p.input()) {
                UInt in = input(p.name(), UInt(p.width()));
                pin.set(in);
                pins.put(p.name(), in);
            } else {
                output(p.name(), UInt(p.width())).set(pin);
                pins.put(p.name(), pin);
            }
        }
        portRules(cfg);
        entryRules(cfg, dut);
        AlpuResponseRules.state(cfg, dut, this::pin);
    }

    /**
     * The configuration a proof runs on: {@code cells} cells in blocks of two, 2 match bits and
     * 2 tag bits, FIFOs of depth 2 and the default pipelining. The rules do not depend on the
     * widths, and every bit of state more costs the solver time. With 4 cells the tag is no wider
     * than a slot number, so the cells hold the tags themselves (no TagStore) and the answer's
     * tag is the cell array's {@code match_tag}.
     */
    public static AlpuConfig proofConfig(Variant variant, int cells) {
        return new AlpuConfig(cells, 2, 2, 2, variant, 2, 2, 2, tagmatch.alpu.Pipelining.DEFAULT);
    }

    /**
     * Cycles of free compaction after which the valid cells must be contiguous. A hole travels a
     * block per cycle towards the young end, but an entry falls through empty cells one cell per
     * cycle (inside a block a cell shifts into the older one), so an entry that entered an empty
     * unit needs CELLS-1 cycles to reach the oldest cell. (BLOCKS+1 equals that at 4 cells only:
     * at 8 cells PDR found the counterexample.)
     */
    public static int settleCycles(AlpuConfig cfg) {
        return cfg.cells() - 1;
    }

    private void portRules(AlpuConfig cfg) {
        Bool reqFire = bit(io -> io.req.valid).and(bit(io -> io.req.ready));
        Bool cmdFire = bit(io -> io.cmd.valid).and(bit(io -> io.cmd.ready));
        Bool rspValid = bit(io -> io.rsp.valid);
        Bool rspFire = rspValid.and(bit(io -> io.rsp.ready));
        Bool resetCmd = cmdFire.and(pin(io -> io.cmd.op).eq(Op.RESET.code));
        Bool error = bit(io -> io.error);
        UInt occupancy = pin(io -> io.occupancy);

        // Requests and commands taken minus responses given: an upper bound on the work owed
        // (not every command is answered). It saturates, and once saturated stays there, so it
        // never wraps to 0 under a long run of unanswered commands; the rule then holds trivially.
        int ow = 4;
        int top = (1 << ow) - 1;
        UInt[] owed = new UInt[1];
        Bool[] resetSeen = new Bool[1];
        only(() -> {
            owed[0] = regInit(UInt(ow), 0).named("owed");
            UInt in = reqFire.pad(ow).add(cmdFire.pad(ow));
            UInt next = owed[0].pad(ow + 2).add(in.pad(ow + 2)).sub(rspFire.pad(ow + 2));
            owed[0].set(mux(owed[0].eq(top).or(next.ge(top)), lit(top, ow), next.truncate(ow)));
            resetSeen[0] = regInit(Bool(), 0).named("reset_seen");
            when(resetCmd, () -> resetSeen[0].set(1));
        });
        Assert(rspValid.not().or(owed[0].ne(0)), "no response without an outstanding request or command");
        Assert(rspValid.not().or(pin(io -> io.rsp.kind).lt(Kind.values().length)), "a response kind is one of the model's kinds");
        Assert(occupancy.le(cfg.cells()), "occupancy never exceeds the cells");
        when(initial().not(), () -> Assert(fell(error).not().or(past(resetSeen[0])), "error stays set until a RESET command"));

        Cover(rspFire, "a response is taken");
        Cover(occupancy.eq(cfg.cells()), "the unit fills up");
        Cover(error, "error is raised");
        Cover(fell(error), "a RESET clears error");
    }

    /** Position p = block * BLOCK + cell: 0 is the youngest cell, where INSERTs enter. */
    private void entryRules(AlpuConfig cfg, AlpuTop dut) {
        int n = cfg.cells();
        boolean prq = cfg.variant() == Variant.PRQ;
        List<Bool> valid = new ArrayList<>();
        List<UInt> match = new ArrayList<>();
        List<UInt> mask = new ArrayList<>();
        List<UInt> tag = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            String cell = "cells.block_" + p / cfg.block() + ".cell_" + p % cfg.block() + ".";
            valid.add(probe(dut, cell + "valid").bit(0));
            match.add(probe(dut, cell + "match"));
            tag.add(probe(dut, cell + "tag"));
            if (prq) mask.add(probe(dut, cell + "mask"));
        }
        UInt key = probe(dut, "cells.block_0.cell_0.key");
        UInt keyMask = prq ? null : probe(dut, "cells.block_0.cell_0.key_mask");
        Bool compact = probe(dut, "cells.block_0.compact").bit(0);
        Bool entering = probe(dut, "cells.block_0.in_valid").bit(0);
        Bool del = FALSE();
        for (int b = 0; b < cfg.blocks(); b++) {
            for (int i = 0; i < cfg.block(); i++) del = del.or(probe(dut, "cells.block_" + b + ".deletes_" + i).bit(0));
        }
        UInt answer = probe(dut, "cells.match_tag");
        Bool delete = del;

        int cw = cfg.cntWidth();
        int lw = Widths.forCount(n);
        int settle = settleCycles(cfg);
        int sw = Widths.forValue(settle);
        UInt[] held = new UInt[1];
        UInt[] calm = new UInt[1];
        Bool[] contiguous = new Bool[1];
        Bool[] hits = new Bool[n];
        UInt[] oldest = new UInt[1];
        Bool[] any = new Bool[1];
        only(() -> {
            UInt count = lit(0, cw);
            for (Bool v : valid) count = count.add(v.pad(cw));
            held[0] = wireOf("valid_cells", count);
            Bool c = TRUE();
            for (int p = 0; p + 1 < n; p++) c = c.and(valid.get(p).not().or(valid.get(p + 1)));
            contiguous[0] = wireOf("contiguous", c);
            calm[0] = regInit(UInt(sw), 0).named("calm");
            Bool free = compact.and(entering.not());
            calm[0].set(mux(free, mux(calm[0].eq(settle), calm[0], calm[0].add(1)), lit(0, sw)));
            Bool a = FALSE();
            UInt o = lit(0, lw);
            for (int p = 0; p < n; p++) {
                UInt m = prq ? mask.get(p) : keyMask;
                hits[p] = wireOf("matches_" + p, valid.get(p).and(match.get(p).xor(key).and(m.not()).eq(0)));
                o = mux(hits[p], lit(p, lw), o); // the highest position, the oldest entry, wins
                a = a.or(hits[p]);
            }
            oldest[0] = wireOf("oldest_match", o);
            any[0] = wireOf("any_match", a);
        });
        Assert(pin(io -> io.occupancy).eq(held[0]), "occupancy equals the number of valid cells");
        when(calm[0].eq(settle), () -> Assert(contiguous[0], "valid cells are contiguous at the old end once compaction settles"));
        when(delete, () -> {
            Assert(any[0], "a delete happens only when an entry matches the request");
            UInt tagOf = lit(0, tag.get(0).width());
            for (int p = 0; p < n; p++) tagOf = mux(oldest[0].eq(p), tag.get(p), tagOf);
            Assert(answer.eq(tagOf), "a match answers with the tag of the oldest matching entry");
        });
        when(initial().not().and(past(delete)), () -> {
            UInt j = past(oldest[0]);
            Bool ok = TRUE();
            for (int p = 0; p < n; p++) {
                Bool moved = j.ge(p);
                Bool expValid = p == 0 ? FALSE() : past(valid.get(p - 1));
                expValid = mux(moved, expValid, past(valid.get(p)));
                int from = Math.max(p - 1, 0);
                Bool same = match.get(p).eq(mux(moved, past(match.get(from)), past(match.get(p))))
                        .and(tag.get(p).eq(mux(moved, past(tag.get(from)), past(tag.get(p)))));
                if (prq) same = same.and(mask.get(p).eq(mux(moved, past(mask.get(from)), past(mask.get(p)))));
                ok = ok.and(valid.get(p).eq(expValid)).and(valid.get(p).not().or(same));
            }
            Assert(ok, "a delete removes exactly the oldest matching entry and moves the younger ones up by one");
        });

        Cover(delete, "a match deletes an entry");
        UInt two = lit(0, cw);
        for (Bool h : hits) two = two.add(h.pad(cw));
        Cover(delete.and(two.ge(2)), "a match deletes while two entries match");
        Cover(calm[0].eq(settle).and(held[0].ge(2)), "compaction settles with two entries");
        Cover(contiguous[0].not(), "an entry falls past an empty cell");
    }

    /** The mirrored pin of an interface field, by the name {@link AlpuPorts} derives for it. */
    private UInt pin(Function<AlpuInterface, ? extends Data> field) {
        String name = ports.pin(field).name();
        UInt u = pins.get(name);
        if (u == null) throw new IllegalStateException("the ALPU has no port " + name + "; ports are " + pins.keySet());
        return u;
    }

    private Bool bit(Function<AlpuInterface, ? extends Data> field) {
        return pin(field).bit(0);
    }
}
