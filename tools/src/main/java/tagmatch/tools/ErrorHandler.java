package tagmatch.tools;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import tagmatch.process.ToolException;
import tagmatch.process.UsageError;
import tagmatch.process.UserError;

/**
 * The one place that turns an exception into what the user sees: one line starting with the
 * command path ({@code tagmatch cosim firmware: ...}) and an exit code.
 *
 * <ul>
 *   <li>2 — usage: a bad option or argument ({@link UsageError}, {@link IllegalArgumentException}
 *       from a configuration record, picocli's own parse errors);</li>
 *   <li>1 — failure: {@link UserError}, a tool that failed or is missing, an I/O error, memory
 *       exhausted, and an internal error, which says it is one and where its stack trace went.</li>
 * </ul>
 */
public final class ErrorHandler implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
    public static final int USAGE = 2;
    public static final int FAILURE = 1;

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        return report(ex, cl);
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        String path = cl.getCommandSpec().qualifiedName();
        String wrongType = wrongType(ex);
        cl.getErr().println(path + ": " + (wrongType != null ? wrongType : ex.getMessage() + " (see '" + path + " --help')"));
        cl.getErr().flush();
        return USAGE;
    }

    /**
     * picocli's own message for a value of the wrong type ({@code Invalid value for option
     * '--ops': 'many' is not a long}) in the form of every other check: {@code --ops must be a
     * whole number, got 'many'}; null for any other parse error. picocli keeps the converter's
     * failure as the cause of a value it could not convert, and of no other parse error.
     */
    static String wrongType(CommandLine.ParameterException ex) {
        if (!(ex.getArgSpec() instanceof CommandLine.Model.OptionSpec) || ex.getValue() == null || ex.getCause() == null) {
            return null;
        }
        CommandLine.Model.OptionSpec o = (CommandLine.Model.OptionSpec) ex.getArgSpec();
        Class<?> t = o.type().isArray() || java.util.Collection.class.isAssignableFrom(o.type()) ? o.auxiliaryTypes()[0] : o.type();
        String what;
        if (t == int.class || t == long.class || t == Integer.class || t == Long.class || t == short.class || t == Short.class) {
            what = "a whole number";
        } else if (t == double.class || t == float.class || t == Double.class || t == Float.class) {
            what = "a number";
        } else {
            return null;
        }
        return o.longestName() + " must be " + what + (o.splitRegex().isEmpty() ? "" : " each") + ", got '" + ex.getValue() + "'";
    }

    /** Prints {@code t} for the command {@code cl} and returns the exit code. */
    static int report(Throwable t, CommandLine cl) {
        PrintWriter err = cl.getErr();
        String path = cl.getCommandSpec().qualifiedName();
        int code;
        if (t instanceof UsageError || t instanceof IllegalArgumentException || t instanceof tagmatch.hdl.ir.HdlException) {
            err.println(path + ": " + t.getMessage());
            code = USAGE;
        } else if (t instanceof UserError || t instanceof ToolException) {
            err.println(path + ": " + t.getMessage());
            code = FAILURE;
        } else if (t instanceof UncheckedIOException u && u.getMessage() != null
                && !u.getMessage().equals(String.valueOf(u.getCause()))) {
            err.println(path + ": " + u.getMessage()); // it says which file, in its own words
            code = FAILURE;
        } else if (t instanceof UncheckedIOException || t instanceof IOException) {
            IOException io = t instanceof IOException ? (IOException) t : ((UncheckedIOException) t).getCause();
            err.println(path + ": " + describe(io));
            code = FAILURE;
        } else if (t instanceof OutOfMemoryError) {
            err.println(path + ": out of memory (Java heap " + Runtime.getRuntime().maxMemory() / (1 << 20)
                    + " MiB); give it more with TAGMATCH_JAVA_OPTS=-Xmx8g, or a smaller input");
            code = FAILURE;
        } else if (t.getCause() != null && t.getCause() != t && (t instanceof RuntimeException && isWrapper(t))) {
            return report(t.getCause(), cl);
        } else {
            err.println(path + ": internal error (a bug in tagmatch, please report it): " + t + "; " + saveTrace(t));
            code = FAILURE;
        }
        err.flush();
        return code;
    }

    /** {@code new RuntimeException(cause)} wrappers carry no message of their own. */
    private static boolean isWrapper(Throwable t) {
        return t.getClass() == RuntimeException.class && (t.getMessage() == null || t.getMessage().equals(String.valueOf(t.getCause())));
    }

    /** An I/O error named by what the user can fix: the file and the reason. */
    static String describe(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied: " + e.getMessage();
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory: " + e.getMessage();
        }
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "already exists: " + e.getMessage();
        }
        if (e instanceof java.nio.file.NotDirectoryException) {
            return "not a directory: " + e.getMessage();
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason() + ": " + fs.getFile();
        }
        return "I/O error: " + e.getMessage();
    }

    private static String saveTrace(Throwable t) {
        StringWriter sw = new StringWriter();
        t.printStackTrace(new PrintWriter(sw));
        try {
            Path f = Files.createTempFile("tagmatch-crash-", ".txt");
            Files.writeString(f, sw.toString());
            return "the stack trace is in " + f;
        } catch (IOException | RuntimeException e) {
            return "the stack trace follows:\n" + sw;
        }
    }
}
