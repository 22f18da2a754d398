package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import tagmatch.tools.trace.ProgressOption;
import tagmatch.tools.trace.TraceInputOptions;

/**
 * The options several commands share mean one thing everywhere: each is declared once, in its
 * option class, and no command names one of those concepts another way.
 */
class OneNamePerConceptTest {
    /** Each shared option and the class that declares it. */
    private static final Map<String, Class<?>> SHARED = Map.ofEntries(
            Map.entry("--cores", ClusterOptions.class), Map.entry("--threads-per-core", ClusterOptions.class),
            Map.entry("--latency", ClusterOptions.class), Map.entry("--banks", ClusterOptions.class), Map.entry("--ram-mib", ClusterOptions.class),
            Map.entry("--force", ForceOption.class), Map.entry("--keep-temp", KeepTempOption.class),
            Map.entry("--parse-threads", TraceInputOptions.class), Map.entry("--cache", TraceInputOptions.class),
            Map.entry("--no-cache", TraceInputOptions.class), Map.entry("--pool-slots", PrefetchOptions.class),
            Map.entry("--slot-bytes", PrefetchOptions.class), Map.entry("--history", PrefetchOptions.class),
            Map.entry("--useful-share", PrefetchOptions.class), Map.entry("--no-progress", ProgressOption.class),
            Map.entry("--max-recvs", CapacityOptions.class), Map.entry("--max-unexpected", CapacityOptions.class),
            Map.entry("--jobs", JobsOption.class), Map.entry("--no-any-source", FirmwareOptions.class),
            Map.entry("--no-any-tag", FirmwareOptions.class));
    /** Names the same concepts once had on some command. */
    private static final List<String> RETIRED = List.of("--harts-per-core", "--hart-threads", "--dpa-cores", "--dpa-threads", "--capacity");

    @Test
    void everySharedOptionComesFromItsOptionClassAndEveryThreadsIsN() {
        assertEquals(List.of(), drift(Main.commandLine()));
    }

    @Test
    void aCommandThatDeclaresASharedOptionItselfIsReported() {
        CommandLine planted = new CommandLine(new Planted());
        assertEquals(List.of("planted --cores is declared by Planted, not ClusterOptions",
                "planted --threads does not describe N: 'hardware threads per core'",
                "planted --harts-per-core names a concept that has another name"), drift(planted));
    }

    @Command(name = "planted")
    static final class Planted {
        @Option(names = "--cores")
        int cores;
        @Option(names = "--threads", description = "hardware threads per core")
        int threads;
        @Option(names = "--harts-per-core")
        int harts;
    }

    private static List<String> drift(CommandLine root) {
        List<String> problems = new ArrayList<>();
        for (CommandLine cl : commands(root, new ArrayList<>())) {
            String path = cl.getCommandSpec().qualifiedName();
            for (OptionSpec o : cl.getCommandSpec().options()) {
                String name = o.longestName();
                Class<?> owner = SHARED.get(name);
                Class<?> declaring = o.userObject() instanceof Field f ? f.getDeclaringClass() : null;
                if (owner != null && declaring != owner) {
                    problems.add(path + " " + name + " is declared by " + (declaring == null ? "?" : declaring.getSimpleName()) + ", not "
                            + owner.getSimpleName());
                }
                String text = String.join(" ", o.description());
                if (name.equals("--threads") && !text.startsWith(ThreadsOption.WHAT)) {
                    problems.add(path + " --threads does not describe N: '" + text + "'");
                }
                if (RETIRED.contains(name)) problems.add(path + " " + name + " names a concept that has another name");
            }
        }
        return problems;
    }

    private static List<CommandLine> commands(CommandLine cl, List<CommandLine> all) {
        all.add(cl);
        for (CommandLine sub : cl.getSubcommands().values()) commands(sub, all);
        return all;
    }
}
