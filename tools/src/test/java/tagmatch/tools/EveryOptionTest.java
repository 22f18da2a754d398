package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every option of every command, walked from picocli's model, refuses an illegal value in the
 * one form of the README ({@code tagmatch cosim firmware: --ops must be >= 1, got 0}) with exit 2.
 * A new numeric option or one that takes a word from a fixed set is checked by this test as soon
 * as it exists; an option whose every value is legal must be named in {@link #ANY_VALUE}.
 */
class EveryOptionTest {
    /** Options that take any value of their type (a seed is any number). */
    private static final Set<String> ANY_VALUE = Set.of(
            "tagmatch bench sim --seed", "tagmatch bench model --seed", "tagmatch cosim firmware --seed",
            "tagmatch cosim alpu --seed");

    /** String options whose value is one of a fixed set of words (any other String option is a name, a path or a list of names checked elsewhere). */
    private static final Set<String> WORDS = Set.of(
            "tagmatch rtl --variant", "tagmatch rtl --stages", "tagmatch synth --variant", "tagmatch synth --stages",
            "tagmatch synth --family", "tagmatch cosim firmware --target", "tagmatch cosim alpu --variant",
            "tagmatch cosim alpu --stages", "tagmatch cosim alpu --sim", "tagmatch firmware --hash", "tagmatch trace parse --parser",
            "tagmatch trace replay --through", "tagmatch sweep --variant", "tagmatch sweep --steps",
            "tagmatch sweep --family", "tagmatch prove --solver", "tagmatch figure 5 --device", "tagmatch figure 6 --device",
            "tagmatch figure 5 --on", "tagmatch figure 6 --on", "tagmatch figure 8 --on",
            "tagmatch bench firmware --isa", "tagmatch bench dpa --matcher", "tagmatch bench model --workloads", "tagmatch bench model --strategies",
            "tagmatch trace analyze --strategies", "tagmatch trace offload --policy", "tagmatch dpa run --sim", "tagmatch bench dpa --sim",
            "tagmatch figure 5 --sim", "tagmatch figure 6 --sim", "tagmatch figure 8 --sim", "tagmatch trace replay --sim");

    /** The form: the command path, the option, what is legal, the value given. */
    private static final Pattern FORM = Pattern.compile("(tagmatch[a-z0-9 -]*): (--[a-z0-9-]+) must be (.+), got (.+)");

    @TempDir
    Path tmp;

    /** What a command needs besides the option under test to reach its checks (required arguments, the mode an option belongs to). */
    private List<String> context(String command, String option) {
        String traces = Path.of(System.getProperty("tagmatch.root", "..")).resolve("data/traces").toString();
        List<String> a = new ArrayList<>();
        switch (command) {
            case "tagmatch hdl" -> a.addAll(List.of("fifo", "--out", tmp.resolve("hdl").toString()));
            case "tagmatch rtl" -> a.addAll(List.of("--out", tmp.resolve("rtl").toString()));
            case "tagmatch synth" -> {
                if (Set.of("--seed").contains(option)) a.add("--pnr");
                if (Set.of("--jobs").contains(option)) a.add("--table");
            }
            case "tagmatch firmware" -> a.addAll(List.of("--out", tmp.resolve("fw").toString()));
            case "tagmatch trace analyze" -> a.addAll(List.of(traces, "--out", tmp.resolve("analysis").toString()));
            case "tagmatch trace offload" -> a.addAll(List.of(traces, "--out", tmp.resolve("offload").toString()));
            case "tagmatch trace parse", "tagmatch trace verify" -> a.add(traces);
            case "tagmatch trace replay" -> {
                a.add(traces);
                if (!option.equals("--through")) {
                    a.addAll(List.of("--through", Set.of("--threads", "--bins", "--max-recvs", "--max-unexpected").contains(option) ? "firmware" : "alpu"));
                }
            }
            case "tagmatch sweep" -> {
                a.addAll(List.of("--out", tmp.resolve("sweep").toString()));
                if (Set.of("--cpus-per-task", "--mem-per-task", "--array-tasks", "--max-running", "--poll").contains(option)) a.add("--slurm");
            }
            case "tagmatch sweep report" -> a.add(tmp.resolve("sweep").toString());
            case "tagmatch prove" -> a.add("counter");
            case "tagmatch dpa run" -> a.add(tmp.resolve("program.elf").toString()); // options are checked before it is read
            case "tagmatch bench dpa" -> {
                if (option.equals("--jobs")) a.addAll(List.of("--matcher", "list"));
            }
            case "tagmatch figure 5", "tagmatch figure 6", "tagmatch figure 8" -> {
                if (Set.of("--sequences", "--ack-cycles", "--clock-ghz", "--cores", "--threads-per-core", "--banks", "--ram-mib", "--latency", "--sim",
                        "--jobs").contains(option)
                        || CacheOptions.NAMES.contains(option)) {
                    a.addAll(List.of("--on", "dpa"));
                }
            }
            default -> { }
        }
        return a;
    }

    @Test
    void everyNumericAndWordOptionRefusesAnIllegalValueInTheOneForm() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (CommandLine cl : commands(Main.commandLine(), new ArrayList<>())) {
            String path = cl.getCommandSpec().qualifiedName();
            for (OptionSpec o : cl.getCommandSpec().options()) {
                String id = path + " " + o.longestName();
                String bad;
                if (ANY_VALUE.contains(id) || o.usageHelp() || o.versionHelp()) {
                    continue;
                } else if (numeric(o)) {
                    bad = "-1";
                } else if (WORDS.contains(id)) {
                    bad = "no-such-word";
                } else {
                    continue;
                }
                checked++;
                List<String> args = new ArrayList<>(List.of(path.substring("tagmatch ".length()).split(" ")));
                args.addAll(context(path, o.longestName()));
                args.addAll(List.of(o.longestName(), bad));
                CliRun cli = new CliRun();
                int code = cli.run(args.toArray(String[]::new));
                String err = cli.err.toString().strip();
                Matcher m = FORM.matcher(err);
                if (code != 2 || !m.matches() || !m.group(1).equals(path) || !m.group(2).equals(o.longestName())
                        || !m.group(4).contains(bad)) {
                    wrong.add(String.join(" ", args) + " -> exit " + code + ": " + err);
                }
            }
        }
        assertTrue(checked > 100, "only " + checked + " options checked: the walk lost commands");
        if (!wrong.isEmpty()) fail(wrong.size() + " options answer in another form:\n" + String.join("\n", wrong));
    }

    @Test
    void aValueOfTheWrongTypeIsRefusedInTheSameForm() {
        CliRun cli = new CliRun();
        assertEquals(2, cli.run("cosim", "firmware", "--ops", "many"));
        assertEquals("tagmatch cosim firmware: --ops must be a whole number, got 'many'", cli.err.toString().strip());
        cli = new CliRun();
        assertEquals(2, cli.run("figure", "5", "--clock-mhz", "fast"));
        assertEquals("tagmatch figure 5: --clock-mhz must be a number, got 'fast'", cli.err.toString().strip());
    }

    private static boolean numeric(OptionSpec o) {
        Class<?> t = o.type().isArray() || List.class.isAssignableFrom(o.type()) ? o.auxiliaryTypes()[0] : o.type();
        return t == int.class || t == long.class || t == double.class || t == Integer.class || t == Long.class
                || t == Double.class;
    }

    private static List<CommandLine> commands(CommandLine cl, List<CommandLine> all) {
        all.add(cl);
        for (CommandLine sub : cl.getSubcommands().values()) commands(sub, all);
        return all;
    }

}
