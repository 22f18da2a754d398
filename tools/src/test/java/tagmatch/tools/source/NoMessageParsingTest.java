package tagmatch.tools.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An exception's message is written for people, so its wording can change without breaking code:
 * code that must know which value was bad reads the fields of a {@code tagmatch.process.ParameterError}
 * (the parameter, the rule, the value) and words the check with its own names. No main code takes
 * a message apart: not chained ({@code e.getMessage().startsWith(..)}), not through a variable
 * ({@code String m = e.getMessage(); m.substring(..)}), not through a helper of the same file
 * ({@code optionOf(e.getMessage())} with {@code optionOf(String m)} searching {@code m}), not with
 * a regular expression ({@code PATTERN.matcher(e.getMessage())}).
 */
class NoMessageParsingTest {
    private static final Path ROOT = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();
    private static final String MESSAGE = "\\.\\s*get(?:Localized)?Message\\s*\\(\\s*\\)";
    private static final String TAKING_APART = "startsWith|endsWith|indexOf|lastIndexOf|substring|subSequence|replace|replaceFirst"
            + "|replaceAll|split|matches|contains|charAt|regionMatches";
    private static final String REGEX_ON = "\\b(?:matcher|matches|split)\\s*\\([^;)]*";
    private static final Pattern CHAINED = Pattern.compile(MESSAGE + "\\s*\\.\\s*(" + TAKING_APART + ")\\s*\\(");
    private static final Pattern MATCHED = Pattern.compile(REGEX_ON + MESSAGE);
    private static final Pattern STORED = Pattern.compile("\\b(\\w+)\\s*=\\s*[\\w.\\s]*?" + MESSAGE + "\\s*;");
    private static final Pattern PASSED = Pattern.compile("\\b(\\w+)\\s*\\(\\s*[\\w.\\s]*?" + MESSAGE + "\\s*\\)");

    @Test
    void noMainCodeTakesAnExceptionMessageApart() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path m : modules.filter(d -> Files.isDirectory(d.resolve("src/main/java"))).sorted().toList()) {
                for (Path p : sources(m.resolve("src/main/java"))) out.addAll(parses(ROOT.relativize(p).toString(), read(p)));
            }
        }
        assertEquals(List.of(), out, "throw a tagmatch.process.ParameterError and read its parameter(), rule() and value() instead");
    }

    @Test
    void everyWayOfTakingAMessageApartIsReported() {
        String src = """
                final class C {
                    static final Pattern P = Pattern.compile("x (.*)");
                    void a(Exception e) {
                        if (e.getMessage().startsWith("BLOCK")) throw new X("--block");
                        String m = e
                                .getMessage();
                        if (m.indexOf(' ') > 0) return;
                        Matcher k = P.matcher(e.getMessage());
                        throw new X(optionOf(e.getMessage()));
                    }

                    private static String optionOf(String message) {
                        return message.substring(0, 3);
                    }

                    void fine(Exception e) {
                        System.out.println(e.getMessage() + " (see --help)");
                        String s = "e.getMessage().startsWith(x)"; // e.getMessage().split(" ")
                        throw new X(e.getMessage(), e);
                    }
                }
                """;
        assertEquals(List.of("C.java:4: getMessage().startsWith(..)", "C.java:8: a regular expression on getMessage()",
                "C.java:5: m = getMessage(), then m.indexOf(..) at line 7",
                "C.java:9: optionOf(getMessage()), whose parameter message is taken apart at line 13"), parses("C.java", src));
    }

    static List<String> parses(String name, String source) {
        String code = SourceSizes.code(source);
        List<String> out = new ArrayList<>();
        for (Matcher m = CHAINED.matcher(code); m.find(); ) out.add(name + ":" + line(code, m.start()) + ": getMessage()." + m.group(1) + "(..)");
        for (Matcher m = MATCHED.matcher(code); m.find(); ) out.add(name + ":" + line(code, m.start()) + ": a regular expression on getMessage()");
        for (Matcher m = STORED.matcher(code); m.find(); ) {
            Matcher use = takenApart(m.group(1)).matcher(code);
            if (use.find(m.end())) {
                out.add(name + ":" + line(code, m.start()) + ": " + m.group(1) + " = getMessage(), then " + what(m.group(1), use)
                        + " at line " + line(code, use.start()));
            }
        }
        Set<String> helpers = new LinkedHashSet<>();
        for (Matcher m = PASSED.matcher(code); m.find(); ) {
            String helper = m.group(1);
            Matcher decl = Pattern.compile("\\b" + helper + "\\s*\\(\\s*(?:final\\s+)?String\\s+(\\w+)\\s*\\)\\s*\\{").matcher(code);
            if (!decl.find() || !helpers.add(helper)) continue;
            String body = code.substring(decl.end(), closing(code, decl.end() - 1));
            Matcher use = takenApart(decl.group(1)).matcher(body);
            if (use.find()) {
                out.add(name + ":" + line(code, m.start()) + ": " + helper + "(getMessage()), whose parameter " + decl.group(1)
                        + " is taken apart at line " + line(code, decl.end() + use.start()));
            }
        }
        return out;
    }

    /** A string method called on {@code var}, or {@code var} given to a regular expression. */
    private static Pattern takenApart(String var) {
        return Pattern.compile("\\b" + var + "\\s*\\.\\s*(" + TAKING_APART + ")\\s*\\(|" + REGEX_ON + "\\b" + var + "\\b");
    }

    private static String what(String var, Matcher use) {
        return use.group(1) != null ? var + "." + use.group(1) + "(..)" : "a regular expression on " + var;
    }

    /** The offset of the brace that closes the one at {@code open}. */
    private static int closing(String code, int open) {
        int depth = 0;
        for (int i = open; i < code.length(); i++) {
            if (code.charAt(i) == '{') depth++;
            else if (code.charAt(i) == '}' && --depth == 0) return i;
        }
        return code.length();
    }

    private static int line(String code, int offset) {
        int n = 1;
        for (int i = 0; i < offset; i++) if (code.charAt(i) == '\n') n++;
        return n;
    }

    private static List<Path> sources(Path dir) {
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
