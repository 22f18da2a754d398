package tagmatch.tools.dpa;

import picocli.CommandLine.Command;
import tagmatch.tools.CommandGroup;

/** {@code tagmatch dpa}: the simulated DPA (docs/dpa.md). */
@Command(name = "dpa",
        description = "The simulated DPA: a multi-hart RV64IMAC cluster built with the DSL, run under Verilator (docs/dpa.md).",
        subcommands = {DpaRunCommand.class})
public final class DpaCommand extends CommandGroup {
}
