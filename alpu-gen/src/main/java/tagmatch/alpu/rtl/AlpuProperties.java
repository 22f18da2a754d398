package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.Port;

import java.util.HashMap;
import java.util.Map;

import static tagmatch.hdl.core.Formal.*;
import static tagmatch.hdl.core.Hdl.*;

/**
 * Datasheet rules of the ALPU stated over its ports only, so they hold for any implementation
 * behind them: the unit is instantiated, every port is mirrored on this module (the prover
 * drives the inputs freely), and formal-only bookkeeping counts what was asked of it.
 * <ul>
 *   <li>no response without an outstanding request or command (R2);</li>
 *   <li>a response kind is never 3 (R2);</li>
 *   <li>occupancy never exceeds the cells (R3, STATUS);</li>
 *   <li>{@code error}, once set, stays set until a RESET command (R7).</li>
 * </ul>
 * Covers show a response taken, the unit full, error raised and cleared.
 */
public final class AlpuProperties extends Module {
    private final Map<String, UInt> pins = new HashMap<>();

    public AlpuProperties(AlpuConfig cfg) {
        param("cells", cfg.cells());
        param("block", cfg.block());
        param("variant", cfg.variant());
        AlpuTop dut = instance("dut", new AlpuTop(cfg));
        for (Port p : dut.definition().ports()) {
            if (p.name().equals("clk") || p.name().equals("rst")) continue; // wired by instance()
            UInt pin = portOf(dut, p.name());
            if (p.direction() == Direction.IN) {
                UInt in = input(p.name(), UInt(p.width()));
                pin.set(in);
                pins.put(p.name(), in);
            } else {
                output(p.name(), UInt(p.width())).set(pin);
                pins.put(p.name(), pin);
            }
        }
        Bool reqFire = bit("req_valid").and(bit("req_ready"));
        Bool cmdFire = bit("cmd_valid").and(bit("cmd_ready"));
        Bool rspFire = bit("rsp_valid").and(bit("rsp_ready"));
        Bool resetCmd = cmdFire.and(pin("cmd_op").eq(3));
        Bool error = bit("error");

        int ow = 8; // outstanding work within any proof depth (< 128 cycles)
        UInt[] owed = new UInt[1];
        Bool[] resetSeen = new Bool[1];
        only(() -> {
            owed[0] = regInit(UInt(ow), 0).named("owed");
            owed[0].set(owed[0].add(reqFire.pad(ow)).add(cmdFire.pad(ow)).sub(rspFire.pad(ow)));
            resetSeen[0] = regInit(Bool(), 0).named("reset_seen");
            when(resetCmd, () -> resetSeen[0].set(1));
        });
        Assert(bit("rsp_valid").not().or(owed[0].ne(0)), "no response without an outstanding request or command");
        Assert(pin("rsp_kind").ne(3), "a response kind is 0, 1 or 2");
        Assert(pin("occupancy").le(cfg.cells()), "occupancy never exceeds the cells");
        when(initial().not(), () -> Assert(fell(error).not().or(past(resetSeen[0])), "error stays set until a RESET command"));

        Cover(rspFire, "a response is taken");
        Cover(pin("occupancy").eq(cfg.cells()), "the unit fills up");
        Cover(error, "error is raised");
        Cover(fell(error), "a RESET clears error");
    }

    private UInt pin(String name) {
        UInt u = pins.get(name);
        if (u == null) throw new IllegalArgumentException("the ALPU has no port " + name + "; ports are " + pins.keySet());
        return u;
    }

    private Bool bit(String name) {
        return pin(name).bit(0);
    }
}
