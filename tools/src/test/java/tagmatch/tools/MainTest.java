package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which subcommands a command line registers: a run pays only for the one it names. */
class MainTest {
    @Test
    void aRunRegistersOnlyTheSubcommandItNames() {
        assertEquals(List.of("rtl"), List.copyOf(Main.commandLine(new String[] {"rtl", "--cells", "16"}).getSubcommands().keySet()));
        assertEquals(List.of("bench"), List.copyOf(Main.commandLine(new String[] {"bench", "hdl"}).getSubcommands().keySet()));
    }

    @Test
    void helpNoArgumentsAndUnknownNamesSeeEveryCommand() {
        List<String> all = List.copyOf(Main.commandLine().getSubcommands().keySet());
        assertEquals(Main.COMMANDS.size(), all.size());
        for (String[] args : List.of(new String[] {}, new String[] {"--help"}, new String[] {"rtll"})) {
            assertEquals(all, List.copyOf(Main.commandLine(args).getSubcommands().keySet()));
        }
    }

    @Test
    void everyCommandAndSubcommandPrintsTheVersion() {
        for (String[] args : List.of(new String[] {"--version"}, new String[] {"rtl", "--version"}, new String[] {"figure", "8", "--version"})) {
            CliRun c = new CliRun();
            assertEquals(0, c.run(args));
            assertEquals(tagmatch.process.Release.VERSION, c.out.toString().trim(), String.join(" ", args));
        }
    }
}
