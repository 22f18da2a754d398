package tagmatch.process;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One run of an external tool: built with {@link #of}, configured, then {@link #run()} (any exit
 * code is a result) or {@link #check()} (a non-zero exit is a {@link ToolException}).
 *
 * <pre>{@code
 * String log = Exec.of("yosys", "-q", "-s", script.toString()).in(dir).hint("yosys").check();
 * }</pre>
 *
 * <p>Output (stdout and stderr merged) is drained on its own thread, so a timeout fires even
 * when a tool hangs with its pipe open; on a timeout, and when the JVM ends while the tool runs
 * (Ctrl-C, SIGTERM: {@link ExitCleanup}), the whole process tree is killed.
 */
public final class Exec {
    /** The default timeout of every tool run, unless {@code TAGMATCH_TOOL_TIMEOUT} (seconds) says otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(30);

    private static final Map<String, String> VERSIONS = new ConcurrentHashMap<>();

    private final List<String> command;
    private Path dir;
    private Duration timeout = defaultTimeout();
    private String hint;
    private Path log;
    private final Map<String, String> env = new LinkedHashMap<>();

    /** The exit code and merged output of a finished run. */
    public record Result(List<String> command, int exit, String output, Duration elapsed) {
        public boolean ok() {
            return exit == 0;
        }

        /** The last {@code n} lines of the output, for error messages. */
        public String tail(int n) {
            String[] lines = output.strip().split("\n");
            int from = Math.max(0, lines.length - n);
            return String.join("\n", java.util.Arrays.asList(lines).subList(from, lines.length));
        }
    }

    private Exec(List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        this.command = List.copyOf(command);
    }

    public static Exec of(String... command) {
        return new Exec(List.of(command));
    }

    public static Exec of(List<String> command) {
        return new Exec(command);
    }

    /** Working directory (default: the current one). */
    public Exec in(Path dir) {
        this.dir = dir;
        return this;
    }

    public Exec timeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        this.timeout = timeout;
        return this;
    }

    /** The Debian package that provides the tool, named when it is missing. */
    public Exec hint(String debianPackage) {
        this.hint = debianPackage;
        return this;
    }

    /** Also writes the whole output to {@code file} (the output stays available in the result). */
    public Exec log(Path file) {
        this.log = file;
        return this;
    }

    public Exec env(String key, String value) {
        env.put(key, value);
        return this;
    }

    /** Runs to the end; any exit code is a result. Missing tool, timeout or interruption throw. */
    public Result run() {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("LC_ALL", "C"); // ASCII quotes and stable formats in tool messages
        pb.environment().put("TMPDIR", ScratchDir.forTools().toString());
        pb.environment().putAll(env);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        long start = System.nanoTime();
        Process p;
        try {
            p = ExitCleanup.start(pb::start).orElseThrow(() -> new ToolException(ToolException.Kind.INTERRUPTED,
                    "the JVM is shutting down: " + line() + " was not run", null, null));
        } catch (IOException e) {
            throw new ToolException(ToolException.Kind.MISSING, missingMessage(e), null, e);
        }
        Drain drain = new Drain(p.getInputStream());
        drain.start();
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(p);
                drain.join(2000);
                throw new ToolException(ToolException.Kind.TIMED_OUT, line() + " timed out after "
                        + timeout.toSeconds() + " s (set TAGMATCH_TOOL_TIMEOUT, in seconds, to allow longer); last output:\n"
                        + drain.text(), null, null);
            }
            drain.join();
            if (ExitCleanup.closing()) {
                // killed by the exit cleanup: its exit code is not the tool's answer
                throw new ToolException(ToolException.Kind.INTERRUPTED, line() + " was stopped: the JVM is shutting down", null, null);
            }
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new ToolException(ToolException.Kind.INTERRUPTED, "interrupted while running " + line(), null, e);
        } finally {
            ExitCleanup.finished(p);
        }
        Result r = new Result(command, p.exitValue(), drain.text(), Duration.ofNanos(System.nanoTime() - start));
        if (log != null) {
            try {
                Files.writeString(log, r.output());
            } catch (IOException e) {
                throw new ToolException(ToolException.Kind.IO, "cannot write the log of " + command.get(0) + " to " + log
                        + ": " + e.getMessage(), r, e);
            }
        }
        return r;
    }

    /** Runs and requires exit 0; returns the output. A failure names the command and shows its last lines. */
    public String check() {
        Result r = run();
        if (!r.ok()) {
            throw new ToolException(ToolException.Kind.FAILED, line() + " failed with exit " + r.exit()
                    + (log != null ? " (whole output in " + log + ")" : "") + ":\n" + r.tail(40), r, null);
        }
        return r.output();
    }

    /** The absolute path of {@code command} on {@code PATH}, if any. */
    public static Optional<Path> which(String command) {
        if (command.contains("/")) {
            Path p = Path.of(command);
            return Files.isExecutable(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty()) {
                Path p = Path.of(d, command);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** The tool's answer to a version query (first line), memoized per JVM; "missing" when it is not installed. */
    public static String version(String tool, String... args) {
        String key = tool + " " + String.join(" ", args);
        return VERSIONS.computeIfAbsent(key, k -> {
            List<String> cmd = new ArrayList<>();
            cmd.add(tool);
            cmd.addAll(List.of(args));
            try {
                Result r = of(cmd).timeout(Duration.ofSeconds(30)).run();
                String out = r.output().strip();
                int nl = out.indexOf('\n');
                return nl < 0 ? out : out.substring(0, nl);
            } catch (ToolException e) {
                return "missing";
            }
        });
    }

    private String line() {
        return String.join(" ", command);
    }

    private String missingMessage(IOException e) {
        String tool = command.get(0);
        String what = which(tool).isPresent() ? "cannot run '" + tool + "': " + e.getMessage()
                : "'" + tool + "' was not found on PATH";
        return what + (hint != null ? "; install it with `apt-get install " + hint + "`" : "")
                + " (./tagmatch test installs the whole toolchain: scripts/toolchain.sh)";
    }

    /** Kills {@code p} with its whole process tree (a make or a shell script leaves grandchildren). */
    static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Duration defaultTimeout() {
        String s = System.getenv("TAGMATCH_TOOL_TIMEOUT");
        if (s == null || s.isBlank()) {
            return DEFAULT_TIMEOUT;
        }
        try {
            long v = Long.parseLong(s.trim());
            if (v > 0) {
                return Duration.ofSeconds(v);
            }
        } catch (NumberFormatException ignored) {
            // fall through to the error below
        }
        throw new IllegalArgumentException("TAGMATCH_TOOL_TIMEOUT must be a positive number of seconds, got '" + s + "'");
    }

    /** Collects a stream on its own thread so that the caller can time the process out. */
    private static final class Drain extends Thread {
        private final InputStream in;
        private final java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();

        Drain(InputStream in) {
            super("exec-drain");
            setDaemon(true);
            this.in = in;
        }

        @Override
        public void run() {
            byte[] b = new byte[65536];
            try (InputStream s = in) {
                int n;
                while ((n = s.read(b)) > 0) {
                    synchronized (buf) {
                        buf.write(b, 0, n);
                    }
                }
            } catch (IOException ignored) {
                // the process was killed; what was read so far is the output
            }
        }

        String text() {
            synchronized (buf) {
                return buf.toString(StandardCharsets.UTF_8);
            }
        }
    }
}
