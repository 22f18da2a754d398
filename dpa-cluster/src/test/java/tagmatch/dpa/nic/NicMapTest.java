package tagmatch.dpa.nic;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** nic.h, which C drivers include, and {@link NicMap}, which the hardware and the runner use, say the same. */
class NicMapTest {
    @Test
    void everyConstantOfNicMapHasTheValueNicHDefines() throws IOException, IllegalAccessException {
        String header;
        try (InputStream in = NicMap.class.getResourceAsStream("/tagmatch/dpa/baremetal/nic.h")) {
            header = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, Long> defs = new HashMap<>();
        Matcher m = Pattern.compile("#define (NIC_\\w+)\\s+(0x[0-9a-fA-F]+|\\d+)[uUlL]*").matcher(header);
        while (m.find()) defs.put(m.group(1), Long.decode(m.group(2)));
        int checked = 0;
        for (Field f : NicMap.class.getFields()) {
            if (!Modifier.isStatic(f.getModifiers())) continue;
            String name = "NIC_" + f.getName();
            if (!defs.containsKey(name)) continue;
            assertEquals(defs.get(name), f.getLong(null), name);
            checked++;
        }
        assertTrue(checked >= 35, "constants compared: " + checked);
        assertEquals(NicMap.LAYOUT_WORDS, Pattern.compile("uint64_t \\w+;").matcher(header.substring(header.indexOf("struct nic_host_layout {"),
                header.indexOf("};", header.indexOf("struct nic_host_layout {")))).results().count());
    }
}
