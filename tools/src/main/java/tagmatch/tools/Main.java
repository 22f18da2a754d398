package tagmatch.tools;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import tagmatch.tools.bench.BenchCommand;

/** The {@code tagmatch} command line. Each subcommand lives in its own class. */
@Command(name = "tagmatch",
        mixinStandardHelpOptions = true,
        version = "tagmatch 0.1.0",
        description = "Generate MPI message-matching offload hardware and firmware, and prove it by co-simulation.",
        footer = {"", "  test      install missing tools, then run every test (./tagmatch launcher)"},
        subcommands = {
                DemoCommand.class,
                HdlCommand.class,
                RtlCommand.class,
                SynthCommand.class,
                BenchCommand.class,
                CosimCommand.class,
                FirmwareCommand.class,
                tagmatch.tools.trace.TraceCommand.class,
                tagmatch.tools.sweep.SweepCommand.class,
                ProveCommand.class,
                tagmatch.tools.figure.FigureCommand.class,
        })
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        CommandLine cl = commandLine();
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

    /** The configured command line, shared by {@link #main} and the tests. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        ErrorHandler h = new ErrorHandler();
        cl.setExecutionExceptionHandler(h);
        cl.setParameterExceptionHandler(h);
        return cl;
    }
}
