package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Module;
import tagmatch.hdl.core.UInt;

import static tagmatch.hdl.core.Hdl.Bool;
import static tagmatch.hdl.core.Hdl.UInt;

/**
 * A block on the cluster's interconnect that the harts reach with plain loads and stores in its
 * window ({@link DeviceSlot}), elaborated into the same circuit as the cores. The cluster serves
 * one access to it a cycle (cores compete in the rotating order the banks use) and formats it with
 * an {@link AtomicUnit}, as a bank does: the device shows the addressed 64-bit word as it is
 * ({@code s_old}, combinationally from {@code s_offset}) and, on a store, takes the merged word to
 * write ({@code s_new}). It may refuse an access ({@code s_ready} low, for instance a full queue):
 * the hart replays the instruction, so nothing is lost and the hart retries by itself. An access is
 * performed (a load's side effect included) exactly in a cycle where {@code s_valid} and
 * {@code s_ready} are both 1. It costs its hart the wait of an uncached register one hop away (the
 * L2's latency, or the flat latency), as the console does.
 *
 * <p>A subclass declares its own logic after this constructor has declared the port; modules
 * above {@code dpa-cluster} supply devices this way without the cluster knowing them.
 */
public abstract class BusDevice extends Module {
    /** The cluster's (registered) run signal: low while a program is loaded. */
    public final Bool run;
    /** An access this cycle, and whether it writes. */
    public final Bool sValid;
    public final Bool sWrite;
    /** The byte offset in the device's window of the 64-bit word accessed (its low three bits are 0). */
    public final UInt sOffset;
    /** A store's word to write: the old word with the store's bytes merged in. */
    public final UInt sNew;
    /** The addressed word as it is, for the access in flight. */
    public final UInt sOld;
    /** The device takes the access this cycle; low: the hart replays it. */
    public final Bool sReady;

    /** @param windowBits log2 of the window's bytes, as its {@link DeviceSlot} says */
    protected BusDevice(int windowBits) {
        run = input("run", Bool());
        sValid = input("s_valid", Bool());
        sWrite = input("s_write", Bool());
        sOffset = input("s_offset", UInt(windowBits));
        sNew = input("s_new", UInt(64));
        sOld = output("s_old", UInt(64));
        sReady = output("s_ready", Bool());
    }
}
