package tagmatch.tools.figure;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import tagmatch.process.UsageError;
import tagmatch.tools.TagmatchCommand;

/**
 * {@code tagmatch figure FIGURE}: the seeds' figures, one subcommand and one class each, which
 * the {@code benchmarks} module measures and draws. Without a figure it names the figures there
 * are; a word that names none is picocli's unmatched argument.
 */
@Command(name = "figure",
        description = {"The seeds' figures, each a table, a CSV and a PNG: seed 001's figures 5 (posted receives) and 6 (unexpected "
                + "messages), latency against queue length with and without the ALPU; seed 000's figure 8, the ping-pong message rate "
                + "through the generated DPA handler beside Open MPI on the CPU; seed 003's offload windows and prefetch decision.",
                "Example: tagmatch figure 5 --cells 128,256 --max-length 512 --step 16",
                "Example: tagmatch figure 8 --on dpa --sequences 500"},
        subcommands = {LatencyFigureCommand.Five.class, LatencyFigureCommand.Six.class, MessageRateFigureCommand.class,
                OffloadWindowCommand.Naive.class, OffloadWindowCommand.Seqnum.class, PrefetchCommand.class, NicOffloadCommand.class})
public final class FigureCommand extends TagmatchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        throw new UsageError("FIGURE must be given: one of " + String.join(", ", spec.subcommands().keySet()) + ", got none");
    }
}
