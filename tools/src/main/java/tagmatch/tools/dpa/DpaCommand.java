package tagmatch.tools.dpa;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tagmatch dpa}: the simulated DPA (docs/dpa.md). */
@Command(name = "dpa",
        mixinStandardHelpOptions = true,
        description = "The simulated DPA: a multi-hart RV64IMAC cluster built with the DSL, run under Verilator (docs/dpa.md).",
        subcommands = {DpaRunCommand.class})
public final class DpaCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
