package tagmatch.tools;

import picocli.CommandLine.Command;

/** {@code tagmatch cosim <what>}: co-simulation soaks of any size, with a progress bar and a verdict. */
@Command(name = "cosim",
        description = "Run a co-simulation soak against the reference and print a verdict.",
        subcommands = {
                CosimFirmware.class,
                CosimAlpu.class,
        })
public final class CosimCommand extends CommandGroup {
}
