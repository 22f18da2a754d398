package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.process.Exec;

/**
 * The {@code ./tagmatch} launcher's class-data sharing, run for real on a copy of the launcher in
 * a directory of its own: {@code tagmatch} beside {@code tools/target/tagmatch.jar}, here a jar of
 * one small class (no sources, so the launcher does not rebuild it). The first run records the
 * archive, later runs map it, and a jar newer than the archive gets a fresh one. Whether a class
 * came from the archive is read from the JVM's own class-loading log, not from timings.
 */
class LauncherTest {
    @TempDir
    Path root;

    @Test
    void firstRunRecordsTheArchiveAndLaterRunsLoadFromIt() throws IOException {
        Path jar = install("Hello", "hello");
        Path jsa = jar.resolveSibling("tagmatch.jsa");

        Exec.Result first = launch();
        assertEquals(0, first.exit(), first.output());
        assertTrue(first.output().contains("hello rtl --cells 4"), first.output());
        assertTrue(Files.size(jsa) > 0, "the first run leaves an archive beside the jar");
        assertEquals(List.of(), leftovers(), "no half-written archive is left behind");
        FileTime recorded = Files.getLastModifiedTime(jsa);

        Exec.Result second = launch();
        assertEquals(0, second.exit(), second.output());
        assertTrue(second.output().contains("Hello source: shared objects file"), second.output());
        assertEquals(recorded, Files.getLastModifiedTime(jsa), "a current archive is used, not written again");
    }

    @Test
    void aJarNewerThanItsArchiveGetsAFreshArchive() throws IOException {
        Path jar = install("Hello", "hello");
        Path jsa = jar.resolveSibling("tagmatch.jsa");
        assertEquals(0, launch().exit());
        byte[] old = Files.readAllBytes(jsa);

        // A rebuilt jar with other classes; the archive dated well before it, whatever the
        // file system's timestamp resolution.
        install("Goodbye", "goodbye");
        Files.setLastModifiedTime(jsa, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        Exec.Result rebuilt = launch();
        assertEquals(0, rebuilt.exit(), rebuilt.output());
        assertTrue(rebuilt.output().contains("goodbye rtl --cells 4"), rebuilt.output());
        assertFalse(rebuilt.output().contains("source: shared objects file (top)"),
                "the stale archive is not mapped: " + rebuilt.output());
        assertFalse(java.util.Arrays.equals(old, Files.readAllBytes(jsa)), "the archive was recorded again");

        Exec.Result next = launch();
        assertEquals(0, next.exit(), next.output());
        assertTrue(next.output().contains("Goodbye source: shared objects file"), next.output());
        assertEquals(List.of(), leftovers());
    }

    @Test
    void aRebuildPrintsOneLineAndAFailedRebuildSaysSoWithoutColourCodes() throws IOException {
        Path jar = install("Hello", "hello");
        // a source newer than the jar makes the launcher rebuild; a stand-in Maven prints what
        // Debian's does in quiet batch mode (colour resets), then succeeds or fails
        Path source = Files.writeString(root.resolve("Edited.java"), "class Edited {}\n");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(source).toMillis() - 60_000));
        Path bin = Files.createDirectories(root.resolve("fake-bin"));

        fakeMaven(bin, "exit 0");
        Exec.Result ok = launch("PATH", bin + ":" + System.getenv("PATH"));
        assertEquals(0, ok.exit(), ok.output());
        assertTrue(ok.output().contains("tagmatch: building the command-line jar ..."), ok.output());
        assertTrue(ok.output().contains("hello rtl --cells 4"), ok.output());
        assertFalse(ok.output().contains("\u001b"), "no colour codes reach the user: " + ok.output());

        fakeMaven(bin, "echo '[ERROR] Compilation failure: Edited.java'; exit 1");
        Exec.Result failed = launch("PATH", bin + ":" + System.getenv("PATH"));
        assertEquals(1, failed.exit(), failed.output());
        assertTrue(failed.output().contains("[ERROR] Compilation failure: Edited.java"), failed.output());
        assertTrue(failed.output().contains("tagmatch: build failed (see above)"), failed.output());
        assertFalse(failed.output().contains("hello"), "the stale jar is not run: " + failed.output());
        assertFalse(failed.output().contains("\u001b"), failed.output());
    }

    private static void fakeMaven(Path bin, String then) throws IOException {
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\nprintf '\\033[0m\\033[0m'\n" + then + "\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Runs the launcher copy as a user would, with the JVM logging where each class came from. */
    private Exec.Result launch() {
        return launch("TAGMATCH_JAVA_OPTS", "-Xlog:class+load=info");
    }

    /** Runs the launcher copy as a user would, with one environment variable set. */
    private Exec.Result launch(String variable, String value) {
        return Exec.of(root.resolve("tagmatch").toString(), "rtl", "--cells", "4").in(root).env(variable, value).run();
    }

    /** The launcher beside a jar whose main class {@code name} prints {@code greeting} and its arguments. */
    private Path install(String name, String greeting) throws IOException {
        Path launcher = root.resolve("tagmatch");
        if (!Files.exists(launcher)) {
            Files.copy(repositoryRoot().resolve("tagmatch"), launcher);
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path src = Files.createDirectories(root.resolve("build-" + name)).resolve(name + ".java");
        Files.writeString(src, "public class " + name + " { public static void main(String[] a) {"
                + " System.out.println(\"" + greeting + " \" + String.join(\" \", a)); } }\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", src.getParent().toString(), src.toString()), "javac " + src);
        Path jar = Files.createDirectories(root.resolve("tools/target")).resolve("tagmatch.jar");
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, name);
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o, mf)) {
            j.putNextEntry(new JarEntry(name + ".class"));
            j.write(Files.readAllBytes(src.resolveSibling(name + ".class")));
            j.closeEntry();
        }
        // The launcher rebuilds when a source is newer than the jar: none may be left in its tree.
        try (Stream<Path> files = Files.walk(src.getParent())) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
        return jar;
    }

    private List<Path> leftovers() throws IOException {
        try (Stream<Path> files = Files.list(root.resolve("tools/target"))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    /** The checkout this test runs in: the directory above the module that holds the launcher. */
    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent())
            if (Files.isRegularFile(p.resolve("tagmatch")) && Files.isRegularFile(p.resolve("pom.xml"))) return p;
        throw new AssertionError("no tagmatch launcher above " + Path.of("").toAbsolutePath());
    }
}
