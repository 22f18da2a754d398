package tagmatch.eda.sweep;

import java.util.regex.Pattern;

/**
 * The job-array request of {@code --slurm}: each of {@code arrayTasks} tasks runs one shard with
 * {@code cpusPerTask} workers in {@code memMb} MiB.
 *
 * @param partition null for the cluster's default partition
 * @param account   null for the user's default account
 * @param maxRunning at most this many array tasks at once ({@code --array=1-n%m}), null for no limit
 * @param timeLimit Slurm's time format ({@code minutes}, {@code HH:MM:SS}, {@code D-HH:MM}...), null for the partition's default
 */
public record SlurmOptions(String partition, String account, String timeLimit, int cpusPerTask, long memMb,
                           int arrayTasks, Integer maxRunning) {
    /** The forms {@code sbatch --time} accepts. */
    public static final Pattern TIME = Pattern.compile("\\d+|\\d+:\\d{1,2}|\\d+:\\d{1,2}:\\d{1,2}|\\d+-\\d+|\\d+-\\d+:\\d{1,2}|\\d+-\\d+:\\d{1,2}:\\d{1,2}");
    /** Partition and account names: what Slurm allows, and nothing a shell would interpret. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.+-]+");
}
