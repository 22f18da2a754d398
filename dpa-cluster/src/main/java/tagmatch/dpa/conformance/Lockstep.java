package tagmatch.dpa.conformance;

import java.util.List;
import tagmatch.dpa.Retirement;

/**
 * Compares a hart's retirements with qemu's states retirement by retirement: the same pc, and
 * the same register writes (the register the hart names holds its value in qemu's next state, and
 * no other register changed there). qemu's last state is the one before the exit store, which
 * must be the hart's next retirement.
 */
public final class Lockstep {
    private Lockstep() {}

    /** Null when the two agree, else the first difference with the instructions before it. */
    public static String firstDifference(QemuStates qemu, List<Retirement> hart) {
        int n = qemu.size() - 1;
        for (int i = 0; i < n; i++) {
            if (i >= hart.size()) return "the hart retired " + hart.size() + " instructions, qemu " + n + " before the exit store";
            Retirement r = hart.get(i);
            String where = "retirement " + i + " (" + describe(r) + ", qemu pc " + String.format("%016x", qemu.pc(i)) + ")";
            if (r.pc() != qemu.pc(i)) return where + ": pc differs" + context(hart, i);
            for (int x = 1; x < 32; x++) {
                long before = qemu.reg(i, x), after = qemu.reg(i + 1, x);
                if (x == r.rd()) {
                    if (after != r.value()) return where + ": qemu writes x" + x + " = " + String.format("%016x", after) + context(hart, i);
                } else if (after != before) {
                    return where + ": qemu writes x" + x + " = " + String.format("%016x", after) + " and the hart does not" + context(hart, i);
                }
            }
        }
        if (hart.size() <= n || hart.get(n).pc() != qemu.pc(n)) {
            return "the exit store at pc " + String.format("%016x", qemu.pc(n)) + " is not the hart's retirement " + n
                    + (hart.size() > n ? " (" + describe(hart.get(n)) + ")" : " (it retired " + hart.size() + ")");
        }
        return null;
    }

    private static String context(List<Retirement> hart, int i) {
        StringBuilder sb = new StringBuilder("; the hart's retirements before it:");
        for (int k = Math.max(0, i - 4); k < i; k++) sb.append("\n  ").append(k).append(": ").append(describe(hart.get(k)));
        return sb.toString();
    }

    static String describe(Retirement r) {
        return String.format("pc %016x %s", r.pc(), r.rd() == 0 ? "no register write" : String.format("x%d = %016x", r.rd(), r.value()));
    }
}
