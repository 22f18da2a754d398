package tagmatch.tools.sweep;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tagmatch.eda.sweep.SlurmOptions;
import tagmatch.eda.sweep.SlurmSweep;
import tagmatch.process.UsageError;
import tagmatch.tools.OptionCheck;

/** The options of {@code tagmatch sweep --slurm}: the job array's shape and how it is followed (a picocli mixin; each applies with --slurm only). */
final class SlurmArrayOptions {
    /** How each description starts: none of these means anything without --slurm. */
    private static final String WITH = "with --slurm: ";

    /** These options, as picocli declared them: the ones given without --slurm are named from here. */
    @Spec
    CommandSpec self;

    /** The command these options are part of, whose parse result says which were given. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--print-sbatch", description = WITH + "only write DIR/slurm/sweep.sbatch and print it; submit nothing")
    boolean printSbatch;

    @Option(names = "--partition", paramLabel = "P", description = WITH + "partition (default: the cluster's)")
    String partition;

    @Option(names = "--account", paramLabel = "A", description = WITH + "account to charge (default: yours)")
    String account;

    @Option(names = "--time-limit", paramLabel = "T", description = WITH + "per array task, Slurm's format (minutes, HH:MM:SS, D-HH:MM...)")
    String timeLimit;

    @Option(names = "--cpus-per-task", paramLabel = "N", description = WITH + "CPUs of each array task, one worker each (default ${DEFAULT-VALUE})")
    int cpusPerTask = 1;

    @Option(names = "--mem-per-task", paramLabel = "MB", description = WITH + "memory of each array task (default: --cpus-per-task x --mem-per-worker)")
    Long memPerTask;

    @Option(names = "--array-tasks", paramLabel = "N", description = WITH + "array tasks, i.e. shards (default: the tasks, at most 100)")
    Integer arrayTasks;

    @Option(names = "--max-running", paramLabel = "N", description = WITH + "at most N array tasks at once (the array's %%N throttle; default: as many as Slurm can)")
    Integer maxRunning;

    @Option(names = "--poll", paramLabel = "SECONDS", description = WITH + "seconds between squeue polls (default ${DEFAULT-VALUE})")
    int pollSeconds = 10;

    /** The array's settings, every value checked; null without {@code --slurm}, where any of them is refused. */
    SlurmOptions options(boolean slurm, int taskCount, long memPerWorker) {
        if (!slurm) {
            List<String> given = self.options().stream().map(OptionSpec::longestName).filter(command.commandLine().getParseResult()::hasMatchedOption).toList();
            if (!given.isEmpty()) {
                throw new UsageError(String.join(", ", given) + (given.size() == 1 ? " only applies" : " only apply") + " with --slurm");
            }
            return null;
        }
        slurmName("--partition", partition);
        slurmName("--account", account);
        if (timeLimit != null && !SlurmOptions.TIME.matcher(timeLimit).matches())
            throw new UsageError("--time-limit must be in Slurm's format (minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS), got '" + timeLimit + "'");
        OptionCheck.range("--cpus-per-task", cpusPerTask, 1, 4096);
        long mem = memPerTask == null ? SlurmSweep.defaultTaskMemMb(cpusPerTask, memPerWorker) : OptionCheck.atLeast("--mem-per-task", memPerTask, 64);
        int n = arrayTasks == null ? SlurmSweep.defaultArrayTasks(taskCount) : (int) OptionCheck.range("--array-tasks", arrayTasks, 1, taskCount);
        if (maxRunning != null) OptionCheck.range("--max-running", maxRunning, 1, n);
        OptionCheck.range("--poll", pollSeconds, 1, 3600);
        return new SlurmOptions(partition, account, timeLimit, cpusPerTask, mem, n, maxRunning);
    }

    /** Checks a partition or account name (what the option is called is what it names); null is Slurm's default. */
    private static void slurmName(String option, String value) {
        if (value != null && !SlurmOptions.NAME.matcher(value).matches()) {
            throw new UsageError(option + " must be a Slurm " + option.substring(2) + " name ([A-Za-z0-9_.+-]), got '" + value + "'");
        }
    }
}
