package tagmatch.dpa;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Where a {@link BusDevice} sits in the harts' address space: {@code 2^windowBits} bytes from
 * {@code base} (aligned to its size), between {@link #LOWEST} and RAM, clear of the console, the
 * NIC and every other slot. {@code device} builds the block while the cluster is elaborated.
 */
public record DeviceSlot(String name, long base, int windowBits, Supplier<? extends BusDevice> device) {
    /** The lowest address a slot may use: the console and exit registers and the NIC lie below. */
    public static final long LOWEST = 0x1100_0000L;

    public DeviceSlot {
        Objects.requireNonNull(device, "device");
        if (name == null || !name.matches("[a-z][a-z0-9_]{0,30}"))
            throw new IllegalArgumentException("device name must be [a-z][a-z0-9_]{0,30}, got '" + name + "'");
        if (windowBits < 3 || windowBits > 20)
            throw new IllegalArgumentException("device " + name + ": windowBits must be in 3..20, got " + windowBits);
        if (base < LOWEST || base + (1L << windowBits) > 0x4000_0000L || (base & ((1L << windowBits) - 1)) != 0)
            throw new IllegalArgumentException("device " + name + ": base must be a multiple of its window (" + (1L << windowBits)
                    + " bytes) in 0x" + Long.toHexString(LOWEST) + "..0x40000000, got 0x" + Long.toHexString(base));
    }

    /** The window's bytes. */
    public long bytes() {
        return 1L << windowBits;
    }

    boolean overlaps(DeviceSlot o) {
        return base < o.base + o.bytes() && o.base < base + bytes();
    }
}
