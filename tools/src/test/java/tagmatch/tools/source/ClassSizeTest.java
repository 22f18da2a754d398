package tagmatch.tools.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No class of any module's main code is over 500 lines, no class of the command line over 250,
 * and no constructor over 120: one concept per class, a command that reads options, calls one
 * service and prints, and a constructor that builds hardware in readable parts.
 */
class ClassSizeTest {
    private static final Path ROOT = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();
    private static final int MAX_CLASS_LINES = 500;
    private static final int MAX_COMMAND_LINE_CLASS_LINES = 250;
    private static final int MAX_CONSTRUCTOR_LINES = 120;

    @Test
    void noClassOfAnyModuleIsOverFiveHundredLines() throws IOException {
        List<String> out = new ArrayList<>();
        for (Path m : modules())
            for (Path p : sources(m.resolve("src/main/java"))) out.addAll(classTooLong(ROOT.relativize(p).toString(), read(p)));
        assertEquals(List.of(), out);
    }

    @Test
    void noClassOfTheCommandLineIsOverTwoHundredFiftyLines() {
        List<String> out = new ArrayList<>();
        for (Path p : sources(ROOT.resolve("tools/src/main/java"))) {
            int n = SourceSizes.lines(read(p));
            if (n > MAX_COMMAND_LINE_CLASS_LINES) out.add(ROOT.relativize(p) + ": " + n + " lines (at most " + MAX_COMMAND_LINE_CLASS_LINES + ")");
        }
        assertEquals(List.of(), out);
    }

    @Test
    void noConstructorOfAnyModuleIsOverOneHundredTwentyLines() throws IOException {
        List<String> out = new ArrayList<>();
        for (Path m : modules())
            for (Path p : sources(m.resolve("src/main/java"))) out.addAll(constructorsTooLong(ROOT.relativize(p).toString(), read(p)));
        assertEquals(List.of(), out);
    }

    @Test
    void aLongClassAndALongConstructorAreReportedAndBracesInTextDoNotCount() {
        StringBuilder big = new StringBuilder("final class Big {\n");
        for (int i = 0; i < MAX_CLASS_LINES; i++) big.append("    int f").append(i).append(";\n");
        big.append("}\n");
        assertEquals(List.of("Big.java: 502 lines (at most 500)"), classTooLong("Big.java", big.toString()));

        StringBuilder ctor = new StringBuilder("public final class Core {\n    private final String s;\n\n    public Core(int x) {\n");
        ctor.append("        s = \"}}}\"; // }\n        char c = '}';\n        /* } */\n");
        for (int i = 0; i < MAX_CONSTRUCTOR_LINES - 4; i++) ctor.append("        x++;\n");
        ctor.append("    }\n\n    Core() {\n        this(0);\n    }\n\n    record Req(int a) {\n        Req {\n");
        for (int i = 0; i < MAX_CONSTRUCTOR_LINES; i++) ctor.append("            a++;\n");
        ctor.append("        }\n    }\n}\n");
        assertEquals(List.of("Core.java:4: constructor of Core spans 121 lines (at most 120)",
                "Core.java:131: constructor of Req spans 122 lines (at most 120)"), constructorsTooLong("Core.java", ctor.toString()));
    }

    static List<String> classTooLong(String name, String source) {
        int n = SourceSizes.lines(source);
        return n > MAX_CLASS_LINES ? List.of(name + ": " + n + " lines (at most " + MAX_CLASS_LINES + ")") : List.of();
    }

    static List<String> constructorsTooLong(String name, String source) {
        List<String> out = new ArrayList<>();
        for (SourceSizes.Constructor c : SourceSizes.constructors(source))
            if (c.lines() > MAX_CONSTRUCTOR_LINES)
                out.add(name + ":" + c.line() + ": constructor of " + c.type() + " spans " + c.lines() + " lines (at most " + MAX_CONSTRUCTOR_LINES + ")");
        return out;
    }

    /** Every folder of the project with main code: the reactor's modules and the examples beside it. */
    private static List<Path> modules() throws IOException {
        try (Stream<Path> dirs = Files.list(ROOT)) {
            List<Path> out = dirs.filter(d -> Files.isDirectory(d.resolve("src/main/java"))).sorted().toList();
            assertTrue(out.size() > 10, "found only " + out + " below " + ROOT);
            return out;
        }
    }

    private static List<Path> sources(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
