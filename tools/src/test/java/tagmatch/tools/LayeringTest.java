package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The command line stays a thin layer: picocli only in tools, no class of tools grows into a domain, and no command does a module's work. */
class LayeringTest {
    /** The most lines a class of tools may have: a command reads options, calls one service and prints. */
    private static final int MAX_LINES = 250;

    /**
     * What a picocli command may not touch: files (it prints; {@link OutputDir} and the services
     * write), processes and thread pools (services run tools and work), and the circuit IR or its
     * emitter (generators own them).
     */
    private static final Pattern DOMAIN_WORK = Pattern.compile(
            "\\bFiles\\.|java\\.nio\\.file\\.Files|ProcessBuilder|\\bExec\\b|ExecutorService|Executors|new Thread\\b"
                    + "|tagmatch\\.hdl\\.ir\\.|VerilogEmitter");

    private static final Path ROOT = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();

    @Test
    void noModuleBelowToolsDependsOnPicocli() throws IOException {
        List<String> offenders;
        try (Stream<Path> poms = Files.list(ROOT)) {
            offenders = poms.map(d -> d.resolve("pom.xml")).filter(Files::isRegularFile)
                    .filter(p -> !p.getParent().getFileName().toString().equals("tools"))
                    .filter(p -> read(p).contains("<artifactId>picocli</artifactId>")).map(p -> ROOT.relativize(p).toString()).toList();
        }
        assertEquals(List.of(), offenders);
    }

    @Test
    void noClassOfToolsIsOverTwoHundredFiftyLines() throws IOException {
        List<String> offenders;
        try (Stream<Path> files = Files.walk(ROOT.resolve("tools/src/main/java"))) {
            offenders = files.filter(p -> p.toString().endsWith(".java")).filter(p -> read(p).lines().count() > MAX_LINES)
                    .map(p -> ROOT.relativize(p) + ": " + read(p).lines().count() + " lines").sorted().toList();
        }
        assertEquals(List.of(), offenders);
    }

    @Test
    void noCommandClassWritesFilesRunsToolsOrBuildsCircuits() throws IOException {
        Path main = ROOT.resolve("tools/src/main/java/tagmatch/tools");
        List<String> offenders;
        try (Stream<Path> files = Files.walk(main)) {
            offenders = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> read(p).contains("@Command"))
                    .flatMap(p -> read(p).lines().filter(l -> DOMAIN_WORK.matcher(l).find())
                            .map(l -> ROOT.relativize(p) + ": " + l.strip()))
                    .sorted().toList();
        }
        assertEquals(List.of(), offenders);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
