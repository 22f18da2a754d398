package tagmatch.tools.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tagmatch.process.UsageError;
import tagmatch.tools.KeepTempOption;
import tagmatch.tools.Temp;

/**
 * How the benches that time whole {@code tagmatch} processes run them (a picocli mixin):
 * {@code --launcher}, by default the one of the checkout this jar was built in, and
 * {@code --keep-temp} for the directory the processes work in.
 */
final class ProcessBenchOptions {
    @Option(names = "--launcher", paramLabel = "PATH", description = "the tagmatch launcher to time (default: the one of the checkout this jar was built in)")
    Path launcher;

    @Mixin
    KeepTempOption keepTemp = new KeepTempOption();

    /** The directory the timed processes work in, {@code tagmatch-PURPOSE-*}, kept with {@code --keep-temp} (named on {@code err}). */
    Temp scratch(String purpose, PrintWriter err) {
        return keepTemp.dir(purpose, err);
    }

    /** {@code --launcher}, or this checkout's launcher when none is given; it must be executable. */
    Path checked(String bench, String orElse) {
        Path l = launcher != null ? launcher : ofThisJar(bench, orElse);
        if (!Files.isExecutable(l)) throw new UsageError("--launcher must be the executable tagmatch launcher, got " + l);
        return l;
    }

    /**
     * {@code <checkout>/tagmatch} when this runs from {@code <checkout>/tools/target/tagmatch.jar};
     * otherwise an error telling {@code bench} to name one, ending with {@code orElse}.
     */
    private static Path ofThisJar(String bench, String orElse) {
        try {
            Path here = Path.of(ProcessBenchOptions.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (here.getFileName().toString().endsWith(".jar")) return here.getParent().getParent().getParent().resolve("tagmatch");
        } catch (java.net.URISyntaxException | RuntimeException e) {
            // fall through to the message below
        }
        throw new UsageError("--launcher is needed when " + bench + " does not run from the built jar "
                + "(./tagmatch " + bench + " does), got none; name the tagmatch launcher" + orElse);
    }

    /** The built jar of the checkout {@code launcher} sits in; it must exist. */
    static Path jarBeside(Path launcher) {
        Path jar = launcher.toAbsolutePath().getParent().resolve("tools").resolve("target").resolve("tagmatch.jar");
        if (!Files.isRegularFile(jar)) {
            throw new UsageError("--launcher must sit in a checkout with a built tools/target/tagmatch.jar, got " + launcher);
        }
        return jar;
    }
}
