package tagmatch.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tagmatch.model.Event;
import tagmatch.model.strategy.StrategyOptions;

/**
 * Builds tracer/ with Open MPI's mpicc, traces a 4-rank program under mpirun (through
 * scripts/trace-mpi.sh) and reads the trace back: the real tools, no mocks. Needs the Debian
 * packages openmpi-bin and libopenmpi-dev (scripts/toolchain.sh installs them); fails without.
 */
class TracerTest {
    /** Wildcards, Sendrecv, persistent requests, a split communicator, MPI_PROC_NULL. */
    private static final String PROGRAM = """
            #include <mpi.h>
            int main(int argc, char **argv) {
                MPI_Init(&argc, &argv);
                int rank, size, buf[8] = {0};
                MPI_Request req[4];
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                MPI_Comm_size(MPI_COMM_WORLD, &size);
                if (rank == 0) {
                    MPI_Irecv(&buf[0], 1, MPI_INT, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &req[0]);
                    MPI_Irecv(&buf[1], 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &req[1]);
                    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
                } else if (rank == 1) {
                    MPI_Send(&buf[0], 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
                    MPI_Send(&buf[0], 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
                }
                MPI_Sendrecv(&buf[2], 1, MPI_INT, (rank + 1) % size, 9, &buf[3], 1, MPI_INT, (rank + size - 1) % size, 9,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send_init(&buf[4], 1, MPI_INT, (rank + 1) % size, 11, MPI_COMM_WORLD, &req[2]);
                MPI_Recv_init(&buf[5], 1, MPI_INT, (rank + size - 1) % size, 11, MPI_COMM_WORLD, &req[3]);
                for (int i = 0; i < 2; i++) {
                    MPI_Startall(2, &req[2]);
                    MPI_Waitall(2, &req[2], MPI_STATUSES_IGNORE);
                }
                MPI_Request_free(&req[2]);
                MPI_Request_free(&req[3]);
                MPI_Comm half;
                int hr, hs;
                MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
                MPI_Comm_rank(half, &hr);
                MPI_Comm_size(half, &hs);
                if (hr == 0) {
                    for (int i = 1; i < hs; i++) MPI_Recv(&buf[6], 1, MPI_INT, MPI_ANY_SOURCE, 13, half, MPI_STATUS_IGNORE);
                } else {
                    MPI_Send(&buf[6], 1, MPI_INT, 0, 13, half);
                }
                MPI_Send(&buf[7], 1, MPI_INT, MPI_PROC_NULL, 1, MPI_COMM_WORLD);
                MPI_Comm_free(&half);
                MPI_Finalize();
                return 0;
            }
            """;

    @TempDir
    Path tmp;

