package tagmatch.tools;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the {@code tagmatch} command line in-process, capturing what it prints, for CLI tests. */
public final class CliRun {
    public final StringWriter out = new StringWriter();
    public final StringWriter err = new StringWriter();

    /** Executes one command line; returns its exit code. */
    public int run(String... args) {
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }
}
