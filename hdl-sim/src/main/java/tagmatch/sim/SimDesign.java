package tagmatch.sim;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a simulator needs to know about a design: the top module's name, its complete Verilog
 * source, its ports (in a fixed order that defines {@link PortHandle#index()}), the names of the
 * clock and the reset input ({@code null} when the design has none), whether the reset is asserted
 * at 0, and the Verilog files of external modules it instantiates (compiled in with it; part of the
 * build's cache key).
 */
public record SimDesign(String top, String verilog, List<SimPort> ports, String clock, String reset,
                        boolean resetActiveLow, List<java.nio.file.Path> sources) {
    /** A design with an active-high reset. */
    public SimDesign(String top, String verilog, List<SimPort> ports, String clock, String reset,
                     List<java.nio.file.Path> sources) {
        this(top, verilog, ports, clock, reset, false, sources);
    }

    /** A design wholly in {@code verilog}. */
    public SimDesign(String top, String verilog, List<SimPort> ports, String clock, String reset) {
        this(top, verilog, ports, clock, reset, List.of());
    }

    public SimDesign {
        sources = List.copyOf(sources);
        if (top == null || !top.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("top: '" + top + "' is not a Verilog module name");
        }
        if (verilog == null || verilog.isBlank()) {
            throw new IllegalArgumentException("verilog: empty source for top module " + top);
        }
        ports = List.copyOf(ports);
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("ports: top module " + top + " has no ports");
        }
        Set<String> seen = new HashSet<>();
        for (SimPort p : ports) {
            if (!seen.add(p.name())) {
                throw new IllegalArgumentException("ports: '" + p.name() + "' is declared twice in " + top);
            }
        }
        checkControl("clock", clock, ports);
        checkControl("reset", reset, ports);
        if (clock != null && clock.equals(reset)) {
            throw new IllegalArgumentException("reset: '" + reset + "' is also the clock");
        }
    }

    private static void checkControl(String what, String name, List<SimPort> ports) {
        if (name == null) {
            return;
        }
        for (SimPort p : ports) {
            if (p.name().equals(name)) {
                if (!p.input() || p.width() != 1) {
                    throw new IllegalArgumentException(what + ": port '" + name + "' must be a 1-bit input, is " + p);
                }
                return;
            }
        }
        throw new IllegalArgumentException(what + ": no port named '" + name + "'; ports are " + names(ports));
    }

    static String names(List<SimPort> ports) {
        StringBuilder sb = new StringBuilder("[");
        for (SimPort p : ports) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(p);
        }
        return sb.append(']').toString();
    }
}
