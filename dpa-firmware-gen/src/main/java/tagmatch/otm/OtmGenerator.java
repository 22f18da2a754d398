package tagmatch.otm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.stringtemplate.v4.ST;

/**
 * Renders the firmware of one {@link OtmConfig} from the StringTemplate templates in
 * {@code tagmatch/otm/templates}. Rendering is pure (same configuration, byte-identical
 * files); {@link #write} renders everything into a temporary directory first, so a failure
 * leaves the output directory untouched.
 */
public final class OtmGenerator {

    /** Templates rendered for every build, in output order. */
    private static final List<String> FILES = List.of(
            "otm_config.h", "otm.h", "otm.c", "flexio_dev_host.h", "flexio_dev_host.c",
            "otm_dpa_handler.h", "otm_dpa_handler.c", "otm_host_rig.h", "otm_host_rig.c", "otm_workload.h", "otm_handler_main.c",
            "otm_pingpong.c", "otm_driver.c", "otm_baseline.h", "otm_bench.c",
            "Makefile", "README.md");

    private OtmGenerator() {}

    /** File name to content, for this configuration. */
    public static Map<String, String> render(OtmConfig cfg) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(FILES);
        if (cfg.senderHash()) names.add(3, "otm_inline_hash.h");
        for (String name : names) out.put(name, renderOne(name, cfg));
        return out;
    }

    /** Writes the build into {@code outDir} (created if needed), replacing files of the same name. */
    public static List<Path> write(OtmConfig cfg, Path outDir) throws IOException {
        Map<String, String> files = render(cfg);
        Path abs = outDir.toAbsolutePath();
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new IllegalArgumentException("--out = " + outDir + " is not a directory");
        }
        Path parent = abs.getParent() == null ? abs : abs.getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempDirectory(parent, ".otm-gen-");
        try {
            for (Map.Entry<String, String> e : files.entrySet()) {
                Files.writeString(tmp.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
            }
            Files.createDirectories(abs);
            List<Path> written = new ArrayList<>();
            for (String name : files.keySet()) {
                Path dst = abs.resolve(name);
                try {
                    Files.move(tmp.resolve(name), dst, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException ex) {
                    Files.move(tmp.resolve(name), dst, StandardCopyOption.REPLACE_EXISTING);
                }
                written.add(dst);
            }
            return written;
        } finally {
            deleteTree(tmp);
        }
    }

    private static String renderOne(String name, OtmConfig cfg) {
        ST st = new ST(template(name), '$', '$');
        boolean anySource = !cfg.noAnySource();
        boolean anyTag = !cfg.noAnyTag();
        st.add("threads", cfg.threads());
        st.add("bins", cfg.bins());
        st.add("binBits", Integer.numberOfTrailingZeros(cfg.bins()));
        st.add("multiBin", cfg.bins() > 1);
        st.add("maxRecvs", cfg.maxRecvs());
        st.add("maxUnexpected", cfg.maxUnexpected());
        st.add("noAnySource", cfg.noAnySource() ? 1 : 0);
        st.add("noAnyTag", cfg.noAnyTag() ? 1 : 0);
        st.add("anySource", anySource);
        st.add("anyTag", anyTag);
        st.add("anyAny", anySource && anyTag);
        st.add("multiIndex", anySource || anyTag);
        st.add("hashMult", cfg.hash() == OtmHash.MULTIPLICATIVE);
        st.add("hashName", cfg.hash().label());
        st.add("senderHash", cfg.senderHash());
        st.add("pollBudget", cfg.pollBudget());
        st.add("fastPath", cfg.fastPath());
        st.add("earlyBooking", cfg.earlyBooking());
        st.add("inOrder", cfg.inOrderRun() > 0);
        st.add("inOrderRun", cfg.inOrderRun());
        st.add("wildInOrder", cfg.inOrderRun() > 0 && (anySource || anyTag));
        st.add("indexList", indexList(anySource, anyTag));
        st.add("configKey", cfg.key());
        String text = st.render();
        return text.endsWith("\n") ? text : text + "\n";
    }

    private static String indexList(boolean anySource, boolean anyTag) {
        List<String> l = new ArrayList<>(List.of("(source, tag) hash"));
        if (anySource) l.add("tag hash (ANY_SOURCE)");
        if (anyTag) l.add("source hash (ANY_TAG)");
        if (anySource && anyTag) l.add("both-wildcards list");
        return String.join(", ", l);
    }

    private static String template(String name) {
        String res = "templates/" + name + ".st";
        try (InputStream in = OtmGenerator.class.getResourceAsStream(res)) {
            if (in == null) throw new IllegalStateException("missing template " + res);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