    private static void run(Path dir, List<String> cmd, List<String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        for (String kv : env) pb.environment().put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + cmd);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + " failed:\n" + output);
    }

    @Test
    void tracesARealMpiProgramIntoEventStreams() throws Exception {
        Path root = Dumpi.root();
        Path build = tmp.resolve("build");
        run(root.resolve("tracer"), List.of("make", "-s", "BUILD=" + build), List.of());
        Path lib = build.resolve("libdumpi_tracer.so");
        Files.writeString(tmp.resolve("p2p.c"), PROGRAM);
        run(tmp, List.of("mpicc", "-o", "p2p", "p2p.c"), List.of());
        Path traces = tmp.resolve("traces");
        run(tmp, List.of(root.resolve("scripts/trace-mpi.sh").toString(), "-n", "4", "-o", traces.toString(), "--", "./p2p"),
                List.of("DUMPI_TRACER_LIB=" + lib));

        TraceFiles.Trace t = TraceFiles.find(List.of(traces)).get(0);
        assertEquals(4, t.ranks().size());
        List<RankLog> logs = RankFileScheduler.parse(t.ranks(), 2, n -> {});
        for (RankLog l : logs) {
            assertEquals(1, l.procNull(), "the send to MPI_PROC_NULL at rank " + l.rank());
            assertEquals(2L, l.calls().get("MPI_Startall"));
            assertEquals(1L, l.calls().get("MPI_Comm_split"));
        }
        EventStreams.Conversion c = EventStreams.build(logs);
        assertEquals(0, c.unresolvedSends());

        List<String> world0 = describe(stream(c, 0, 2));
        for (String e : List.of("post -1 5", "post 1 -1", "post 3 9", "post 3 11", "arrive 1 5", "arrive 1 7", "arrive 3 9", "arrive 3 11")) {
            assertTrue(world0.contains(e), e + " in " + world0);
        }
        assertEquals(2, world0.stream().filter(e -> e.equals("post 3 11")).count());
        assertEquals(10, world0.size()); // 5 posts, 5 arrivals

        // split(color = rank % 2, key = -rank): {2, 0} and {3, 1}; local rank 0 (world 2, world 3) receives from local 1
        for (int receiver : new int[] {2, 3}) {
            EventStream half = null;
            for (EventStream s : c.streams()) if (s.rank() == receiver && s.comm() != 2) half = s;
            assertTrue(half != null, "a stream on the split communicator at rank " + receiver + ": " + c.streams());
            List<String> events = describe(half);
            assertEquals(2, events.size(), events.toString());
            assertTrue(events.containsAll(List.of("post -1 13", "arrive 1 13")), events.toString());
        }

        TraceAnalysis.Result r = TraceAnalysis.run(t.name(), logs, List.of("reference"), List.of(1), StrategyOptions.defaults());
        StrategyStats ref = AnalysisReport.total(r.byStrategy().get("reference"));
        assertEquals(4 * 3 + 2 + 2, ref.posts());
        assertEquals(ref.posts(), ref.arrivals());
    }

    /**
     * Calls the tracer's Fortran entry points (gfortran's names, Fortran handles) from C, as a
     * Fortran program does through mpif.h, so no Fortran compiler is needed; checks its own
     * results (statuses, a collective's sum) and aborts on a wrong one. Rank 0 creates two
     * communicators of its own while ranks 1..3 create one (MPI_Comm_create excludes rank 0), so
     * numbering communicators in creation order alone would give one communicator of the split
     * below different numbers on its two members.
     */
    private static final String FORTRAN_CALLS = """
            #include <mpi.h>
            #include <stdio.h>
            #include <stdlib.h>
            void mpi_init_(MPI_Fint *);
            void mpi_finalize_(MPI_Fint *);
            void mpi_comm_rank_(MPI_Fint *, MPI_Fint *, MPI_Fint *);
            void mpi_comm_split_(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *);
            void mpi_irecv_(void *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *);
            void mpi_send_(void *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *);
            void mpi_waitall_(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *);
            void mpi_allreduce_(void *, void *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *);
            static void check(int ok, const char *what) { if (!ok) { fprintf(stderr, "wrong: %s\\n", what); MPI_Abort(MPI_COMM_WORLD, 1); } }
            int main(void) {
                MPI_Fint ierr, world, type, sum, one = 1, rank, color, key, half, hrank, reqs[2], st[12];
                mpi_init_(&ierr);
                world = MPI_Comm_c2f(MPI_COMM_WORLD);
                type = MPI_Type_c2f(MPI_INT);
                sum = MPI_Op_c2f(MPI_SUM);
                mpi_comm_rank_(&world, &rank, &ierr);
                MPI_Group wg, g;
                MPI_Comm sub, own;
                int zero = 0;
                MPI_Comm_group(MPI_COMM_WORLD, &wg);
                MPI_Group_excl(wg, 1, &zero, &g);
                MPI_Comm_create(MPI_COMM_WORLD, g, &sub);
                check((rank == 0) == (sub == MPI_COMM_NULL), "MPI_Comm_create");
                if (rank == 0) { MPI_Comm_dup(MPI_COMM_SELF, &own); MPI_Comm_dup(MPI_COMM_SELF, &own); }
                color = rank % 2;
                key = rank;
                mpi_comm_split_(&world, &color, &key, &half, &ierr);
                mpi_comm_rank_(&half, &hrank, &ierr);
                int a = -1, b = -1, v = 0, total = 0;
                if (hrank == 0) {
                    MPI_Fint any = MPI_ANY_SOURCE, src = 1, t3 = 3, t4 = 4, two = 2;
                    mpi_irecv_(&a, &one, &type, &any, &t3, &half, &reqs[0], &ierr);
                    mpi_irecv_(&b, &one, &type, &src, &t4, &half, &reqs[1], &ierr);
                    mpi_waitall_(&two, reqs, st, &ierr);
                    check(a == 30 && b == 40, "received values");
                    check(st[0] == 1 && st[1] == 3 && st[6] == 1 && st[7] == 4, "Fortran statuses");
                    check(MPI_Request_f2c(reqs[0]) == MPI_REQUEST_NULL, "completed request");
                } else {
                    MPI_Fint dest = 0, t3 = 3, t4 = 4;
                    int x = 40, y = 30;
                    mpi_send_(&x, &one, &type, &dest, &t4, &half, &ierr);
                    mpi_send_(&y, &one, &type, &dest, &t3, &half, &ierr);
                }
                v = 1;
                mpi_allreduce_(&v, &total, &one, &type, &sum, &world, &ierr);
                check(total == 4, "MPI_Allreduce through the Fortran binding");
                MPI_Barrier(MPI_COMM_WORLD);
                int before = -1, n = 1;
                MPI_Exscan(&n, &before, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
                check(rank == 0 || before == rank, "MPI_Exscan");
                mpi_finalize_(&ierr);
                return 0;
            }
            """;

    @Test
    void tracesFortranCallsCountsCollectivesAndNumbersCommunicatorsAlikeOnAllMembers() throws Exception {
        Path root = Dumpi.root();
        Path build = tmp.resolve("build");
        run(root.resolve("tracer"), List.of("make", "-s", "BUILD=" + build), List.of());
        Files.writeString(tmp.resolve("fortran_calls.c"), FORTRAN_CALLS);
        run(tmp, List.of("mpicc", "-Wall", "-Wextra", "-Werror", "-o", "fortran_calls", "fortran_calls.c", "-lmpi_mpifh"), List.of());
        Path traces = tmp.resolve("traces");
        run(tmp, List.of(root.resolve("scripts/trace-mpi.sh").toString(), "-n", "4", "-o", traces.toString(), "--", "./fortran_calls"),
                List.of("DUMPI_TRACER_LIB=" + build.resolve("libdumpi_tracer.so")));

        List<RankLog> logs = RankFileScheduler.parse(TraceFiles.find(List.of(traces)).get(0).ranks(), 2, n -> {});
        for (RankLog l : logs) {
            assertEquals(null, l.incompleteness(), "MPI_Init and MPI_Finalize came through mpi_init_/mpi_finalize_ at rank " + l.rank());
            assertEquals(1L, l.calledInAll().get("MPI_Allreduce"), "the Fortran collective counted at rank " + l.rank());
            assertEquals(1L, l.calledInAll().get("MPI_Barrier"), "the C collective counted at rank " + l.rank());
            assertEquals(1L, l.calledInAll().get("MPI_Exscan"), "MPI_Exscan counted at rank " + l.rank());
            assertEquals(0L, l.calls().getOrDefault("MPI_Allreduce", 0L), "collectives are counted, not written");
        }
        EventStreams.Conversion c = EventStreams.build(logs);
        assertEquals(0, c.unresolvedSends(), "every send's communicator resolved");
        // split(color = rank % 2, key = rank): {0, 2} and {1, 3}; local 0 (world 0 and 1) receives from local 1
        // numbers start at 4; each communicator gets its members' largest next number: rank 0 took 4 and 5 for its own, ranks
        // 1..3 took 4 for MPI_Comm_create, so {0, 2} is 6 and {1, 3} is 5 (creation order alone would give rank 2 a 5)
        int[] want = {6, 5};
        for (int receiver : new int[] {0, 1}) {
            EventStream half = null;
            for (EventStream s : c.streams()) if (s.rank() == receiver && s.comm() != 2) half = s;
            assertTrue(half != null, "a stream on the split communicator at rank " + receiver + ": " + c.streams());
            assertEquals(want[receiver], half.comm(), c.streams().toString());
            List<String> events = describe(half);
            assertEquals(4, events.size(), events.toString());
            assertTrue(events.containsAll(List.of("post -1 3", "post 1 4", "arrive 1 4", "arrive 1 3")), events.toString());
        }
    }

    /**
     * One rank sends itself one message per datatype and receives it with the same type, in the
     * order of {@link #LAYOUTS}: predefined types of C and Fortran, and derived types that are
     * and are not one run of bytes in increasing order.
     */
    private static final String DATATYPES = """
            #include <mpi.h>
            static char sbuf[1 << 16], rbuf[1 << 16];
            static void self(int count, MPI_Datatype t) {
                MPI_Request r;
                MPI_Isend(sbuf, count, t, 0, 1, MPI_COMM_WORLD, &r);
                MPI_Recv(rbuf, count, t, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Wait(&r, MPI_STATUS_IGNORE);
            }
            static MPI_Datatype commit(MPI_Datatype t) { MPI_Type_commit(&t); return t; }
            int main(int argc, char **argv) {
                MPI_Init(&argc, &argv);
                MPI_Datatype t, u;
                self(10, MPI_DOUBLE_PRECISION);
                self(1000, MPI_DOUBLE);
                self(5, MPI_INTEGER);
                MPI_Type_contiguous(4, MPI_INT, &t); self(3, commit(t));
                MPI_Type_vector(4, 1, 2, MPI_INT, &t); self(1, commit(t));
                MPI_Type_vector(4, 2, 2, MPI_INT, &t); self(2, commit(t));
                int one[2] = {1, 1}, permuted[2] = {1, 0};
                MPI_Type_indexed(2, one, permuted, MPI_INT, &t); self(1, commit(t));
                int bl[2] = {1, 1};
                MPI_Aint padded[2] = {0, 8}, packed[2] = {0, 4};
                MPI_Datatype id[2] = {MPI_INT, MPI_DOUBLE}, ii[2] = {MPI_INT, MPI_INT};
                MPI_Type_create_struct(2, bl, padded, id, &t); self(1, commit(t));
                MPI_Type_create_struct(2, bl, packed, ii, &t); self(1, commit(t));
                MPI_Type_create_resized(MPI_INT, 0, 8, &t); commit(t); self(1, t); self(2, t);
                int sizes[2] = {4, 4}, rows[2] = {2, 4}, cols[2] = {4, 2}, row1[2] = {1, 0}, col1[2] = {0, 1};
                MPI_Type_create_subarray(2, sizes, rows, row1, MPI_ORDER_C, MPI_INT, &t); self(1, commit(t));
                MPI_Type_create_subarray(2, sizes, cols, col1, MPI_ORDER_C, MPI_INT, &t); self(1, commit(t));
                MPI_Type_dup(MPI_DOUBLE, &u); MPI_Type_contiguous(8, u, &t); self(256, commit(t));
                MPI_Finalize();
                return 0;
            }
            """;

    /** Each receive of {@link #DATATYPES}: bytes and whether they are one increasing run. */
    private static final List<String> LAYOUTS = List.of("80 contiguous", "8000 contiguous", "20 contiguous", "48 contiguous",
            "16 gaps", "64 contiguous", "8 gaps", "12 gaps", "8 contiguous", "4 contiguous", "8 gaps", "32 contiguous", "32 gaps",
            "16384 contiguous");

    @Test
    void recordsBytesAndContiguityFromTheDatatypesEnvelopeAndNamesFortransPredefinedTypes() throws Exception {
        Path root = Dumpi.root();
        Path build = tmp.resolve("build");
        run(root.resolve("tracer"), List.of("make", "-s", "BUILD=" + build), List.of());
        Files.writeString(tmp.resolve("types.c"), DATATYPES);
        run(tmp, List.of("mpicc", "-Wall", "-Wextra", "-Werror", "-o", "types", "types.c"), List.of());
        Path traces = tmp.resolve("traces");
        run(tmp, List.of(root.resolve("scripts/trace-mpi.sh").toString(), "-n", "1", "-o", traces.toString(), "--", "./types"),
                List.of("DUMPI_TRACER_LIB=" + build.resolve("libdumpi_tracer.so")));

        List<Path> files = TraceFiles.find(List.of(traces)).get(0).ranks();
        String text = Files.readString(files.get(0));
        assertTrue(text.contains("MPI_Datatype datatype=28 (MPI_DOUBLE_PRECISION)\nint64_t bytes=80\nint contiguous=1\n"), text);
        assertTrue(text.contains("MPI_Datatype datatype=29 (MPI_INTEGER)"), "Fortran's predefined types are named, not user-defined");
        assertTrue(text.contains("Datatype 28 (MPI_DOUBLE_PRECISION) has size 8\n"), "and sized in the footer");
        RankLog log = RankFileScheduler.parse(files, 1, n -> {}).get(0);
        List<String> layouts = new ArrayList<>();
        for (P2pOp op : log.ops()) {
            if (op.send()) continue;
            tagmatch.model.offload.Transfer t = log.transfer(op);
            layouts.add(t.bytes() + (t.contiguous() ? " contiguous" : " gaps"));
        }
        assertEquals(LAYOUTS, layouts);
    }

    private static EventStream stream(EventStreams.Conversion c, int rank, int comm) {
        for (EventStream s : c.streams()) if (s.rank() == rank && s.comm() == comm) return s;
        throw new AssertionError("no stream for rank " + rank + " comm " + comm + ": " + c.streams());
    }

    private static List<String> describe(EventStream s) {
        List<String> out = new ArrayList<>();
        for (Event e : s.events()) {
            if (e instanceof Event.Post p) out.add("post " + p.source() + " " + p.tag());
            if (e instanceof Event.Arrive a) out.add("arrive " + a.source() + " " + a.tag());
        }
        return out;
    }
}
