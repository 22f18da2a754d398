package tagmatch.tools.bench;

import picocli.CommandLine.Command;
import tagmatch.tools.CommandGroup;

/** {@code tagmatch bench <what>}: benchmarks that print ratios against a baseline run side by side. */
@Command(name = "bench",
        description = "Run a benchmark and print ratios against its baseline.",
        subcommands = {
                HdlBench.class,
                SimBench.class,
                ModelBench.class,
                FirmwareBench.class,
                DpaBench.class,
                TraceBench.class,
        })
public final class BenchCommand extends CommandGroup {
}
