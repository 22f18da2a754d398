package tagmatch.sim;

import java.util.ArrayList;
import java.util.List;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.Circuit;
import tagmatch.hdl.ir.Direction;
import tagmatch.hdl.ir.ModuleDef;
import tagmatch.hdl.ir.Port;

/** The adapter from the DSL: an elaborated {@link Circuit} as a {@link SimDesign}. */
public final class CircuitDesigns {
    private CircuitDesigns() {}

    public static SimDesign of(Circuit circuit) {
        ModuleDef top = circuit.top();
        List<SimPort> ports = new ArrayList<>();
        for (Port p : top.ports()) {
            ports.add(new SimPort(p.name(), p.width(), p.direction() == Direction.IN));
        }
        java.util.Set<java.nio.file.Path> sources = new java.util.LinkedHashSet<>();
        for (ModuleDef m : circuit.modules()) {
            if (m.isExternal()) {
                for (String s : m.external().sources()) {
                    sources.add(java.nio.file.Path.of(s));
                }
            }
        }
        return new SimDesign(top.name(), VerilogEmitter.emit(circuit), ports,
                top.clock() == null ? null : top.clock().name(), top.reset() == null ? null : top.reset().name(),
                top.resetActiveLow(), List.copyOf(sources));
    }
}
