package tagmatch.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DumpiReaderTest {
    /** Everything a reader reports, kept for assertions. */
    static final class Collected implements DumpiListener {
        final Map<String, String> header = new LinkedHashMap<>();
        final List<DumpiRecord> records = new ArrayList<>();
        DumpiFooter footer;

        @Override public void header(String key, String value) { header.put(key, value); }
        @Override public void record(DumpiRecord r) { records.add(r); }
        @Override public void footer(DumpiFooter f) { footer = f; }
    }

    static Collected parse(String text) {
        Collected c = new Collected();
        DumpiReader.read("t-0000.txt", new StringReader(text), c);
        return c;
    }

    @Test
    void readsTheSstDumpiTestTraceRecordByRecord() {
        Path file = Dumpi.root().resolve("data/dumpi/testtrace-0000.txt");
        Collected c = new Collected();
        long[] progress = {0};
        DumpiReader.read(file, c, n -> progress[0] = n);

        assertEquals("1.0.0", c.header.get("version"));
        assertEquals("hadalst-mbp.ca.sandia.gov", c.header.get("hostname"));
        assertEquals("Thu Feb  3 16:05:56 2011", c.header.get("starttime"));
        assertEquals(List.of("MPI_Init", "MPI_Comm_rank", "MPI_Comm_size", "MPI_Barrier", "MPI_Isend", "MPI_Recv", "MPI_Wait",
                "MPI_Allreduce", "MPI_Finalize"), c.records.stream().map(DumpiRecord::call).toList());

        DumpiRecord isend = c.records.get(4);
        assertEquals(23, isend.line());
        assertEquals(1_296_777_956_739_674_000L, isend.enterWallNanos());
        assertEquals(1_296_777_956_739_689_000L, isend.leaveWallNanos());
        assertEquals(8_347_000L, isend.enterCpuNanos());
        assertEquals(1, isend.integer("dest"));
        assertEquals(1337, isend.integer("tag"));
        assertEquals(2, isend.integer("comm"));
        assertEquals("MPI_COMM_WORLD", isend.annotation("comm"));
        assertEquals("MPI_INT", isend.annotation("datatype"));
        assertEquals(2, isend.integer("request"));
        assertEquals("MPI_Request", isend.param("request").type());

        DumpiRecord recv = c.records.get(5);
        assertEquals(3, recv.integer("source"));
        assertInstanceOf(DumpiValue.Ignored.class, recv.param("status").value());

        DumpiValue.Items status = (DumpiValue.Items) c.records.get(6).param("status").value();
        DumpiValue.Status s = (DumpiValue.Status) status.items().get(0);
        assertEquals(Map.of("bytes", 1606419960L, "cancelled", 0L, "source", 9L, "tag", 9L, "error", 96L), s.fields());

        DumpiParam argv = c.records.get(0).param("argv");
        assertEquals("string", argv.type());
        assertEquals(List.of(1), argv.dims());
        assertEquals(new DumpiValue.Items(List.of(new DumpiValue.Scalar("./mpi", null))), argv.value());

        assertEquals(1L, c.footer.calls().get("MPI_Recv"));
        assertEquals(9L, c.footer.calls().get("MPI_ALL_FUNCTIONS"));
        assertEquals(0L, c.footer.ignored().get("MPI_Send"));
        assertEquals(4L, c.footer.datatypeSizes().get(9));
        assertEquals(20L, c.footer.datatypeSizes().get(27));
        assertEquals(file.toFile().length(), progress[0]);
    }

    @Test
    void readsWildcardsArraysStatusListsAndPerfCounters() {
        Collected c = parse(new Dumpi()
                .irecv(10, -1, -1, 2)
                .call("MPI_Waitsome", 20, "int count=3", "MPI_Request requests[3]=[10, 11, -1]", "int outcount=2",
                        "int indices[2]=[0, 1]",
                        "MPI_Status statuses[2]=[{bytes=4, cancelled=0, source=1, tag=5, error=0}, {bytes=8, cancelled=0, source=2, tag=7, error=0}]")
                .line("MPI_Group_range_incl entering at walltime 1700000000.000030000, cputime 0.000100000 seconds in thread 0.")
                .line("Perfcounters: [PAPI_TOT_CYC=1234, PAPI_FP_OPS=0]")
                .line("int ranges[2][3]=[[0, 3, 1]")
                .line(", [4, 7, 1]")
                .line("]string name=\"a b\"") // dumpi2ascii writes no newline after a 2-D array
                .line("MPI_Group_range_incl returning at walltime 1700000000.000031000, cputime 0.000200000 seconds in thread 0.")
                .line("Perfcounters: [PAPI_TOT_CYC=2345, PAPI_FP_OPS=1]")
                .call("MPI_Comm_size", 40, "MPI_Comm comm=2 (MPI_COMM_WORLD)", "int size=4")
                .footer());

        DumpiRecord irecv = c.records.get(0);
        assertEquals(-1, irecv.integer("source"));
        assertEquals("MPI_ANY_SOURCE", irecv.annotation("source"));
        assertEquals("MPI_ANY_TAG", irecv.annotation("tag"));
        DumpiRecord some = c.records.get(1);
        assertEquals(List.of(10L, 11L, -1L), some.integers("requests"));
        assertEquals(List.of(0L, 1L), some.integers("indices"));
        assertEquals(2, ((DumpiValue.Items) some.param("statuses").value()).items().size());
        DumpiRecord ranges = c.records.get(2);
        assertEquals(List.of(2, 3), ranges.param("ranges").dims());
        assertEquals(2, ((DumpiValue.Items) ranges.param("ranges").value()).items().size());
        assertEquals(new DumpiValue.Scalar("a b", null), ranges.param("name").value());
        assertEquals(4, c.records.get(3).integer("size"));
        assertEquals(4, c.records.size());
        assertNull(c.records.get(3).param("nothing"));
    }

    @Test
    void readsAGzippedTraceOfTheTracer() {
        Path file = Dumpi.root().resolve("data/traces/lammps-melt/dumpi-0003.txt.gz");
        Collected c = new Collected();
        DumpiReader.read(file, c, n -> {});
        assertEquals("MPI_Init", c.records.get(0).call());
        assertEquals("MPI_Finalize", c.records.get(c.records.size() - 1).call());
        long irecvs = c.records.stream().filter(r -> r.call().equals("MPI_Irecv")).count();
        assertEquals((long) c.footer.calls().get("MPI_Irecv"), irecvs);
        assertTrue(irecvs > 100, "LAMMPS exchanges ghost atoms with MPI_Irecv every step: " + irecvs);
        DumpiRecord cart = c.records.stream().filter(r -> r.call().equals("MPI_Cart_create")).findFirst().orElseThrow();
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L), cart.integers("worldranks"));
    }

    @Test
    void aRecordWithoutItsReturningLineNamesFileLineAndWhatWasExpected() {
        String text = "version=1.0.0\n"
                + "MPI_Send entering at walltime 1.000000000, cputime 0.000100000 seconds in thread 0.\n"
                + "int dest=1\n"
                + "MPI_Recv entering at walltime 2.000000000, cputime 0.000100000 seconds in thread 0.\n"
                + "int source=1\n"
                + "MPI_Recv returning at walltime 3.000000000, cputime 0.000100000 seconds in thread 0.\n";
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> parse(text));
        assertEquals("t-0000.txt:4:1: expected a parameter line or 'MPI_Send returning ...' (record opened at line 2), "
                + "found another record's 'entering' line", e.getMessage());
        assertEquals(4, e.line());
        assertEquals("t-0000.txt", e.file());
    }

    @Test
    void aParameterLineWithoutEqualsSignIsRejectedAtItsColumn() {
        String text = new Dumpi().call("MPI_Send", 1, "int dest=1", "int tag 5").footer();
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> parse(text));
        assertEquals("t-0000.txt:5:9: expected '=', found '5'", e.getMessage());
    }

    @Test
    void aRecordClosedByAnotherCallIsRejected() {
        String text = "MPI_Send entering at walltime 1.000000000, cputime 0.000100000 seconds in thread 0.\n"
                + "MPI_Recv returning at walltime 1.000000000, cputime 0.000100000 seconds in thread 0.\n";
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> parse(text));
        assertEquals("t-0000.txt:2:1: expected 'MPI_Send returning', found 'MPI_Recv returning' (record opened at line 1)", e.getMessage());
    }

    @Test
    void aWalltimeThatIsNotADecimalIsRejected() {
        String text = "MPI_Send entering at walltime soon, cputime 0.000100000 seconds in thread 0.\n";
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> parse(text));
        assertEquals("t-0000.txt:1:31: expected a decimal time, found 'soon'", e.getMessage());
    }

    @Test
    void aTruncatedFileEndsWithAnErrorAtItsLastLine() {
        String text = "MPI_Send entering at walltime 1.000000000, cputime 0.000100000 seconds in thread 0.\nint dest=1\n";
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> parse(text));
        assertEquals("t-0000.txt:3:1: expected a parameter line or 'MPI_Send returning ...' (record opened at line 1), "
                + "found the end of the file", e.getMessage());
    }

    @Test
    void garbageAfterTheRecordsIsReportedAsABadFooterLine() {
        String text = new Dumpi().call("MPI_Barrier", 1, Dumpi.comm(2)).line("Total keyvals: 0").line("this is not DUMPI").footer();
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> parse(text));
        assertEquals("t-0000.txt:7:6: expected 'called', found 'is'", e.getMessage());
    }

    @Test
    void aSendWithoutItsTagNamesTheRecordAndParameter() {
        Dumpi d = new Dumpi().call("MPI_Send", 5, "int count=1", "int dest=1", Dumpi.comm(2));
        RankLog log = new RankLog(0, "t-0000.txt");
        TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> DumpiReader.read("t-0000.txt", new StringReader(d.footer()), new P2pExtractor(log)));
        assertEquals("t-0000.txt:3:1: MPI_Send parameter 'tag': parameter missing", e.getMessage());
    }
}
