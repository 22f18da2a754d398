package tagmatch.sim.verilator;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tagmatch.process.Exec;
import tagmatch.process.ToolException;
import tagmatch.sim.SimBuildException;

/** Finding and running the external tools (Verilator, the C and C++ compilers). */
final class Tools {
    private static final Map<String, String> VERSIONS = new ConcurrentHashMap<>();

    private Tools() {}

    /** Exit code and combined output of a finished process. */
    record Result(int exit, String output) {}

    /** The absolute path of {@code command}, or a {@link SimBuildException} naming the apt-get package. */
    static Path find(String command, String debianPackage) {
        if (command.contains("/")) {
            Path p = Path.of(command);
            if (Files.isExecutable(p)) {
                return p;
            }
        } else {
            String path = System.getenv().getOrDefault("PATH", "");
            for (String dir : path.split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path p = Path.of(dir, command);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return p;
                }
            }
        }
        throw new SimBuildException("'" + command + "' was not found on PATH; it is needed to simulate with Verilator. "
                + "Install it with: sudo apt-get install -y " + debianPackage);
    }

    static Result run(List<String> cmd, Path dir) {
        try {
            Exec e = Exec.of(cmd);
            if (dir != null) {
                e.in(dir);
            }
            Exec.Result r = e.run();
            return new Result(r.exit(), r.output());
        } catch (ToolException e) {
            throw new SimBuildException(e.getMessage(), e);
        }
    }

    /** Output of {@code tool --version} (or another query), memoized per JVM and tool path/mtime. */
    static String query(Path tool, String... args) {
        String key;
        try {
            key = tool + "|" + Files.getLastModifiedTime(tool).toMillis() + "|" + String.join(" ", args);
        } catch (IOException e) {
            key = tool + "|" + String.join(" ", args);
        }
        return VERSIONS.computeIfAbsent(key, k -> {
            List<String> cmd = new java.util.ArrayList<>();
            cmd.add(tool.toString());
            cmd.addAll(List.of(args));
            Result r = run(cmd, null);
            if (r.exit() != 0) {
                throw new SimBuildException(tool + " " + String.join(" ", args) + " failed (exit " + r.exit() + "):\n" + r.output());
            }
            return r.output().trim();
        });
    }
}
