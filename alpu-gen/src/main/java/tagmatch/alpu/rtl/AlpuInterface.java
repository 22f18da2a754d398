package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.alpu.model.Kind;
import tagmatch.alpu.model.Op;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Bundle;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Enum;

/**
 * The port contract of an ALPU (docs/alpu-datasheet.md), declared once as a bundle seen from the
 * user's side: aligned fields are the unit's inputs, flipped fields its outputs. The generator
 * declares its ports from it ({@code AlpuTop}), and {@link AlpuPorts} derives the pin names and
 * widths that the Java adapters and the Verilator benches use. The variant's mask exists only
 * where the datasheet has it: {@code req_mask} on UMQ, {@code cmd_mask} on PRQ.
 *
 * <p>Each top-level field becomes ports named {@code <field>_<subfield>} ({@code req_valid},
 * {@code cmd_op}, ...) or {@code <field>} for a plain value ({@code occupancy}).
 */
public final class AlpuInterface extends Bundle {
    /** A match request: the key searched for and, on UMQ, its wildcard bits. */
    public static final class Request extends Bundle {
        public final Bool valid = field("valid", new Bool());
        public final Bool ready = flipped("ready", new Bool());
        public final UInt match;
        public final UInt mask;

        public Request(AlpuConfig cfg) {
            match = field("match", new UInt(cfg.matchWidth()));
            mask = optional(cfg.variant() == Variant.UMQ, "mask", () -> new UInt(cfg.matchWidth()));
        }
    }

    /** A command: the operation and, for INSERT, the new entry (its mask on PRQ). */
    public static final class Command extends Bundle {
        public final Bool valid = field("valid", new Bool());
        public final Bool ready = flipped("ready", new Bool());
        public final HwEnum<Op> op = field("op", Enum(Op.class));
        public final UInt match;
        public final UInt mask;
        public final UInt tag;

        public Command(AlpuConfig cfg) {
            match = field("match", new UInt(cfg.matchWidth()));
            mask = optional(cfg.variant() == Variant.PRQ, "mask", () -> new UInt(cfg.matchWidth()));
            tag = field("tag", new UInt(cfg.tagWidth()));
        }
    }

    /** A response as the unit produces it (flipped in the interface: it flows out). */
    public static final class Response extends Bundle {
        public final Bool valid = field("valid", new Bool());
        public final Bool ready = flipped("ready", new Bool());
        public final HwEnum<Kind> kind = field("kind", Enum(Kind.class));
        public final UInt tag;
        public final UInt free;

        public Response(AlpuConfig cfg) {
            tag = field("tag", new UInt(cfg.tagWidth()));
            free = field("free", new UInt(cfg.cntWidth()));
        }
    }

    public final Request req;
    public final Command cmd;
    public final Response rsp;
    public final UInt occupancy;
    public final Bool insertMode;
    public final Bool error;

    public AlpuInterface(AlpuConfig cfg) {
        req = field("req", new Request(cfg));
        cmd = field("cmd", new Command(cfg));
        rsp = flipped("rsp", new Response(cfg));
        occupancy = flipped("occupancy", new UInt(cfg.cntWidth()));
        insertMode = flipped("insert_mode", new Bool());
        error = flipped("error", new Bool());
    }
}
