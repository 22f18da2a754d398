package tagmatch.tools;

import picocli.CommandLine;

/** A command that only gathers subcommands: run without one, it prints its usage. */
public abstract class CommandGroup implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public final void run() {
        spec.commandLine().usage(System.out);
    }
}
