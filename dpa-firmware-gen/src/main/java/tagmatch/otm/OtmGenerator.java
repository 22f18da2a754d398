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
import org.stringtemplate.v4.STGroup;
import org.stringtemplate.v4.compiler.CompiledST;

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
            "otm_dpa_handler.h", "otm_dpa_handler.c", "otm_host_rig.h", "otm_host_rig.c", "otm_host_fallback.h",
            "otm_host_fallback.c", "otm_workload.h", "otm_handler_main.c",
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
        ST st = name.equals("otm.c") ? new OtmCGroup().getInstanceOf("otm_c") : new ST(template(name), '$', '$');
        attributes(cfg).forEach(st::add);
        String text = st.render();
        return text.endsWith("\n") ? text : text + "\n";
    }

    /**
     * Every generation-time setting a template sees, in one place. The values a C build may
     * also want at compile time (N, bins, capacities, the MPI-4 hints, the in-order run) are
     * macros of {@code otm_config.h} as well; the rest choose which code is generated at all.
     * <ul>
     *   <li>{@code threads}, {@code bins}, {@code maxRecvs}, {@code maxUnexpected}: the sizes of {@link OtmConfig};
     *       {@code binBits} = log2(bins); {@code multiBin}: more than one bin (a hash is computed at all)</li>
     *   <li>{@code noAnySource}, {@code noAnyTag}: the MPI-4 assertions as 0/1 for {@code otm_config.h};
     *       {@code anySource}, {@code anyTag}: the wildcard receives this build accepts; {@code anyAny}: both;
     *       {@code multiIndex}: either, so receives are kept in more than the (source, tag) index;
     *       {@code indexList}: the indexes in words, for comments</li>
     *   <li>{@code hashMult}: the multiplicative hash (else xor-fold); {@code hashName}: its name;
     *       {@code senderHash}: the sender-side hash API ({@code otm_inline_hash.h}, {@code otm_match_msg_hashed})</li>
     *   <li>{@code fastPath}, {@code earlyBooking}: the optimizations of the booking protocol (ablation switches)</li>
     *   <li>{@code inOrder}: in-order blocks are generated ({@code inOrderRun} > 0); {@code inOrderRun}: how many
     *       blocks follow a contended one in order; {@code wildInOrder}: in order while wildcard receives are stored</li>
     *   <li>{@code configKey}: the configuration's identity ({@link OtmConfig#key()}), for the README and caches</li>
     * </ul>
     */
    static Map<String, Object> attributes(OtmConfig cfg) {
        boolean anySource = !cfg.noAnySource();
        boolean anyTag = !cfg.noAnyTag();
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("threads", cfg.threads());
        a.put("bins", cfg.bins());
        a.put("binBits", Integer.numberOfTrailingZeros(cfg.bins()));
        a.put("multiBin", cfg.bins() > 1);
        a.put("maxRecvs", cfg.maxRecvs());
        a.put("maxUnexpected", cfg.maxUnexpected());
        a.put("noAnySource", cfg.noAnySource() ? 1 : 0);
        a.put("noAnyTag", cfg.noAnyTag() ? 1 : 0);
        a.put("anySource", anySource);
        a.put("anyTag", anyTag);
        a.put("anyAny", anySource && anyTag);
        a.put("multiIndex", anySource || anyTag);
        a.put("hashMult", cfg.hash() == OtmHash.MULTIPLICATIVE);
        a.put("hashName", cfg.hash().label());
        a.put("senderHash", cfg.senderHash());
        a.put("fastPath", cfg.fastPath());
        a.put("earlyBooking", cfg.earlyBooking());
        a.put("inOrder", cfg.inOrderRun() > 0);
        a.put("inOrderRun", cfg.inOrderRun());
        a.put("wildInOrder", cfg.inOrderRun() > 0 && (anySource || anyTag));
        a.put("indexList", indexList(anySource, anyTag));
        a.put("configKey", cfg.key());
        return a;
    }

    /**
     * The templates of {@code otm.c}: one per phase of the matching (hashing, the partial
     * barrier, the indexes, booking, per-key resolution, in-order blocks, unexpected messages)
     * and per part of the API, each a file {@code templates/otm_c/NAME.st}, loaded when
     * {@code otm_c.st} (the list of them, in output order) names it. They take no arguments:
     * each sees the {@link #attributes} of {@code otm_c}. A part file's last newline is the one
     * of the line of {@code otm_c.st} that includes it.
     */
    private static final class OtmCGroup extends STGroup {
        OtmCGroup() {
            super('$', '$');
        }

        @Override
        protected CompiledST load(String name) {
            String res = "templates/otm_c" + name + ".st"; // name is "/part"
            if (OtmGenerator.class.getResource(res) == null) return null;
            String text = template(res.substring("templates/".length(), res.length() - ".st".length()));
            CompiledST part = defineTemplate(name, text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
            part.hasFormalArgs = false; // as a raw template: it sees the attributes of the template that includes it
            return part;
        }
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
