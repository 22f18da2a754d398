package tagmatch.eda.sweep;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarFile;
import tagmatch.process.Exec;
import tagmatch.process.ProgressMeter;
import tagmatch.process.ToolException;
import tagmatch.process.UserError;

/**
 * {@code --slurm}: writes the job-array script ({@link SbatchScript}), submits it with
 * {@code sbatch}, and follows the array with {@code squeue} until no task of it is left, showing
 * the tasks of the sweep done so far; then reads the tasks' end states ({@code sacct}, or
 * {@code scontrol} on a cluster without accounting) and names any task that did not complete.
 */
public final class SlurmRunner {
    private final ResultStore store;
    private final SlurmOptions options;
    private final Duration poll;
    private final String entryPoint;
    private final PrintWriter out;
    private final ProgressMeter.Factory progress;

    public SlurmRunner(ResultStore store, SlurmOptions options, Duration poll, String entryPoint, PrintWriter out, ProgressMeter.Factory progress) {
        this.store = store;
        this.options = options;
        this.poll = poll;
        this.entryPoint = entryPoint;
        this.out = out;
        this.progress = progress;
    }

    /** Writes {@code DIR/slurm/sweep.sbatch} (and the pinned jar it runs); returns its path. */
    public Path writeScript(long memPerWorkerMb) throws IOException {
        Path slurm = store.dir().resolve("slurm");
        Files.createDirectories(slurm);
        Path script = slurm.resolve("sweep.sbatch");
        Path tmp = slurm.resolve(".sweep.sbatch.tmp");
        Files.writeString(tmp, SbatchScript.text(options, command(slurm, entryPoint), store.dir(), memPerWorkerMb));
        Files.move(tmp, script, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        script.toFile().setExecutable(true);
        return script;
    }

    /**
     * How a node starts this very program: this JVM's java with this class path, running
     * {@code entryPoint}'s main. When the class path is one jar that holds it, a copy of the jar in
     * {@code DIR/slurm/} is run instead, so rebuilding the checkout while the array waits in the
     * queue cannot change what the tasks run.
     */
    public static List<String> command(Path slurmDir, String entryPoint) throws IOException {
        String javaBin = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String cp = System.getProperty("java.class.path");
        if (!cp.contains(File.pathSeparator) && cp.endsWith(".jar") && holds(Path.of(cp), entryPoint)) {
            Path pinned = slurmDir.resolve("tagmatch.jar");
            Files.copy(Path.of(cp), slurmDir.resolve(".tagmatch.jar.tmp"), StandardCopyOption.REPLACE_EXISTING);
            Files.move(slurmDir.resolve(".tagmatch.jar.tmp"), pinned, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            cp = pinned.toString();
        } else {
            List<String> abs = new ArrayList<>();
            for (String e : cp.split(File.pathSeparator)) abs.add(Path.of(e).toAbsolutePath().toString());
            cp = String.join(File.pathSeparator, abs);
        }
        return List.of(javaBin, "-cp", cp, entryPoint);
    }

    private static boolean holds(Path jar, String entryPoint) {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.getEntry(entryPoint.replace('.', '/') + ".class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** Submits the script; returns the job id. */
    public String submit(Path script) {
        String id = run("sbatch", "--parsable", script.toString()).strip();
        int semi = id.indexOf(';'); // "id;cluster" on a multi-cluster setup
        id = semi < 0 ? id : id.substring(0, semi);
        if (!id.matches("\\d+")) throw new UserError("sbatch answered '" + id + "' instead of a job id");
        return id;
    }

    /** Waits until no task of the array is queued or running, showing the sweep's finished tasks; returns the end states. */
    public Map<String, String> follow(String jobId, List<Task> tasks) throws InterruptedException {
        try (ProgressMeter p = progress.start("sweep (slurm job " + jobId + ")", tasks.size(), "tasks")) {
            while (true) {
                Map<String, Integer> states = new TreeMap<>();
                for (String line : squeue(jobId)) states.merge(line, 1, Integer::sum);
                p.stepTo(finished(tasks));
                if (states.isEmpty()) break;
                p.note(states.toString().replaceAll("[{}]", ""));
                Thread.sleep(poll.toMillis());
            }
        }
        return endStates(jobId);
    }

    private long finished(List<Task> tasks) {
        long n = 0;
        for (Task t : tasks) if (Files.exists(store.file(t.key()))) n++;
        return n;
    }

    /** One state per array task still known to squeue; none once the array has left the queue. */
    private List<String> squeue(String jobId) {
        Exec.Result r = Exec.of("squeue", "-h", "-r", "-j", jobId, "-o", "%T").hint("slurm-client").timeout(Duration.ofMinutes(2)).run();
        if (!r.ok()) {
            // A finished job purged from slurmctld's memory is an "Invalid job id": nothing left.
            if (r.output().contains("Invalid job id")) return List.of();
            throw new UserError("squeue -j " + jobId + " failed (exit " + r.exit() + "): " + r.tail(5));
        }
        return r.output().lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** Array task id to "STATE exit" from sacct, or from scontrol where accounting is disabled. */
    Map<String, String> endStates(String jobId) {
        Map<String, String> states = new TreeMap<>();
        Exec.Result r = Exec.of("sacct", "-n", "-P", "-X", "-j", jobId, "-o", "JobID,State,ExitCode").hint("slurm-client")
                .timeout(Duration.ofMinutes(2)).run();
        if (r.ok() && !r.output().isBlank()) {
            for (String line : r.output().strip().split("\n")) {
                String[] f = line.split("\\|");
                if (f.length >= 3) states.put(f[0].substring(f[0].indexOf('_') + 1), f[1] + " " + f[2]);
            }
            return states;
        }
        Exec.Result s = Exec.of("scontrol", "-o", "show", "job", jobId).hint("slurm-client").timeout(Duration.ofMinutes(2)).run();
        if (!s.ok()) return states; // purged: the results directory is the record
        for (String line : s.output().strip().split("\n")) {
            String task = field(line, "ArrayTaskId");
            if (task != null) states.put(task, field(line, "JobState") + " " + field(line, "ExitCode"));
        }
        return states;
    }

    private static String field(String line, String name) {
        for (String kv : line.split(" ")) if (kv.startsWith(name + "=")) return kv.substring(name.length() + 1);
        return null;
    }

    private String run(String... cmd) {
        try {
            return Exec.of(cmd).hint("slurm-client").timeout(Duration.ofMinutes(2)).check();
        } catch (ToolException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /** Prints array tasks that did not complete with exit 0, with their log files. */
    public void describe(Map<String, String> states) {
        for (Map.Entry<String, String> e : states.entrySet()) {
            if (!e.getValue().startsWith("COMPLETED 0:0")) {
                out.println("array task " + e.getKey() + ": " + e.getValue() + " (log "
                        + store.dir().resolve("slurm").resolve("shard-" + e.getKey() + ".log") + ")");
            }
        }
    }
}
