package tagmatch.sim.api;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The library modules' API (public and protected members) against the last release's, kept as
 * jars in {@code hdl-sim/api/} (CONTRIBUTING.md, "The library's API"): every change since then is named in CHANGELOG.md's
 * {@code [Unreleased]} section, a breaking one under {@code ### Breaking}, and the version in the
 * poms, the changelog's releases and the baseline agree. This module's tests see all three modules,
 * so the check for all of them lives here.
 */
class ApiChangelogTest {
    private static final Path ROOT = Path.of(System.getProperty("tagmatch.root", ".."));
    private static final Path BASELINE = ROOT.resolve("hdl-sim/api");
    private static final Path CHANGELOG = ROOT.resolve("CHANGELOG.md");
    private static final List<String> MODULES = List.of("process", "hdl-dsl", "hdl-sim");
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)(-SNAPSHOT)?");

    @Test
    void everyApiChangeSinceTheLastReleaseHasAChangelogEntry() throws IOException {
        String released = baselineVersion();
        List<Path> oldPath = new ArrayList<>(MODULES.stream().map(m -> baselineJar(m, released)).toList());
        List<Path> newPath = new ArrayList<>(List.of(built(tagmatch.process.Exec.class),
                built(tagmatch.hdl.core.Hdl.class), built(tagmatch.sim.Simulator.class)));
        // what the modules' signatures refer to besides the JDK and each other
        List<Path> libraries = List.of(built(com.sun.jna.Native.class), built(org.objectweb.asm.ClassWriter.class));
        oldPath.addAll(libraries);
        newPath.addAll(libraries);
        List<ApiDiff.Change> changes = new ArrayList<>();
        for (int i = 0; i < MODULES.size(); i++) {
            changes.addAll(ApiDiff.compare(MODULES.get(i), oldPath.get(i), released, newPath.get(i), oldPath, newPath));
        }
        List<String> missing = missingEntries(changes, Changelog.parse(Files.readString(CHANGELOG)));
        if (!missing.isEmpty()) {
            fail("the API (public and protected members) of " + String.join(", ", MODULES) + " changed since release " + released
                    + " (the jars in " + ROOT.relativize(BASELINE) + "/) without an entry in CHANGELOG.md's [Unreleased] section:\n  "
                    + String.join("\n  ", missing) + "\n"
                    + "Add an entry for each to CHANGELOG.md that names it in backticks: a breaking change under"
                    + " '### Breaking' (and the version bumped as CONTRIBUTING.md's \"The library's API\" says),"
                    + " any other under '### Added', '### Changed' or '### Removed'. When you release, replace the"
                    + " jars in " + ROOT.relativize(BASELINE) + "/ with the released ones.");
        }
    }

    @Test
    void theBaselineIsTheNewestReleaseAndThePomsAgree() throws IOException {
        Changelog log = Changelog.parse(Files.readString(CHANGELOG));
        assertTrue(!log.released().isEmpty(), "CHANGELOG.md lists no release ('## [X.Y.Z] - YYYY-MM-DD')");
        String newest = log.released().get(0).version();
        assertEquals(newest, baselineVersion(), ROOT.relativize(BASELINE) + "/ must hold the jars of the newest release in"
                + " CHANGELOG.md, " + newest + ": replace them with that release's process, hdl-dsl and hdl-sim jars");
        String problem = versionProblem(pomVersion(), newest, log.unreleased().has(Changelog.BREAKING));
        assertEquals("", problem, problem);
    }

    @Test
    void eachReleaseBumpsTheVersionItsChangesNeed() throws IOException {
        List<String> problems = releaseProblems(Changelog.parse(Files.readString(CHANGELOG)));
        assertEquals(List.of(), problems, String.join("\n", problems));
    }

    @Test
    void aReleaseWithBreakingChangesThatBumpsOnlyThePatchIsRefused() {
        Changelog log = Changelog.parse("""
                ## [Unreleased]
                ## [0.2.1] - 2026-12-01
                ### Breaking
                - `Simulators` moves.
                ## [0.2.0]
                """);
        assertEquals(List.of("CHANGELOG.md: release 0.2.1 follows 0.2.0 with breaking changes, so it must be at least 0.3.0"
                + " (Semantic Versioning; before 1.0 a breaking change bumps the minor)"), releaseProblems(log));
    }

    /** Each release against the one before it: newer, dated, and bumped as its breaking changes need. */
    static List<String> releaseProblems(Changelog log) {
        List<Changelog.Release> released = log.released();
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 1 < released.size(); i++) {
            Changelog.Release newer = released.get(i);
            String older = released.get(i + 1).version();
            boolean breaking = newer.has(Changelog.BREAKING);
            String needed = breaking ? breakingBump(older) : older;
            if (compare(newer.version(), needed) < 0 || compare(newer.version(), older) <= 0) {
                out.add("CHANGELOG.md: release " + newer.version() + " follows " + older + (breaking
                        ? " with breaking changes, so it must be at least " + needed
                        : ", so it must be newer") + " (Semantic Versioning; before 1.0 a breaking change bumps the minor)");
            }
            if (newer.date() == null) out.add("CHANGELOG.md: release " + newer.version() + " has no date ('## [X.Y.Z] - YYYY-MM-DD')");
        }
        return out;
    }

    @Test
    void aChangeWithoutAnEntryIsNamedAndABreakingOneNeedsTheBreakingSection() {
        Changelog log = Changelog.parse("""
                ## [Unreleased]
                ### Breaking
                - `Simulators` moves to `tagmatch.sim.backends`.
                ### Added
                - `Hdl.printf(cond, format, values)`; `Simulator.step` takes a count.
                ## [0.2.0] - 2026-11-27
                """);
        List<ApiDiff.Change> changes = List.of(
                new ApiDiff.Change("hdl-sim", "tagmatch.sim.Simulators", "", "is removed", true),
                new ApiDiff.Change("hdl-sim", "tagmatch.sim.backends.Simulators", "", "is new", false),
                new ApiDiff.Change("hdl-dsl", "tagmatch.hdl.core.Hdl", "printf(Bool, String, Data[])", "is new", false),
                new ApiDiff.Change("hdl-sim", "tagmatch.sim.Simulator", "step(int)", "is removed", true),
                new ApiDiff.Change("process", "tagmatch.process.Exec$Result", "", "is new", false));
        assertEquals(List.of(
                "hdl-sim: tagmatch.sim.Simulator.step(int) is removed (breaking): name `Simulator` and `step` under '### Breaking'",
                "process: tagmatch.process.Exec.Result is new: name `Exec` in [Unreleased]"),
                missingEntries(changes, log));
    }

    @Test
    void thePomsVersionIsTheNewestReleaseOrASnapshotOfWhatItsChangesNeed() {
        assertEquals("", versionProblem("0.2.0", "0.2.0", true));
        assertEquals("", versionProblem("0.3.0-SNAPSHOT", "0.2.0", true));
        assertEquals("", versionProblem("0.2.1-SNAPSHOT", "0.2.0", false));
        assertEquals("", versionProblem("1.1.0-SNAPSHOT", "1.0.0", false));
        assertTrue(versionProblem("0.2.1-SNAPSHOT", "0.2.0", true).contains("at least 0.3.0-SNAPSHOT"));
        assertTrue(versionProblem("1.1.0-SNAPSHOT", "1.0.0", true).contains("at least 2.0.0-SNAPSHOT"));
        assertTrue(versionProblem("0.3.0", "0.2.0", false).contains("newest release in CHANGELOG.md is 0.2.0"));
    }

    /** The changes that no entry names, each with what its entry must name and where. */
    static List<String> missingEntries(List<ApiDiff.Change> changes, Changelog log) {
        Set<String> unreleased = Changelog.names(log.unreleased().text());
        Set<String> breaking = Changelog.names(log.unreleased().sections().getOrDefault(Changelog.BREAKING, ""));
        List<String> out = new ArrayList<>();
        for (ApiDiff.Change c : changes) {
            if (c.breaking()) {
                String element = elementName(c);
                if (!breaking.contains(c.topLevel()) || !breaking.contains(element)) {
                    out.add(c + ": name `" + c.topLevel() + "`" + (element.equals(c.topLevel()) ? "" : " and `" + element + "`")
                            + " under '### Breaking'");
                }
            } else if (!unreleased.contains(c.topLevel())) {
                out.add(c + ": name `" + c.topLevel() + "` in [Unreleased]");
            }
        }
        return out;
    }

    /** The member's name, or the type's own simple name for a change to the type itself. */
    private static String elementName(ApiDiff.Change c) {
        if (c.element().isEmpty()) return c.type().substring(Math.max(c.type().lastIndexOf('.'), c.type().lastIndexOf('$')) + 1);
        String member = c.element().startsWith("new ") ? c.element().substring(4) : c.element();
        int paren = member.indexOf('(');
        return paren < 0 ? member : member.substring(0, paren);
    }

    /**
     * Between releases the poms carry either the newest release's version or a snapshot of the
     * next one; with breaking changes in [Unreleased] that snapshot is at least the breaking bump.
     */
    static String versionProblem(String pom, String newestRelease, boolean breakingUnreleased) {
        if (pom.equals(newestRelease)) return "";
        String needed = breakingUnreleased ? breakingBump(newestRelease) : newestRelease;
        if (!pom.endsWith("-SNAPSHOT")) {
            return "the poms' version is " + pom + " but the newest release in CHANGELOG.md is " + newestRelease
                    + ": the poms carry that release's version, or a snapshot of the next one (X.Y.Z-SNAPSHOT)";
        }
        if (compare(pom, needed) < 0 || compare(pom, newestRelease) <= 0) {
            return "the poms' version is " + pom + " but [Unreleased] in CHANGELOG.md has "
                    + (breakingUnreleased ? "breaking changes" : "changes") + " since " + newestRelease + ": it must be at least "
                    + (breakingUnreleased ? needed + "-SNAPSHOT" : "a later snapshot")
                    + " (Semantic Versioning; before 1.0 a breaking change bumps the minor)";
        }
        return "";
    }

    /** The first version after {@code v} that may break the API: the next minor before 1.0, the next major after. */
    static String breakingBump(String v) {
        int[] p = parts(v);
        return p[0] == 0 ? "0." + (p[1] + 1) + ".0" : (p[0] + 1) + ".0.0";
    }

    private static int compare(String a, String b) {
        int[] x = parts(a);
        int[] y = parts(b);
        for (int i = 0; i < 3; i++) if (x[i] != y[i]) return Integer.compare(x[i], y[i]);
        return 0;
    }

    private static int[] parts(String v) {
        Matcher m = VERSION.matcher(v);
        if (!m.matches()) throw new IllegalArgumentException("a version is X.Y.Z or X.Y.Z-SNAPSHOT, got '" + v + "'");
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
    }

    /** The one version of the three jars in the baseline folder, named {@code MODULE-X.Y.Z.jar}. */
    private static String baselineVersion() throws IOException {
        List<String> versions;
        try (Stream<Path> files = Files.list(BASELINE)) {
            versions = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jar"))
                    .map(n -> n.substring(n.lastIndexOf('-') + 1, n.length() - ".jar".length())).distinct().toList();
        }
        if (versions.size() != 1) {
            fail(ROOT.relativize(BASELINE) + "/ must hold the jars of one release (process-X.Y.Z.jar, hdl-dsl-X.Y.Z.jar,"
                    + " hdl-sim-X.Y.Z.jar), got versions " + versions);
        }
        return versions.get(0);
    }

    private static Path baselineJar(String module, String version) {
        Path jar = BASELINE.resolve(module + "-" + version + ".jar");
        if (!Files.isRegularFile(jar)) fail(ROOT.relativize(BASELINE) + "/ has no " + jar.getFileName() + ": it holds one jar per library module");
        return jar;
    }

    /** Where this build's copy of a class comes from: a module's classes directory or jar. */
    private static Path built(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the classes of " + c.getName(), e);
        }
    }

    private static String pomVersion() {
        try {
            Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(ROOT.resolve("pom.xml").toFile()).getDocumentElement();
            for (org.w3c.dom.Node n = project.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTagName().equals("version")) return e.getTextContent().trim();
            }
            throw new IllegalStateException("the root pom.xml has no <version>");
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the version of " + ROOT.resolve("pom.xml"), e);
        }
    }
}
