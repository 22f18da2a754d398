package tagmatch.tools;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import tagmatch.process.Release;
import tagmatch.tools.bench.BenchCommand;

import java.util.List;

/** The {@code tagmatch} command line. Each subcommand lives in its own class. */
@Command(name = "tagmatch",
        version = Release.VERSION,
        description = "Generate MPI message-matching offload hardware and firmware, and prove it by co-simulation.",
        footer = {"", "  test      install missing tools, then run every test (./tagmatch launcher)"})
public final class Main extends CommandGroup {
    /** Every subcommand, in the order the help lists them. */
    static final List<Class<?>> COMMANDS = List.of(
            DemoCommand.class,
            HdlCommand.class,
            RtlCommand.class,
            SynthCommand.class,
            BenchCommand.class,
            CosimCommand.class,
            FirmwareCommand.class,
            tagmatch.tools.dpa.DpaCommand.class,
            tagmatch.tools.trace.TraceCommand.class,
            tagmatch.tools.sweep.SweepCommand.class,
            ProveCommand.class,
            tagmatch.tools.figure.FigureCommand.class);

    public static void main(String[] args) {
        CommandLine cl = commandLine(args);
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError | RuntimeException e) {
            // picocli rethrows what happens outside a command's call (option converters, help)
            code = ErrorHandler.report(e, deepest(cl));
        }
        // print() does not flush an autoflush writer: a report written with print must not be lost
        cl.getOut().flush();
        cl.getErr().flush();
        System.exit(code);
    }

    /** The subcommand the arguments named, for the command path of an error. */
    private static CommandLine deepest(CommandLine cl) {
        CommandLine.ParseResult pr = cl.getParseResult();
        if (pr == null) {
            return cl;
        }
        while (pr.subcommand() != null) {
            pr = pr.subcommand();
        }
        return pr.commandSpec().commandLine();
    }

    /** The configured command line with every subcommand, shared by {@link #main} and the tests. */
    public static CommandLine commandLine() {
        return build(COMMANDS);
    }

    /**
     * The command line for {@code args}: when they start with a subcommand's name, only that
     * subcommand is registered. picocli builds the model of every registered command up front
     * (reflection over all their options), which costs a short run like {@code rtl} a good part
     * of its startup; the help and an unknown name still see every command.
     */
    static CommandLine commandLine(String[] args) {
        if (args.length > 0) {
            for (Class<?> c : COMMANDS) {
                if (c.getAnnotation(Command.class).name().equals(args[0])) {
                    return build(List.of(c));
                }
            }
        }
        return commandLine();
    }

    private static CommandLine build(List<Class<?>> commands) {
        CommandLine cl = new CommandLine(new Main());
        for (Class<?> c : commands) {
            cl.addSubcommand(c);
        }
        // after the subcommands: picocli hands the handlers to the subcommands present now
        ErrorHandler h = new ErrorHandler();
        cl.setExecutionExceptionHandler(h);
        cl.setParameterExceptionHandler(h);
        return cl;
    }
}
