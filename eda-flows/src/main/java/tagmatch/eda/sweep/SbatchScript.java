package tagmatch.eda.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The sbatch job-array script of {@code tagmatch sweep --slurm}: array task {@code i} of n runs
 * {@code tagmatch sweep @DIR/sweep.args --out DIR --shard i/n} with one worker per CPU it was
 * given. Slurm does all the scheduling; the tasks share nothing but the results directory, which
 * must therefore be on a file system every node sees.
 */
final class SbatchScript {
    private SbatchScript() {}

    /**
     * @param command how to start tagmatch on a node (java, class path, main class), already absolute
     * @param dir     the results directory, absolute
     */
    static String text(SlurmOptions o, List<String> command, Path dir, long memPerWorkerMb) {
        Path logs = dir.resolve("slurm");
        List<String> l = new ArrayList<>();
        l.add("#!/bin/bash");
        l.add("# Written by tagmatch sweep --slurm: one shard of the sweep in " + dir + " per array task.");
        l.add("# Submit with: sbatch " + logs.resolve("sweep.sbatch"));
        l.add("#SBATCH --job-name=tagmatch-sweep");
        l.add("#SBATCH --array=1-" + o.arrayTasks() + (o.maxRunning() == null ? "" : "%" + o.maxRunning()));
        l.add("#SBATCH --ntasks=1");
        l.add("#SBATCH --cpus-per-task=" + o.cpusPerTask());
        l.add("#SBATCH --mem=" + o.memMb() + "M");
        if (o.timeLimit() != null) l.add("#SBATCH --time=" + o.timeLimit());
        if (o.partition() != null) l.add("#SBATCH --partition=" + o.partition());
        if (o.account() != null) l.add("#SBATCH --account=" + o.account());
        l.add("#SBATCH --output=" + logs.resolve("shard-%a.log"));
        l.add("set -euo pipefail");
        List<String> cmd = new ArrayList<>(command);
        cmd.add("sweep");
        cmd.add("@" + dir.resolve("sweep.args"));
        cmd.add("--out=" + dir);
        String args = String.join(" ", cmd.stream().map(SbatchScript::quote).toList());
        l.add("exec " + args + " --shard=\"${SLURM_ARRAY_TASK_ID}/" + o.arrayTasks() + "\" --jobs=\"${SLURM_CPUS_PER_TASK:-1}\" --mem-per-worker="
                + memPerWorkerMb);
        return String.join("\n", l) + "\n";
    }

    /** Single-quoted for bash. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
