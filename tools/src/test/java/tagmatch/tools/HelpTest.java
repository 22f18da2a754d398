package tagmatch.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import tagmatch.process.Exec;

/** Every command's help, as a user's JVM prints it: no picocli warnings, nothing that points at files users do not have. */
class HelpTest {
    @Test
    void everyHelpIsCleanAndComplete() {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), EveryHelp.class.getName()));
        Exec.Result r = Exec.of(cmd).run();
        assertEquals(0, r.exit(), r.output());
        // picocli warns on this JVM's standard error (merged here) when a description does not format (a bare %)
        assertFalse(r.output().contains("WARN"), r.output());
        assertFalse(r.output().contains("spec/"), "a help names a file of the development checkout");
        for (String path : paths(Main.commandLine(), new ArrayList<>())) {
            assertTrue(r.output().contains("Usage: " + path + " "), "no help for " + path);
        }
        assertTrue(r.output().contains("%N") && !r.output().contains("%%N"), "the sweep's --max-running help lost its %N");
    }

    private static List<String> paths(CommandLine cl, List<String> all) {
        all.add(cl.getCommandSpec().qualifiedName());
        for (CommandLine sub : cl.getSubcommands().values()) paths(sub, all);
        return all;
    }
}
