package tagmatch.alpu.rtl;

import tagmatch.alpu.AlpuConfig;
import tagmatch.alpu.Variant;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The seed's Table IV/V prototypes (128 and 256 cells, blocks of 8, 16 and 32, PRQ and UMQ,
 * 42 match bits, 16 tag bits), each under its own top name so that all twelve share
 * {@code verilog-out/}: {@code alpu_prq_256x8.v} and its submodules {@code alpu_prq_256x8_*.v}.
 */
public final class ReferenceDesigns {
    /** One reference configuration and the top name it is written under. */
    public record Design(String top, AlpuConfig config) {}

    private ReferenceDesigns() {}

    /** Table IV (PRQ) then Table V (UMQ), each 256 cells first, as the paper lists them. */
    public static List<Design> all() {
        List<Design> out = new ArrayList<>();
        for (Variant v : Variant.values()) {
            for (int cells : new int[] {256, 128}) {
                for (int block : new int[] {8, 16, 32}) {
                    out.add(new Design(v.defaultTop() + "_" + cells + "x" + block, AlpuConfig.seed(cells, block, v)));
                }
            }
        }
        return out;
    }

    /** Every file of every reference design: name to text. */
    public static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        for (Design d : all()) files.putAll(AlpuRtl.emit(d.config(), d.top()));
        return files;
    }

    /** One design written: the directory it was written into and its files, the top's last. */
    public record Written(Design design, Path dir, List<Path> files) {}

    /** Writes each reference design into its own subdirectory of {@code dir}, named for its top. */
    public static List<Written> writeEach(Path dir) throws IOException {
        List<Written> out = new ArrayList<>();
        for (Design d : all()) {
            Path sub = dir.resolve(d.top());
            out.add(new Written(d, sub, AlpuRtl.write(d.config(), d.top(), sub)));
        }
        return out;
    }
}
