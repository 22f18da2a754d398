package tagmatch.tools.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import tagmatch.tools.Main;

/**
 * The README's command table lists every command a user can run, walked from picocli's model as
 * {@code EveryOptionTest} walks it, and nothing else: a row's first cell is {@code tagmatch CMD}
 * or {@code tagmatch CMD SUB\|SUB...} for a command with subcommands.
 */
class ReadmeCommandTableTest {
    private static final Path ROOT = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();

    @Test
    void theReadmeCommandTableListsEveryCommandAndOnlyThose() {
        assertEquals(List.of(), check(ModuleGraph.read(ROOT.resolve("README.md")), Main.commandLine()));
    }

    @Test
    void aMissingRowAndARowOfNoCommandAreReported() {
        String readme = ModuleGraph.read(ROOT.resolve("README.md"));
        String row = readme.lines().filter(l -> l.startsWith("| `tagmatch dpa run")).findFirst().orElseThrow();
        String drifted = readme.replace(row + "\n", "| `tagmatch frobnicate ...` | nothing |\n")
                .replace("| `tagmatch cosim alpu\\|firmware ...`", "| `tagmatch cosim alpu\\|firmwear ...`");
        assertEquals(List.of("the README's command table lacks tagmatch cosim firmware", "the README's command table lacks tagmatch dpa run",
                "the README's command table lists tagmatch cosim firmwear, which is no command",
                "the README's command table lists tagmatch frobnicate, which is no command"), check(drifted, Main.commandLine()));
    }

    /** What the table lacks and what it lists that is no command, one line each. */
    static List<String> check(String readme, CommandLine main) {
        Set<String> listed = listed(readme, main);
        Set<String> runnable = new TreeSet<>();
        walk(main, runnable);
        List<String> out = new ArrayList<>();
        for (String c : runnable) if (!listed.contains(c)) out.add("the README's command table lacks " + c);
        for (String c : listed) if (!runnable.contains(c)) out.add("the README's command table lists " + c + ", which is no command");
        return out;
    }

    /** The commands the table's rows name: {@code tagmatch cosim alpu\|firmware ...} names two. */
    private static Set<String> listed(String readme, CommandLine main) {
        Set<String> out = new TreeSet<>();
        boolean inTable = false;
        for (String line : readme.split("\n")) {
            if (line.startsWith("| command |")) {
                inTable = true;
                continue;
            }
            if (!line.startsWith("|")) inTable = false;
            if (!inTable || !line.startsWith("| `tagmatch ")) continue;
            String[] words = line.substring(3, line.indexOf('`', 3)).split(" ");
            CommandLine cmd = main.getSubcommands().get(words[1]);
            if (cmd == null || cmd.getSubcommands().isEmpty() || words.length < 3 || !words[2].matches("[a-z0-9][a-z0-9-]*(\\\\\\|[a-z0-9][a-z0-9-]*)*")) {
                out.add("tagmatch " + words[1]);
            } else {
                for (String sub : words[2].split("\\\\\\|")) out.add("tagmatch " + words[1] + " " + sub);
            }
        }
        return out;
    }

    /** Every command path a user runs: the leaves, and a command with subcommands that also takes options or arguments of its own. */
    private static void walk(CommandLine cl, Set<String> out) {
        boolean top = cl.getParent() == null;
        boolean leaf = cl.getSubcommands().isEmpty();
        boolean ownArguments = !cl.getCommandSpec().positionalParameters().isEmpty()
                || cl.getCommandSpec().options().stream().anyMatch(o -> !isHelp(o));
        if (!top && (leaf || ownArguments)) out.add(cl.getCommandSpec().qualifiedName());
        for (CommandLine sub : cl.getSubcommands().values()) walk(sub, out);
    }

    private static boolean isHelp(OptionSpec o) {
        return o.usageHelp() || o.versionHelp();
    }
}
