package tagmatch.sim.verilator;

import tagmatch.sim.Simulator;
import tagmatch.sim.backends.Simulators;
import tagmatch.sim.TestDesigns;
/**
 * Entry point run in a separate JVM by {@link BuildCacheTest}: builds the counter test design in
 * the cache named by {@code tagmatch.cache}, runs it, and reports whether the library was a hit.
 */
public final class BuildInAnotherJvm {
    private BuildInAnotherJvm() {}

    public static void main(String[] args) {
        VerilatorModel m = Simulators.verilatorModel(TestDesigns.counter(), VerilatorOptions.defaults());
        try (Simulator s = m.newInstance()) {
            s.reset();
            s.poke("en", 1);
            s.step(42);
            System.out.println("hit=" + m.cacheHit() + " count=" + s.peek("count") + " lib=" + m.library());
        }
    }
}
