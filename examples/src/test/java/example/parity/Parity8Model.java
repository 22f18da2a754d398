package example.parity;

import tagmatch.sim.BehaviouralModel;
import tagmatch.sim.ModelIo;

/** {@code parity8} in Java, for the interpreter and the compiled backend; its ports are those {@link Parity8} declares. */
final class Parity8Model implements BehaviouralModel {
    @Override
    public void evaluate(ModelIo io) {
        if (io.evaluates("odd")) {
            io.set("odd", Long.bitCount(io.get("d")) & 1);
        }
    }
}
