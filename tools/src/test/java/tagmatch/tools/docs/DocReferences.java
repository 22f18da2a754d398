package tagmatch.tools.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The names a document gives, checked against what exists: classes named in backticks (or in a
 * {@code {@link}} of a {@code package-info.java}) against the type declarations of the source
 * tree, repository paths against the files, and {@code tagmatch <command> [<subcommand>]}
 * against the command tree. Each name that does not resolve is one line, {@code file:line: what}.
 */
final class DocReferences {
    /** A type name as docs write it: CamelCase with at least two humps, or a known single word. */
    private static final Pattern CLASS = Pattern.compile("^([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)(?:[.#][A-Za-z_][\\w.]*)?(?:\\(\\))?$");
    private static final Pattern QUALIFIED = Pattern.compile("^tagmatch(?:\\.[a-z][a-z0-9]*)+\\.([A-Z]\\w*)(?:[.#][\\w.]*)?(?:\\(\\))?$");
    private static final Pattern INLINE_CODE = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(?:#[^)]*)?\\)");
    private static final Pattern JAVADOC_REF = Pattern.compile("\\{@(?:link|linkplain|code)\\s+([\\w.#]+)");
    /** A command as code writes it: at the start of a shell line or of a code span, or after a shell separator. */
    private static final Pattern COMMAND = Pattern.compile("(?:^\\s*(?:\\$\\s+)?|[;&|(]\\s*)(?:\\./)?tagmatch ([a-z][a-z0-9-]*)(?: ([a-z0-9][a-z0-9-]*))?(?=[\\s`:),.};]|$)", Pattern.MULTILINE);
    private static final Pattern JAVADOC_CODE = Pattern.compile("\\{@code ([^}]*)}");
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|enum|record|@interface)\\s+([A-Z]\\w*)");

    /** Commands and their subcommands: the first level maps to the names below it; null below means it takes no subcommand. */
    interface CommandTree {
        boolean hasCommand(String name);

        /** Whether {@code command} dispatches on its first word (has subcommands and takes no positional arguments). */
        boolean dispatches(String command);

        boolean hasSubcommand(String command, String sub);
    }

    private final Path root;
    private final Set<String> types;
    private final Set<String> topLevel;
    /** Every Java source of the tree, as {@code /}-separated paths relative to the root. */
    private final List<String> javaFiles;
    private final CommandTree commands;
    /** Directories commands write into, which the repository ignores ({@code /verilog-out/lib/} of {@code .gitignore}). */
    private final List<String> outputs;

    /** Types of other projects the docs cite in backticks (Verilator's C++ runtime). */
    private static final Set<String> FOREIGN = Set.of("VerilatedContext");

