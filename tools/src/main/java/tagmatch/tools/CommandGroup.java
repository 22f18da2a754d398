package tagmatch.tools;

import picocli.CommandLine;

/** A command that only gathers subcommands: run without one, it prints its usage. */
public abstract class CommandGroup extends TagmatchCommand implements Runnable {
    @Override
    public final void run() {
        spec.commandLine().usage(System.out);
    }
}
