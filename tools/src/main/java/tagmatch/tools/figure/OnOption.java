package tagmatch.tools.figure;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import tagmatch.process.UsageError;
import tagmatch.tools.OptionCheck;

/** {@code --on host|dpa} of figures 5, 6 and 8 (a picocli mixin): where the figure is measured. */
final class OnOption {
    @Option(names = "--on", paramLabel = "WHERE", description = "host (this machine) or dpa (the simulated DPA cluster, as a band over "
            + "its memory settings) (default ${DEFAULT-VALUE})")
    String on = "host";

    /**
     * Whether the figure runs on the DPA, checked. On the host, an option of the mixins
     * {@code dpaOnly} of {@code command} is refused: they describe the simulated cluster. They are
     * searched in the order given, not in picocli's (a base class's mixins first): that order
     * decides which option is named when several are given.
     */
    boolean dpa(CommandSpec command, Object... dpaOnly) {
        if (OptionCheck.oneOf("--on", on, "host", "dpa").equals("dpa")) return true;
        ParseResult parsed = command.commandLine().getParseResult();
        for (Object m : dpaOnly) {
            for (CommandSpec mixin : command.mixins().values()) {
                if (mixin.userObject() != m) continue;
                for (OptionSpec o : mixin.options()) {
                    if (parsed.hasMatchedOption(o.longestName())) {
                        throw new UsageError(o.longestName() + " applies to --on dpa only, got it with --on host");
                    }
                }
            }
        }
        return false;
    }
}
