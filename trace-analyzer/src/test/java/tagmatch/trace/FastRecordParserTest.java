package tagmatch.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The hand-written fast path against the grammar of record ({@code Dumpi.g4}). */
class FastRecordParserTest {
    /** Every rank file committed under data/ (the tracer's traces, DUMPI's own test trace, the judges' traces). */
    static List<Path> committedRankFiles() throws IOException {
        try (Stream<Path> s = Files.walk(Dumpi.root().resolve("data"))) {
            return s.filter(p -> p.getFileName().toString().matches(".*-\\d+\\.txt(\\.gz)?")).sorted().toList();
        }
    }

    @Test
    void theFastPathAndTheGrammarReadEveryCommittedTraceAlike() throws IOException {
        List<Path> files = committedRankFiles();
        assertTrue(files.size() >= 28, "the committed traces (hpcc, lammps-crack, lammps-melt at least): " + files);
        long records = 0;
        for (Path f : files) {
            DumpiReaderTest.Collected grammar = new DumpiReaderTest.Collected();
            DumpiReaderTest.Collected fast = new DumpiReaderTest.Collected();
            assertEquals(0, DumpiReader.read(f, grammar, n -> {}, DumpiReader.Parsing.GRAMMAR_ONLY));
            long taken = DumpiReader.read(f, fast, n -> {}, DumpiReader.Parsing.FAST_PATH);
            assertEquals(grammar.header, fast.header, f.toString());
            assertEquals(grammar.records.size(), fast.records.size(), f.toString());
            for (int i = 0; i < grammar.records.size(); i++) assertEquals(grammar.records.get(i), fast.records.get(i), f + " record " + i);
            assertEquals(grammar.footer, fast.footer, f.toString());
            // the fast path must really be the path: every record the tracers print is in its form
            assertEquals(fast.records.size(), taken, f + ": records the fast path left to the grammar");
            records += taken;
        }
        assertTrue(records > 100_000, "records compared: " + records);
    }

    @Test
    void otherSpacingAndCountersGoToTheGrammarWithTheSameResult() {
        String text = new Dumpi()
                .call("MPI_Send", 1, "int  dest = 1", "int tag=5 (X)", "MPI_Comm comm=2  (MPI_COMM_WORLD)")
                .line("MPI_Barrier entering at walltime 1700000000.000030000, cputime 0.000100000 seconds in thread 0.")
                .line("MPI_Comm comm=2 (MPI_COMM_WORLD)")
                .line("MPI_Barrier returning at walltime 1700000000.000031000, cputime 0.000200000 seconds in thread 0.")
                .line("Perfcounters: [PAPI_TOT_CYC=2345]")
                .call("MPI_Waitall", 40, "int count=2", "MPI_Request requests[2]=[ 3 ,4 ]",
                        "MPI_Status statuses[2]=[{bytes=4, cancelled=0, source=1, tag=5, error=0}, {bytes=8,cancelled=0,source=2,tag=7,error=0}]")
                .footer();
        DumpiReaderTest.Collected grammar = new DumpiReaderTest.Collected();
        DumpiReaderTest.Collected fast = new DumpiReaderTest.Collected();
        DumpiReader.read("t-0000.txt", new StringReader(text), grammar, DumpiReader.Parsing.GRAMMAR_ONLY);
        DumpiReader.read("t-0000.txt", new StringReader(text), fast, DumpiReader.Parsing.FAST_PATH);
        assertEquals(grammar.records, fast.records);
        assertEquals(1, fast.records.get(0).integer("dest"));
        assertEquals("MPI_COMM_WORLD", fast.records.get(0).annotation("comm"));
        assertEquals(List.of(3L, 4L), fast.records.get(2).integers("requests"));
    }

    @Test
    void theFastPathTakesTheTracersFormAndDeclinesTheRest() {
        FastRecordParser p = new FastRecordParser();
        String enter = "MPI_Irecv entering at walltime 1795288051.586793930, cputime 0.025953251 seconds in thread 0.";
        String leave = "MPI_Irecv returning at walltime 1795288051.586801969, cputime 0.025961287 seconds in thread 3.";
        DumpiRecord r = p.parse(List.of(enter, "int source=-1 (MPI_ANY_SOURCE)", "string argv[1]=[\"./a b\"]",
                "MPI_Status status=[{bytes=4, cancelled=0, source=1, tag=9001, error=-128}]", "MPI_Status s2=<IGNORED>", "double x=-1.5", leave), 7);
        assertEquals(new DumpiRecord("MPI_Irecv", 7, 1_795_288_051_586_793_930L, 1_795_288_051_586_801_969L, 25_953_251L, 0, List.of(
                new DumpiParam("int", "source", List.of(), new DumpiValue.Scalar("-1", "MPI_ANY_SOURCE")),
                new DumpiParam("string", "argv", List.of(1), new DumpiValue.Items(List.of(new DumpiValue.Scalar("./a b", null)))),
                new DumpiParam("MPI_Status", "status", List.of(), new DumpiValue.Items(List.of(new DumpiValue.Status(
                        new java.util.LinkedHashMap<>(java.util.Map.of("bytes", 4L, "cancelled", 0L, "source", 1L, "tag", 9001L, "error", -128L)))))),
                new DumpiParam("MPI_Status", "s2", List.of(), new DumpiValue.Ignored()),
                new DumpiParam("double", "x", List.of(), new DumpiValue.Scalar("-1.5", null)))), r);
        for (String bad : new String[] {"int tag 5", "size x=5", "int at=5", "int x=5abc", "int x=5.", "int x=[1, 2", "int x=MPI_SUM",
                "int x=<IGNORED> 3", "int x=[[0, 1]", "int x=99999999999999999999", "int x=(A(B))", "int  x=1", "int x=\"open"}) {
            assertEquals(null, p.parse(List.of(enter, bad, leave), 1), bad);
        }
        assertEquals(null, p.parse(List.of(enter, leave.replace("MPI_Irecv", "MPI_Recv")), 1), "a record closed by another call");
        assertEquals(null, p.parse(List.of(enter, leave + " "), 1), "trailing space");
        assertEquals(null, p.parse(List.of(enter.replace("1795288051.", "1795288051"), leave), 1), "a time without its fraction");
    }

    @Test
    void whatTheFastPathDeclinesTheGrammarStillRejects() {
        for (String bad : new String[] {"size x=5", "int at=5", "int x=5abc", "int x=MPI_SUM"}) {
            String text = new Dumpi().call("MPI_Send", 1, "int dest=1", bad).footer();
            TraceFormatException e = assertThrows(TraceFormatException.class, () -> DumpiReaderTest.parse(text), bad);
            assertTrue(e.getMessage().startsWith("t-0000.txt:5:"), e.getMessage());
            assertFalse(e.getMessage().contains("Exception"), e.getMessage());
        }
    }
}
