package tagmatch.tools.trace;

import tagmatch.trace.Dumpi;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.tools.CliRun;

/**
 * {@code trace verify} on small traces built so that the reference and the recorded statuses
 * agree, differ where the arrival order is open, or differ where nothing explains it, and on
 * the committed traces.
 */
class VerifyCommandTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    /** A blocking send of one MPI_INT on MPI_COMM_WORLD entering at {@code us}. */
    private static Dumpi send(Dumpi d, long us, int dest, int tag) {
        return d.call("MPI_Send", us, "int count=1", "MPI_Datatype datatype=9 (MPI_INT)", "int dest=" + dest, "int tag=" + tag, Dumpi.comm(2));
    }

    private static String status(int source, int tag, int bytes) {
        return "{bytes=" + bytes + ", cancelled=0, source=" + source + ", tag=" + tag + ", error=0}";
    }

    private static Dumpi waitFor(Dumpi d, long us, long request, int source, int tag) {
        return d.call("MPI_Wait", us, "MPI_Request request=[" + request + "]", "MPI_Status status=[" + status(source, tag, 4) + "]");
    }

    /** Writes one file per rank, each with the footer's size of MPI_INT, and runs verify on them. */
    private int verify(String name, Dumpi... ranks) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        for (int r = 0; r < ranks.length; r++) {
            Files.writeString(dir.resolve(String.format("dumpi-%04d.txt", r)), ranks[r].footer() + "Datatype 9 (MPI_INT) has size 4\n");
        }
        return cli.run("trace", "verify", dir.toString());
    }

    private String out() {
        return cli.out.toString();
    }

    private void assertRow(String trace, String counts) {
        Pattern row = Pattern.compile("(?m)^" + Pattern.quote(trace) + " +" + counts + "$");
        assertTrue(row.matcher(out()).find(), "row " + counts + " in\n" + out() + cli.err);
    }

    @Test
    void receivesOfOneSenderTakeItsMessagesInSendOrder() throws IOException {
        Dumpi r0 = new Dumpi().irecv(10, 1, 5, 2).irecv(11, 1, 5, 2);
        waitFor(r0, 30, 10, 1, 5);
        waitFor(r0, 31, 11, 1, 5);
        int code = verify("inorder", r0, send(send(new Dumpi(), 20, 0, 5), 21, 0, 5));
        assertEquals(0, code, out() + cli.err);
        // receives, determined agree, order-dependent agree, ambiguous, follows, unexplained, any-source, cancelled, open, sizes
        assertRow("inorder", "2 +2 +2 / 2 +0 / 0 +0 +0 +0 +0 +0 +0 +2");
    }

    @Test
    void aStatusThatBreaksNonOvertakingOnADeterminedReceiveFails() throws IOException {
        // rank 1 sends tag 7 then tag 5; both receives take any tag from rank 1, so the first must get tag 7
        Dumpi r0 = new Dumpi().irecv(10, 1, -1, 2).irecv(11, 1, -1, 2);
        waitFor(r0, 30, 10, 1, 5);
        waitFor(r0, 31, 11, 1, 7);
        int code = verify("overtaken", r0, send(send(new Dumpi(), 20, 0, 7), 21, 0, 5));
        assertNotEquals(0, code);
        assertTrue(out().contains("DISAGREE rank 0 comm 2 MPI_Irecv line 3 (source 1, tag ANY_TAG, posted 0.0 us): Open MPI rank 1's send "
                + "at line 10 (tag 5, 4 B, sent 11.0 us); reference rank 1's send at line 3 (tag 7, 4 B, sent 10.0 us): a receive naming its "
                + "source is decided by non-overtaking alone"), out());
        assertTrue(cli.err.toString().contains("2 receives disagree with the MPI library's statuses"), cli.err.toString());
    }

    @Test
    void twoSendersWhoseArrivalOrderIsOpenAreReportedAsAmbiguous() throws IOException {
        Dumpi r0 = new Dumpi().irecv(10, -1, 5, 2).irecv(11, -1, 5, 2)
                .call("MPI_Waitall", 50, "int count=2", "MPI_Request requests[2]=[10, 11]",
                        "MPI_Status statuses[2]=[" + status(2, 5, 4) + ", " + status(1, 5, 4) + "]");
        int code = verify("swapped", r0, send(new Dumpi(), 20, 0, 5), send(new Dumpi(), 21, 0, 5));
        assertEquals(0, code, out() + cli.err);
        assertRow("swapped", "3 +2 +0 / 0 +0 / 2 +2 +0 +0 +2 +0 +0 +2");
        assertTrue(out().contains("AMBIGUOUS rank 0 comm 2 MPI_Irecv line 3 (source ANY_SOURCE, tag 5, posted 0.0 us): Open MPI rank 2's send"
                + " at line 3 (tag 5, 4 B, sent 11.0 us); reference rank 1's send at line 3 (tag 5, 4 B, sent 10.0 us): arrival order open: "
                + "rank 2's send began at 11.0 us, while rank 1's message (sent at 10.0 us) had certainly arrived only when its receive "
                + "returned at 41.0 us"), out());
    }

    @Test
    void aWildcardReceiveSkippedWhileAMessageWasPendingIsUnexplained() throws IOException {
        // rank 1's message arrived before the second receive returned (26 us), while the first receive was pending:
        // MPI gives it to the first; the statuses give the first rank 2's message, sent only at 40 us
        Dumpi r0 = new Dumpi().irecv(10, -1, 5, 2).irecv(11, -1, 5, 2);
        waitFor(r0, 25, 11, 1, 5);
        waitFor(r0, 45, 10, 2, 5);
        int code = verify("violated", r0, send(new Dumpi(), 20, 0, 5), send(new Dumpi(), 40, 0, 5));
        assertNotEquals(0, code);
        assertRow("violated", "3 +2 +0 / 0 +0 / 2 +1 +0 +1 +2 +0 +0 +2");
        assertTrue(out().contains("DISAGREE rank 0 comm 2 MPI_Irecv line 3 (source ANY_SOURCE, tag 5, posted 0.0 us)"), out());
        assertTrue(out().contains("rank 2's send began at 30.0 us, after the reference's message had certainly arrived (16.0 us)"), out());
    }

    @Test
    void aDisagreementCausedByAnEarlierAmbiguousOneFollowsFromIt() throws IOException {
        // Open MPI: rank 2's message first (to r1); rank 3's (sent 40 us) to r2; rank 1's late, to r3.
        // The reference gives r2 rank 2's message, which Open MPI gave the earlier, ambiguous r1.
        Dumpi r0 = new Dumpi().irecv(10, -1, 5, 2).irecv(11, -1, 5, 2);
        waitFor(r0, 30, 10, 2, 5);
        waitFor(r0, 45, 11, 3, 5);
        r0.irecv(50, -1, 5, 2);
        waitFor(r0, 60, 50, 1, 5);
        int code = verify("shifted", r0, send(new Dumpi(), 20, 0, 5), send(new Dumpi(), 21, 0, 5), send(new Dumpi(), 40, 0, 5));
        assertEquals(0, code, out() + cli.err);
        assertRow("shifted", "4 +3 +0 / 0 +0 / 3 +2 +1 +0 +3 +0 +0 +3");
        assertTrue(out().contains("FOLLOWS rank 0 comm 2 MPI_Irecv line 11"), out());
        assertTrue(out().contains("follows from the receive at line 3, which Open MPI gave the reference's message"), out());
    }

    @Test
    void aStatusWhoseSizeIsNotTheMessagesFails() throws IOException {
        Dumpi r0 = new Dumpi().irecv(10, 1, 5, 2).call("MPI_Wait", 30, "MPI_Request request=[10]", "MPI_Status status=[" + status(1, 5, 8) + "]");
        int code = verify("size", r0, send(new Dumpi(), 20, 0, 5));
        assertNotEquals(0, code);
        assertTrue(out().contains("SIZE_DIFFERS rank 0 comm 2 MPI_Irecv line 3"), out());
        assertTrue(out().contains("the status reports 8 bytes, the message has 4"), out());
    }

    @Test
    void aStatusNamingAMessageNobodySentFails() throws IOException {
        Dumpi r0 = new Dumpi().irecv(10, -1, 5, 2);
        waitFor(r0, 30, 10, 1, 6);
        int code = verify("ghost", r0, send(new Dumpi(), 20, 0, 5));
        assertNotEquals(0, code);
        assertTrue(out().contains("UNIDENTIFIED rank 0 comm 2 MPI_Irecv line 3 (source ANY_SOURCE, tag 5, posted 0.0 us): Open MPI nothing; "
                + "reference rank 1's send at line 3 (tag 5, 4 B, sent 10.0 us): the status names source 1 tag 6, but no further such "
                + "message was sent to this rank"), out());
    }

    @Test
    void aCancelledReceiveIsLeftOutOfTheReplay() throws IOException {
        // the message was sent before both receives; had the cancelled one stayed in, the reference would give it the message
        Dumpi r0 = new Dumpi().irecv(10, -1, 5, 2).call("MPI_Cancel", 11, "MPI_Request request=[10]")
                .call("MPI_Wait", 12, "MPI_Request request=[10]", "MPI_Status status=[{bytes=0, cancelled=1, source=-1, tag=-1, error=0}]")
                .irecv(30, -1, 5, 2);
        waitFor(r0, 40, 30, 1, 5);
        int code = verify("cancelled", r0, send(new Dumpi(), 5, 0, 5));
        assertEquals(0, code, out() + cli.err);
        assertRow("cancelled", "2 +1 +0 / 0 +1 / 1 +0 +0 +0 +1 +1 +0 +1");
    }

    @Test
    void everyCompletionCallHandsItsStatusToTheRightReceive() throws IOException {
        // four receives with distinct tags: a status given to the wrong one names a tag its pattern does not match
        Dumpi r0 = new Dumpi().irecv(10, 1, 1, 2).irecv(11, 1, 2, 2).irecv(12, 1, 3, 2)
                .call("MPI_Recv_init", 13, "int count=1", "MPI_Datatype datatype=9 (MPI_INT)", "int source=1", "int tag=4", Dumpi.comm(2),
                        "MPI_Request request=[13]")
                .call("MPI_Startall", 14, "int count=1", "MPI_Request requests[1]=[13]")
                .call("MPI_Waitany", 30, "int count=2", "MPI_Request requests[2]=[10, 11]", "int index=1", "MPI_Status status=[" + status(1, 2, 4) + "]")
                .call("MPI_Testsome", 31, "int count=3", "MPI_Request requests[3]=[10, -1, 12]", "int outcount=2", "int indices[2]=[2, 0]",
                        "MPI_Status statuses[2]=[" + status(1, 3, 4) + ", " + status(1, 1, 4) + "]")
                .call("MPI_Test", 32, "MPI_Request request=[13]", "int flag=1", "MPI_Status status=[" + status(1, 4, 4) + "]")
                .call("MPI_Start", 33, "MPI_Request request=[13]")
                .irecv(34, 1, 5, 2);
        Dumpi r1 = new Dumpi();
        for (int tag = 1; tag <= 5; tag++) send(r1, 20 + tag, 0, tag);
        int code = verify("completions", r0, r1);
        assertEquals(0, code, out() + cli.err);
        // the restarted persistent receive and the last Irecv never complete: open
        assertRow("completions", "2 +4 +4 / 4 +0 / 0 +0 +0 +0 +0 +0 +2 +4");
    }

    @Test
    void aNegativeCaseLimitIsRejectedBeforeAnyWork() {
        int code = cli.run("trace", "verify", tmp.resolve("none").toString(), "--max-cases", "-1");
        assertEquals(2, code);
        assertEquals("tagmatch trace verify: --max-cases must be >= 0, got -1", cli.err.toString().trim());
    }

    /** The application traces and the purpose-written programs of mpi-programs/ (trace.sh), at every rank count traced. */
    private static final List<String> COMMITTED = List.of("hpcc", "lammps-crack", "lammps-melt", "lammps-melt-n64", "nwchem", "cp2k", "qe", "meep",
            "mpi-wildcard-n2", "mpi-wildcard-n4", "mpi-wildcard-n8", "mpi-many-to-one-n3", "mpi-many-to-one-n8", "mpi-many-to-one-n16",
            "mpi-out-of-order-n2", "mpi-out-of-order-n5", "mpi-cancel-probe-n2", "mpi-cancel-probe-n4",
            "mpi-communicators-n4", "mpi-communicators-n7");

    @Test
    void theCommittedTracesAgreeWithOpenMpiWhereverTheOrderIsDetermined() {
        int code = cli.run("trace", "verify", Dumpi.root().resolve("data/traces").toString(), "--max-cases", "0");
        assertEquals(0, code, out() + cli.err);
        List<String> lines = out().lines().toList();
        for (String trace : COMMITTED) {
            String row = lines.stream().filter(l -> l.startsWith(trace + " ")).findFirst().orElseThrow(() -> new AssertionError(trace + " in " + out()));
            String[] f = row.trim().split(" +");
            // trace ranks receives det-agree / det-total order-agree / order-total ambiguous follows unexplained any-src cancelled open sizes
            assertEquals(f[3], f[5], "every determined receive agrees: " + row);
            assertEquals("0", f[11], "nothing unexplained: " + row);
            assertTrue(Long.parseLong(f[15]) > 0, "statuses' sizes checked: " + row);
        }
        assertTrue(out().contains("hpcc: 29 receives not agreeing"), out());
        assertTrue(out().matches("(?s).*\nlammps-melt-n64 +64 +84480 +84480 / 84480 .*"), "64 ranks: " + out());
        // the corner cases the applications do not reach are there: cancelled receives, MPI_ANY_SOURCE on split communicators
        assertTrue(out().matches("(?s).*\nmpi-cancel-probe-n4 +4 +140 +136 / 136 +4 / 4 +0 +0 +0 +4 +12 +0 +140\n.*"), out());
        assertTrue(out().matches("(?s).*\nmpi-out-of-order-n5 +5 +522 +522 / 522 +0 / 0 .*"), out());
    }
}
