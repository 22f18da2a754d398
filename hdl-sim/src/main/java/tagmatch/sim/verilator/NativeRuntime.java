package tagmatch.sim.verilator;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.nio.LongBuffer;
import java.nio.file.Path;
import tagmatch.sim.SimBuildException;

/**
 * JNA direct mapping of the generic runtime ({@code tm_runtime.c}). Bound once per JVM; every
 * design library's instances are driven through it by handle, which is how several designs and
 * instances coexist while keeping direct mapping's low per-call cost.
 */
final class NativeRuntime {
    private static volatile boolean bound;

    private NativeRuntime() {}

    static synchronized void bind(Path library) {
        if (!bound) {
            Native.register(NativeRuntime.class, NativeLibrary.getInstance(library.toString()));
            if (tm_abi() != 1) {
                throw new SimBuildException("simulation runtime " + library + " has ABI " + tm_abi() + ", expected 1");
            }
            bound = true;
        }
    }

    static native int tm_abi();

    static native void tm_destroy(long h);

    static native void tm_poke(long h, int port, long v);

    static native long tm_peek(long h, int port);

    static native void tm_poke_wide(long h, int port, long[] words);

    static native void tm_peek_wide(long h, int port, long[] words);

    static native void tm_step(long h, long n);

    static native long tm_cycle(long h);

    /** Inputs and outputs in direct buffers: JNA passes their addresses without copying. */
    static native long tm_run(long h, int[] inPorts, int nIn, LongBuffer inputs, long rows,
                              int[] outPorts, int nOut, LongBuffer outputs, long maxCycles,
                              int[] condPorts, int[] condOps, long[] condValues, int nCond, int[] status);

    static native int tm_vcd_open(long h, String path);

    static native void tm_vcd_close(long h);
}
