package tagmatch.tools.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

/** Every {@code trace} command that reads traces takes them with the same options and refuses them with the same errors. */
class TraceInputOptionsTest {
    @TempDir
    Path tmp;

    /** The command line of {@code command} with what it needs besides the trace input, then {@code input}. */
    private List<String> line(String command, String... input) {
        List<String> a = new ArrayList<>(List.of("trace", command));
        if (!command.equals("parse")) {
            a.add("--no-progress");
            a.addAll(command.equals("replay") ? List.of("--through", "firmware") : List.of("--out", tmp.resolve("out").toString()));
        }
        a.addAll(List.of(input));
        return a;
    }

    /** Runs the command and returns its exit code and its one-line error. */
    private String refusal(List<String> args) {
        CliRun cli = new CliRun();
        int code = cli.run(args.toArray(String[]::new));
        return code + " " + cli.err.toString().strip();
    }

    @Test
    void badTraceInputIsRefusedAlikeBeforeAnyWork() throws IOException {
        for (String command : List.of("analyze", "parse", "offload", "replay")) refusedAlike(command);
    }

    private void refusedAlike(String command) throws IOException {
        String name = "tagmatch trace " + command + ": ";
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertEquals("2 " + name + "--cache and --no-cache exclude each other",
                refusal(line(command, empty.toString(), "--cache", tmp.resolve("c").toString(), "--no-cache")));
        assertEquals("2 " + name + "--cache must name a directory, but " + file + " is a file",
                refusal(line(command, empty.toString(), "--cache", file.toString())));
        assertEquals("2 " + name + "--parse-threads must be >= 1, got 0", refusal(line(command, empty.toString(), "--parse-threads", "0")));
        assertEquals("2 " + name + "trace directory " + empty + " holds no rank files NAME-RRRR.txt[.gz], nor do its subdirectories",
                refusal(line(command, empty.toString(), "--no-cache")));
        assertFalse(Files.exists(tmp.resolve("out")), command + " wrote its output");
    }
}
