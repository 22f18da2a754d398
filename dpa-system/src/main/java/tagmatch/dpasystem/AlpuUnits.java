package tagmatch.dpasystem;

import java.util.List;
import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;
import tagmatch.dpa.DeviceSlot;

/**
 * The two ALPUs of seed 001's NIC on the cluster: a PRQ unit for the posted receives and a UMQ
 * unit for the unexpected messages, each an {@link AlpuBusDevice} at the address {@code alpu.h}
 * names ({@link #PRQ_BASE}, {@link #UMQ_BASE}).
 */
public record AlpuUnits(AlpuConfig prq, AlpuConfig umq) {
    public static final long PRQ_BASE = 0x1100_0000L;
    public static final long UMQ_BASE = 0x1100_1000L;

    public AlpuUnits {
        if (prq.variant() != Variant.PRQ) throw new IllegalArgumentException("the posted queue's unit must be a PRQ ALPU, got " + prq.variant());
        if (umq.variant() != Variant.UMQ) throw new IllegalArgumentException("the unexpected queue's unit must be a UMQ ALPU, got " + umq.variant());
    }

    /** Both units with {@code cells} cells in blocks of {@code block}, {@code matchWidth} match bits and {@code tagWidth} tag bits. */
    public static AlpuUnits of(int cells, int block, int matchWidth, int tagWidth) {
        return new AlpuUnits(AlpuConfig.of(cells, block, matchWidth, tagWidth, Variant.PRQ),
                AlpuConfig.of(cells, block, matchWidth, tagWidth, Variant.UMQ));
    }

    /** The devices' slots on the cluster's interconnect. */
    public List<DeviceSlot> slots() {
        return List.of(new DeviceSlot("alpu_prq", PRQ_BASE, AlpuBusDevice.WINDOW_BITS, () -> new AlpuBusDevice(prq)),
                new DeviceSlot("alpu_umq", UMQ_BASE, AlpuBusDevice.WINDOW_BITS, () -> new AlpuBusDevice(umq)));
    }
}
