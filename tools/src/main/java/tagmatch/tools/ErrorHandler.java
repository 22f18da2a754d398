package tagmatch.tools;

import picocli.CommandLine;

/**
 * Turns the exceptions that mean "bad input" into one clear line and exit code 2; anything
 * else is a bug and keeps its stack trace.
 */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        if (ex instanceof IllegalArgumentException || ex instanceof UserError || ex instanceof tagmatch.hdl.ir.HdlException) {
            cl.getErr().println("tagmatch " + cl.getCommandName() + ": " + ex.getMessage());
            return 2;
        }
        throw new RuntimeException(ex);
    }
}
