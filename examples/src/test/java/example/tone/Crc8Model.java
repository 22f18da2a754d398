package example.tone;

import tagmatch.sim.BehaviouralModel;
import tagmatch.sim.ExternalInstance;
import tagmatch.sim.ModelIo;

/** {@code crc8} in Java, for the interpreter: what {@code src/main/verilog/crc8.v} does; its ports are those {@link Crc8} declares. */
final class Crc8Model implements BehaviouralModel {
    private final int poly;
    private long crc;

    Crc8Model(ExternalInstance at) {
        poly = (int) at.number("POLY");
    }

    /** The CRC after {@code d}, most significant bit first. */
    static long step(long crc, long d, int poly) {
        long x = crc ^ d;
        for (int i = 0; i < 8; i++) {
            x = (x & 0x80) != 0 ? ((x << 1) ^ poly) & 0xff : (x << 1) & 0xff;
        }
        return x;
    }

    @Override
    public void evaluate(ModelIo io) {
        io.set("crc", crc);
        if (io.evaluates("next")) {
            io.set("next", step(crc, io.get("d"), poly));
        }
    }

    @Override
    public void clockEdge(String port, ModelIo io) {
        if (io.get("rst_n") == 0) {
            crc = 0;
        } else if (io.get("en") != 0) {
            crc = step(crc, io.get("d"), poly);
        }
    }
}
