package tagmatch.tools;

import java.io.PrintWriter;
import picocli.CommandLine;

/** Prints the help of every command, for {@link HelpTest} to read picocli's warnings on this JVM's standard error. */
public final class EveryHelp {
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        print(Main.commandLine(), out);
        out.flush();
    }

    private static void print(CommandLine cl, PrintWriter out) {
        cl.usage(out);
        for (CommandLine sub : cl.getSubcommands().values()) print(sub, out);
    }
}
