package tagmatch.tools;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tagmatch} in a JVM of its own, as a user starts it from a terminal (SIGINT and SIGTERM
 * at their defaults, whatever this JVM inherited: a background job without job control ignores
 * SIGINT, and so would the run), with its temporary directories in {@code tmpBase}: for tests
 * that signal a run, run two at once, or read what picocli prints on the JVM's own standard error.
 */
final class TagmatchJvm {
    private TagmatchJvm() {}

    static ProcessBuilder of(Path tmpBase, String... args) {
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmpBase, "-Dtagmatch.tmpdir=" + tmpBase,
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }
}
