package tagmatch.testbench.alpu;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

/** The datasheet's port names and widths for one configuration (what a simulator adapter pokes and peeks). */
public final class AlpuPortNames {
    private AlpuPortNames() {}

    /** Inputs in datasheet order with their widths; PRQ has {@code cmd_mask}, UMQ has {@code req_mask}. */
    public static Map<String, Integer> inputs(AlpuConfig c) {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("clk", 1);
        m.put("rst", 1);
        m.put("req_valid", 1);
        m.put("req_match", c.matchWidth());
        if (c.variant() == Variant.UMQ) m.put("req_mask", c.matchWidth());
        m.put("cmd_valid", 1);
        m.put("cmd_op", 2);
        m.put("cmd_match", c.matchWidth());
        if (c.variant() == Variant.PRQ) m.put("cmd_mask", c.matchWidth());
        m.put("cmd_tag", c.tagWidth());
        m.put("rsp_ready", 1);
        return m;
    }

    /** Outputs in datasheet order with their widths. */
    public static Map<String, Integer> outputs(AlpuConfig c) {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("req_ready", 1);
        m.put("cmd_ready", 1);
        m.put("rsp_valid", 1);
        m.put("rsp_kind", 2);
        m.put("rsp_tag", c.tagWidth());
        m.put("rsp_free", c.cntWidth());
        m.put("occupancy", c.cntWidth());
        m.put("insert_mode", 1);
        m.put("error", 1);
        return m;
    }

    /** Every port name, inputs first. */
    public static List<String> all(AlpuConfig c) {
        List<String> names = new ArrayList<>(inputs(c).keySet());
        names.addAll(outputs(c).keySet());
        return names;
    }
}
