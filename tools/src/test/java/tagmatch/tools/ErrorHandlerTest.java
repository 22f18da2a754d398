package tagmatch.tools;

import tagmatch.process.UserError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ErrorHandlerTest {
    private final StringWriter err = new StringWriter();

    private int report(Throwable t) {
        CommandLine cl = Main.commandLine();
        cl.setErr(new PrintWriter(err, true));
        return ErrorHandler.report(t, cl.getSubcommands().get("rtl"));
    }

    @Test
    void anInternalErrorSaysItIsOneAndWhereItsStackTraceWent() throws Exception {
        assertEquals(ErrorHandler.FAILURE, report(new NullPointerException("boom")));
        String line = err.toString().strip();
        assertTrue(line.startsWith("tagmatch rtl: internal error (a bug in tagmatch, please report it): java.lang.NullPointerException: boom; "
                + "the stack trace is in "), line);
        Matcher m = Pattern.compile("the stack trace is in (\\S+)$").matcher(line);
        assertTrue(m.find(), line);
        Path trace = Path.of(m.group(1));
        assertTrue(Files.readString(trace).contains("at tagmatch.tools.ErrorHandlerTest"), "the saved trace");
        Files.delete(trace);
    }

    @Test
    void aWrappedUserErrorIsReportedAsItself() {
        assertEquals(ErrorHandler.FAILURE, report(new RuntimeException(new UserError("yosys failed on x.v"))));
        assertEquals("tagmatch rtl: yosys failed on x.v", err.toString().strip());
    }
}
