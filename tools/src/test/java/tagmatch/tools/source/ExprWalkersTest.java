package tagmatch.tools.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Main code walks the circuit IR with {@code Expr.Visitor}, never with a chain of {@code instanceof}
 * tests on the kinds of {@code Expr}: a visitor stops compiling when a kind is added, a chain
 * silently misses it. A chain, as this test sees it: one variable tested against three or more
 * kinds of expression within {@value #WINDOW} lines (testing one or two kinds is a question about
 * a value, such as "is it a literal", not a walk).
 */
class ExprWalkersTest {
    private static final Path ROOT = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();
    private static final int WINDOW = 30;
    private static final int KINDS = 3;
    private static final Pattern TEST = Pattern.compile("([\\w.]+(?:\\(\\))?)\\s+instanceof\\s+Expr\\.(\\w+)");

    @Test
    void noMainCodeBranchesOnTheKindsOfAnExpressionWithInstanceof() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path m : modules.filter(d -> Files.isDirectory(d.resolve("src/main/java"))).sorted().toList()) {
                try (Stream<Path> files = Files.walk(m.resolve("src/main/java"))) {
                    for (Path p : files.filter(f -> f.toString().endsWith(".java")).sorted().toList())
                        out.addAll(chains(ROOT.relativize(p).toString(), Files.readString(p)));
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        assertEquals(List.of(), out);
    }

    @Test
    void aPlantedChainIsReportedAndQuestionsAboutOneOrTwoKindsAreNot() {
        String chain = String.join("\n",
                "final class Walk {",
                "    static int size(Expr e) {",
                "        if (e instanceof Expr.Lit) return 1;",
                "        if (e instanceof Expr.Op op) return 1 + op.args.size();",
                "        if (e instanceof Expr.Mux m) return 3;",
                "        return 0;",
                "    }",
                "    static boolean leaf(Expr x) { return x instanceof Expr.Ref || x instanceof Expr.Lit; }",
                "}");
        assertEquals(List.of("Walk.java:3: e tested against Lit, Mux, Op: walk it with Expr.Visitor"), chains("Walk.java", chain));
        assertEquals(List.of(), chains("Leaf.java", chain.replace("Expr.Mux", "Other.Mux")));
    }

    /** One line per variable that a stretch of {@value #WINDOW} lines tests against {@value #KINDS} kinds or more. */
    static List<String> chains(String name, String source) {
        String[] lines = SourceSizes.code(source).split("\n", -1);
        Map<String, List<int[]>> byVariable = new LinkedHashMap<>();
        Map<String, List<String>> kindsOf = new LinkedHashMap<>();
        for (int i = 0; i < lines.length; i++) {
            Matcher m = TEST.matcher(lines[i]);
            while (m.find()) {
                byVariable.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(new int[] {i});
                kindsOf.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(m.group(2));
            }
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, List<int[]>> v : byVariable.entrySet()) {
            List<int[]> at = v.getValue();
            List<String> kinds = kindsOf.get(v.getKey());
            for (int a = 0; a < at.size(); a++) {
                TreeSet<String> seen = new TreeSet<>();
                for (int b = a; b < at.size() && at.get(b)[0] - at.get(a)[0] <= WINDOW; b++) seen.add(kinds.get(b));
                if (seen.size() >= KINDS) {
                    out.add(name + ":" + (at.get(a)[0] + 1) + ": " + v.getKey() + " tested against " + String.join(", ", seen)
                            + ": walk it with Expr.Visitor");
                    break;
                }
            }
        }
        return out;
    }
}
