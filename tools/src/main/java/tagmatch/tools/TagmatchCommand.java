package tagmatch.tools;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import tagmatch.process.Release;

/**
 * What every {@code tagmatch} command has: {@code --help} and {@code --version}, and picocli's
 * model of it, through which it prints to the command line's writers (which tests capture)
 * rather than to {@code System.out}.
 */
@Command(mixinStandardHelpOptions = true, version = Release.VERSION)
public abstract class TagmatchCommand {
    @CommandLine.Spec
    protected CommandLine.Model.CommandSpec spec;

    /** Where the command's report goes. */
    protected final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** Where notes beside the report go (a kept temporary directory, a warning). */
    protected final PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /** Whether the user gave {@code option}, not merely left its default. */
    protected final boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }
}
