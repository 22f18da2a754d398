package tagmatch.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.Event;
import tagmatch.model.Event.Arrive;
import tagmatch.model.Event.BlockEnd;
import tagmatch.model.Event.Post;

class EventStreamsTest {
    static RankLog log(int rank, Dumpi trace) {
        RankLog log = new RankLog(rank, "t-" + rank + ".txt");
        DumpiReader.read(log.file(), new StringReader(trace.footer()), new P2pExtractor(log));
        return log;
    }

    static EventStream only(EventStreams.Conversion c) {
        assertEquals(1, c.streams().size(), "streams: " + c.streams());
        return c.streams().get(0);
    }

    @Test
    void arrivalsFollowSendTimesPostsFollowProgramOrderAndRunsOfArrivalsFormBlocks() {
        RankLog r0 = log(0, new Dumpi().isend(10, 2, 1, 2).isend(40, 2, 3, 2));
        RankLog r1 = log(1, new Dumpi().isend(20, 2, 2, 2));
        RankLog r2 = log(2, new Dumpi().irecv(5, -1, -1, 2).irecv(25, 0, 3, 2).irecv(50, 1, 2, 2));
        EventStream s = only(EventStreams.build(List.of(r0, r1, r2)));
        assertEquals(2, s.rank());
        assertEquals(2, s.comm());
        List<Event> expected = List.of(new Post(0, 2, -1, -1), new Arrive(1, 2, 0, 1), new Arrive(2, 2, 1, 2), new BlockEnd(),
                new Post(3, 2, 0, 3), new Arrive(4, 2, 0, 3), new BlockEnd(), new Post(5, 2, 1, 2));
        assertEquals(expected, s.events());
        assertEquals(3, s.posts());
        assertEquals(3, s.arrivals());
    }

    @Test
    void oneSendersMessagesKeepTheirOrderWhenTheirTimesTie() {
        RankLog r0 = log(0, new Dumpi().isend(10, 1, 7, 2).call("MPI_Isend", 10, "int count=1", "MPI_Datatype datatype=9 (MPI_INT)",
                "int dest=1", "int tag=8", Dumpi.comm(2), "MPI_Request request=[99]"));
        RankLog r1 = log(1, new Dumpi().irecv(1, 0, -1, 2));
        assertEquals(List.of(new Post(0, 2, 0, -1), new Arrive(1, 2, 0, 7), new Arrive(2, 2, 0, 8), new BlockEnd()),
                only(EventStreams.build(List.of(r0, r1))).events());
    }

    /** MPI_Comm_split(WORLD, color = rank % 2, key = -rank): colour 0 is world ranks {2, 0} in that order. */
    private static Dumpi split(int rank, boolean withWorldRanks) {
        List<String> p = new ArrayList<>(List.of("MPI_Comm oldcomm=2 (MPI_COMM_WORLD)", "int color=" + rank % 2, "int key=" + -rank,
                "MPI_Comm newcomm=4 (user-defined-comm)"));
        if (withWorldRanks) p.add(rank % 2 == 0 ? "int worldranks[2]=[2, 0]" : "int worldranks[2]=[3, 1]");
        return new Dumpi().call("MPI_Comm_split", 1, p.toArray(new String[0]));
    }

    private static void splitCommunicatorRanksMapToTheRightProcess(boolean withWorldRanks) {
        RankLog r0 = log(0, split(0, withWorldRanks).isend(10, 0, 7, 4));   // local 0 of {2, 0} is world rank 2
        RankLog r1 = log(1, split(1, withWorldRanks));
        RankLog r2 = log(2, split(2, withWorldRanks).irecv(5, 1, 7, 4));   // local 1 is world rank 0
        RankLog r3 = log(3, split(3, withWorldRanks));
        EventStreams.Conversion c = EventStreams.build(List.of(r0, r1, r2, r3));
        EventStream s = only(c);
        assertEquals(2, s.rank());
        assertEquals(List.of(new Post(0, 4, 1, 7), new Arrive(1, 4, 1, 7), new BlockEnd()), s.events());
        assertEquals(0, c.unresolvedSends());
    }

