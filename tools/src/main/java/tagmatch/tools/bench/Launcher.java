package tagmatch.tools.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import tagmatch.process.UsageError;

/**
 * {@code --launcher}: the {@code tagmatch} launcher the benches that time whole processes run, by
 * default the one of the checkout this jar was built in (a picocli mixin).
 */
final class Launcher {
    @Option(names = "--launcher", paramLabel = "PATH", description = "the tagmatch launcher to time (default: the one of the checkout this jar was built in)")
    Path launcher;

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
            Path here = Path.of(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
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
