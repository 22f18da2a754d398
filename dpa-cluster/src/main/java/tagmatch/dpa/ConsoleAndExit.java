package tagmatch.dpa;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.HwEnum;
import tagmatch.hdl.core.UInt;
import tagmatch.hdl.core.Vec;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The console and exit registers ({@link DpaConfig#CONSOLE}, {@link DpaConfig#EXIT}), described
 * into the cluster: one more port the cores compete for. A store to the console appends its low
 * byte to a buffer of {@link DpaCluster#CONSOLE_BYTES} that the runner drains with
 * {@code clear}; a store to the exit register ends the run. Loads there read 0.
 */
final class ConsoleAndExit {
    /** Per core: its access was served this cycle. */
    final Bool[] granted;
    final UInt count = regInit(UInt(4), 0).named("console_count_r");
    final Vec<UInt> bytes = reg(Vec(DpaCluster.CONSOLE_BYTES, () -> UInt(8))).named("console");
    final Bool full = count.eq(DpaCluster.CONSOLE_BYTES).named("console_full");
    final Bool exited = regInit(Bool(), 0).named("exited_r");
    final UInt exitCode = regInit(UInt(64), 0).named("exit_code_r");

    ConsoleAndExit(Bool run, Bool clear, MemRequest[] reqs, Bool[] toMmio, RotatingPriority arbiter) {
        Bool[] win = arbiter.grant(toMmio, "mmio");
        HwEnum<MemOp> op = RotatingPriority.pick(win, reqs, q -> q.op, "mmio_op");
        UInt data = RotatingPriority.pick(win, reqs, q -> q.data, "mmio_data");
        Bool store = RotatingPriority.any(win).and(op.is(MemOp.STORE)).named("mmio_store");
        Bool toExit = RotatingPriority.pick(win, reqs, q -> q.addr.bit(3), "mmio_exit");
        Bool toConsole = store.and(toExit.not()).named("to_console");
        Bool blocked = toConsole.and(full).and(clear.not()).named("console_blocked");
        UInt slot = mux(clear, lit(0, 4), count).named("console_slot");
        when(clear, () -> count.set(0));
        when(toConsole.and(blocked.not()), () -> {
            bytes.at(slot.bits(2, 0)).set(data.bits(7, 0));
            count.set(slot.add(1));
        });
        when(run.not(), () -> count.set(0));
        when(store.and(toExit), () -> {
            exited.set(1);
            exitCode.set(data.shr(1).pad(64));
        });
        granted = new Bool[reqs.length];
        for (int c = 0; c < reqs.length; c++) granted[c] = win[c].and(blocked.not());
    }
}