    DocReferences(Path root, Set<String> types, CommandTree commands) {
        this.root = root;
        this.types = types;
        this.commands = commands;
        this.javaFiles = files(root, p -> p.toString().endsWith(".java")).stream().map(p -> "/" + root.relativize(p).toString().replace('\\', '/')).toList();
        this.topLevel = new TreeSet<>();
        try (Stream<Path> s = Files.list(root)) {
            s.forEach(p -> topLevel.add(p.getFileName().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path ignore = root.resolve(".gitignore");
        this.outputs = Files.exists(ignore)
                ? read(ignore).lines().filter(l -> l.startsWith("/") && l.length() > 1).map(l -> l.substring(1)).toList() : List.of();
    }

    /** Every type declared in a Java file under {@code root} (main and test sources, nested types too). */
    static Set<String> declaredTypes(Path root) {
        Set<String> out = new TreeSet<>();
        for (Path f : files(root, p -> p.toString().endsWith(".java"))) {
            out.add(f.getFileName().toString().replace(".java", ""));
            Matcher m = DECLARATION.matcher(read(f));
            while (m.find()) out.add(m.group(1));
        }
        return out;
    }

    /** The documents checked: README.md, CONTRIBUTING.md, docs/*.md and every package-info.java. */
    static List<Path> documents(Path root) {
        List<Path> out = new ArrayList<>();
        for (String f : List.of("README.md", "CONTRIBUTING.md")) if (Files.exists(root.resolve(f))) out.add(root.resolve(f));
        out.addAll(files(root.resolve("docs"), p -> p.toString().endsWith(".md")));
        out.addAll(files(root, p -> p.getFileName().toString().equals("package-info.java")));
        return out;
    }

    /** What does not resolve in {@code doc}, one line each. */
    List<String> check(Path doc) {
        List<String> problems = new ArrayList<>();
        String name = root.relativize(doc).toString();
        boolean java = name.endsWith(".java");
        String[] lines = read(doc).split("\n", -1);
        boolean fenced = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String where = name + ":" + (i + 1) + ": ";
            if (!java && line.strip().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (java) {
                Matcher m = JAVADOC_REF.matcher(line);
                while (m.find()) checkName(m.group(1), where, problems);
                Matcher code = JAVADOC_CODE.matcher(line);
                while (code.find()) checkPath(code.group(1).strip(), root, where, problems);
            } else {
                Matcher m = INLINE_CODE.matcher(line);
                while (m.find()) {
                    checkName(m.group(1).strip(), where, problems);
                    checkPath(m.group(1).strip(), root, where, problems);
                }
                Matcher l = LINK.matcher(line);
                while (l.find()) checkLink(l.group(1), doc, where, problems);
            }
            if (fenced) checkCommands(line, where, problems);
            else checkCommands(java ? javadocCode(line) : codeOnly(line), where, problems);
        }
        return problems;
    }

    private void checkName(String token, String where, List<String> problems) {
        Matcher q = QUALIFIED.matcher(token);
        if (q.matches()) {
            String cls = token.replaceAll("[#(].*$", "");
            if (!qualifiedExists(cls)) problems.add(where + "no class " + cls);
            return;
        }
        Matcher c = CLASS.matcher(token);
        if (c.matches() && !types.contains(c.group(1)) && !FOREIGN.contains(c.group(1)) && !isJdk(c.group(1))) problems.add(where + "no class " + c.group(1));
    }

    /** {@code tagmatch.a.B} or {@code tagmatch.a.B.Inner}: the first capitalized segment is a file. */
    private boolean qualifiedExists(String name) {
        String[] parts = name.split("\\.");
        StringBuilder path = new StringBuilder();
        for (String p : parts) {
            if (path.length() > 0) path.append('/');
            path.append(p);
            if (Character.isUpperCase(p.charAt(0))) {
                String rel = "/java/" + path + ".java";
                return javaFiles.stream().anyMatch(f -> f.endsWith(rel));
            }
        }
        String dir = "/java/" + path + "/";
        return javaFiles.stream().anyMatch(f -> f.contains(dir));
    }

    private static boolean isJdk(String simple) {
        for (String pkg : List.of("java.lang.", "java.util.", "java.io.", "java.nio.file.", "java.math.", "java.util.concurrent.")) {
            try {
                Class.forName(pkg + simple);
                return true;
            } catch (ClassNotFoundException e) {
                // not there
            }
        }
        return false;
    }

    /** A repository path: its first segment is a top-level entry of the repository, and it has no placeholder. */
    private void checkPath(String token, Path base, String where, List<String> problems) {
        String t = token.split("[\\s:]")[0];
        if (!t.contains("/") || t.contains("*") || t.contains("<") || t.contains("$") || t.contains("{") || t.contains("..")) return;
        String first = t.substring(0, t.indexOf('/'));
        if (!topLevel.contains(first) || first.equals("target")) return;
        for (String o : outputs) if (t.startsWith(o) || (t + "/").equals(o)) return;
        if (t.contains("/target/") || t.matches(".*[A-Z]{3,}.*") && !Files.exists(base.resolve(t))) return;
        if (!Files.exists(base.resolve(t))) problems.add(where + "no file " + t);
    }

    private void checkLink(String target, Path doc, String where, List<String> problems) {
        if (target.contains("://") || target.startsWith("mailto:")) return;
        Path p = doc.getParent().resolve(target).normalize();
        if (!Files.exists(p)) problems.add(where + "no file " + target + " (linked)");
    }

    private void checkCommands(String text, String where, List<String> problems) {
        Matcher m = COMMAND.matcher(text);
        while (m.find()) {
            String cmd = m.group(1);
            if (!commands.hasCommand(cmd)) {
                problems.add(where + "no command tagmatch " + cmd);
                continue;
            }
            String sub = m.group(2);
            if (sub != null && commands.dispatches(cmd) && !commands.hasSubcommand(cmd, sub)) {
                problems.add(where + "no command tagmatch " + cmd + " " + sub);
            }
        }
    }

    /** The {@code {@code ...}} spans of a Javadoc line, one per line of the result. */
    private static String javadocCode(String line) {
        StringBuilder sb = new StringBuilder();
        Matcher m = JAVADOC_CODE.matcher(line);
        while (m.find()) sb.append(m.group(1)).append('\n');
        return sb.toString();
    }

    /** The inline code of a prose line, one span per line of the result. */
    private static String codeOnly(String line) {
        StringBuilder sb = new StringBuilder();
        Matcher m = INLINE_CODE.matcher(line);
        while (m.find()) sb.append(m.group(1)).append('\n');
        return sb.toString();
    }

    private static List<Path> files(Path dir, Predicate<Path> keep) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> {
                String x = p.toString();
                return !x.contains("/target/") && !x.contains("/.git/") && !x.contains("/node_modules/") && Files.isRegularFile(p);
            }).filter(keep).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