    @Test
    void splitCommunicatorsAreResolvedFromTheTracersWorldRanks() {
        splitCommunicatorRanksMapToTheRightProcess(true);
    }

    @Test
    void splitCommunicatorsOfPlainDumpiTracesAreResolvedFromColourAndKey() {
        splitCommunicatorRanksMapToTheRightProcess(false);
    }

    @Test
    void sendsOnACommunicatorOfUnknownMembersAreCountedNotGuessed() {
        Dumpi create = new Dumpi().call("MPI_Comm_create", 1, "MPI_Comm oldcomm=2 (MPI_COMM_WORLD)", "MPI_Group group=3 (user-defined-group)",
                "MPI_Comm newcomm=5 (user-defined-comm)");
        RankLog r0 = log(0, create.isend(10, 1, 1, 5).isend(11, 1, 1, 2));
        RankLog r1 = log(1, new Dumpi().irecv(20, 0, 1, 2));
        EventStreams.Conversion c = EventStreams.build(List.of(r0, r1));
        assertEquals(1, c.unresolvedSends());
        assertEquals(List.of(new Arrive(0, 2, 0, 1), new BlockEnd(), new Post(1, 2, 0, 1)), only(c).events());
    }

    @Test
    void persistentRequestsSendrecvAndProcNullBecomeEventsOrAreLeftOut() {
        RankLog r0 = log(0, new Dumpi()
                .call("MPI_Send_init", 1, "int count=1", "MPI_Datatype datatype=9 (MPI_INT)", "int dest=1", "int tag=4", Dumpi.comm(2), "MPI_Request request=[100]")
                .call("MPI_Start", 10, "MPI_Request request=[100]")
                .call("MPI_Start", 30, "MPI_Request request=[100]")
                .call("MPI_Sendrecv", 50, "int sendcount=1", "MPI_Datatype sendtype=9 (MPI_INT)", "int dest=1", "int sendtag=5",
                        "int recvcount=1", "MPI_Datatype recvtype=9 (MPI_INT)", "int source=1", "int recvtag=6", Dumpi.comm(2),
                        "MPI_Status status=<IGNORED>")
                .call("MPI_Send", 60, "int count=1", "MPI_Datatype datatype=9 (MPI_INT)", "int dest=-2 (MPI_PROC_NULL)", "int tag=1", Dumpi.comm(2)));
        RankLog r1 = log(1, new Dumpi()
                .call("MPI_Recv_init", 1, "int count=1", "MPI_Datatype datatype=9 (MPI_INT)", "int source=0", "int tag=4", Dumpi.comm(2), "MPI_Request request=[200]")
                .call("MPI_Startall", 5, "int count=1", "MPI_Request requests[1]=[200]")
                .call("MPI_Startall", 20, "int count=1", "MPI_Request requests[1]=[200]")
                .call("MPI_Sendrecv", 50, "int sendcount=1", "MPI_Datatype sendtype=9 (MPI_INT)", "int dest=0", "int sendtag=6",
                        "int recvcount=1", "MPI_Datatype recvtype=9 (MPI_INT)", "int source=0", "int recvtag=5", Dumpi.comm(2),
                        "MPI_Status status=<IGNORED>"));
        EventStreams.Conversion c = EventStreams.build(List.of(r0, r1));
        assertEquals(2, c.streams().size());
        assertEquals(List.of(new Post(0, 2, 1, 6), new Arrive(1, 2, 1, 6), new BlockEnd()), c.streams().get(0).events());
        assertEquals(List.of(new Post(0, 2, 0, 4), new Arrive(1, 2, 0, 4), new BlockEnd(), new Post(2, 2, 0, 4), new Arrive(3, 2, 0, 4),
                new BlockEnd(), new Post(4, 2, 0, 5), new Arrive(5, 2, 0, 5), new BlockEnd()), c.streams().get(1).events());
        assertEquals(1, r0.procNull());
        assertEquals(2L, r1.calls().get("MPI_Startall"));
    }
}
