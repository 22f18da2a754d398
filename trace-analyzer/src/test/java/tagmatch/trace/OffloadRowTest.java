package tagmatch.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import tagmatch.model.offload.OffloadCounts;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.model.offload.PrefetchCounts;
import tagmatch.model.offload.PrefetchSettings;
import tagmatch.model.offload.ProgressCalls;

class OffloadRowTest {
    private static final OffloadSettings SETTINGS = OffloadSettings.defaults().withHwEntries(64);

    /** Rank 0 sends tags 1 and 2 to rank 1, which posted a receive for each before, with these data parameters. */
    private static OffloadRow run(OffloadPolicy policy, Dumpi receiver, Dumpi sender) {
        RankLog r0 = EventStreamsTest.log(0, sender);
        RankLog r1 = EventStreamsTest.log(1, receiver);
        return OffloadRow.ofTrace("t", List.of(r0, r1), policy, SETTINGS, PrefetchSettings.defaults(), ProgressCalls.CONTINUOUS);
    }

    private static Dumpi irecv(Dumpi d, long micros, int tag, String... data) {
        String[] params = new String[data.length + 4];
        System.arraycopy(data, 0, params, 0, data.length);
        params[data.length] = "int source=0";
        params[data.length + 1] = "int tag=" + tag;
        params[data.length + 2] = Dumpi.comm(2);
        params[data.length + 3] = "MPI_Request request=[" + micros + "]";
        return d.call("MPI_Irecv", micros, params);
    }

    private static Dumpi twoSends() {
        return new Dumpi().isend(10, 1, 1, 2).isend(11, 1, 2, 2);
    }

    @Test
    void theTracersBytesAndContiguityDecideWhichReceivesAreOffloaded() {
        Dumpi receiver = new Dumpi();
        irecv(receiver, 1, 1, "int count=1", "MPI_Datatype datatype=28 (user-defined-datatype)", "int64_t bytes=65536", "int contiguous=1");
        irecv(receiver, 2, 2, "int count=1", "MPI_Datatype datatype=29 (user-defined-datatype)", "int64_t bytes=65536", "int contiguous=0");
        OffloadCounts c = run(OffloadPolicy.SEQNUM, receiver, twoSends()).counts();
        assertEquals(2, c.receives());
        assertEquals(2, c.rendezvousReceives());
        assertEquals(1, c.offloaded(), "the non-contiguous receive stays in software: " + c);
        assertEquals(1, c.hardwareMatched());
        assertEquals(1, c.softwareMatched());
    }

    @Test
    void withoutTheTracersFieldsAPredefinedTypesSizeComesFromTheFooterAndADerivedOnesIsUnknown() {
        Dumpi receiver = new Dumpi();
        irecv(receiver, 1, 1, "int count=8192", "MPI_Datatype datatype=14 (MPI_DOUBLE)");
        irecv(receiver, 2, 2, "int count=8192", "MPI_Datatype datatype=28 (user-defined-datatype)");
        receiver.size(14, "MPI_DOUBLE", 8);
        OffloadRow row = run(OffloadPolicy.NAIVE, receiver, twoSends());
        assertEquals(1, row.counts().rendezvousReceives(), "8192 doubles are 64 KiB, the derived type's size is unknown");
        assertEquals(1, row.counts().offloaded());
        assertEquals(1, row.unknownSize());
        assertEquals(65536, row.largestReceive());
        assertEquals("", row.note(SETTINGS));
    }

    @Test
    void aLateReceiversUnexpectedRendezvousMessagesArePrefetchedAndUseful() {
        // The sends are at 10 and 11 µs, the receives at 500 and 501 µs: a read of 64 KiB takes 6.2 µs.
        Dumpi receiver = new Dumpi();
        irecv(receiver, 500, 1, "int count=1", "MPI_Datatype datatype=28 (user-defined-datatype)", "int64_t bytes=65536", "int contiguous=1");
        irecv(receiver, 501, 2, "int count=1", "MPI_Datatype datatype=28 (user-defined-datatype)", "int64_t bytes=65536", "int contiguous=1");
        Dumpi sender = new Dumpi();
        for (int tag = 1; tag <= 2; tag++) {
            sender.call("MPI_Isend", 9 + tag, "int count=1", "MPI_Datatype datatype=28 (user-defined-datatype)", "int64_t bytes=65536",
                    "int contiguous=1", "int dest=1", "int tag=" + tag, Dumpi.comm(2), "MPI_Request request=[" + (9 + tag) + "]");
        }
        OffloadRow row = run(OffloadPolicy.SEQNUM, receiver, sender);
        assertEquals(2, row.counts().unexpected(), row.counts().toString());
        assertEquals(new PrefetchCounts(2, 2, 2, 0, 0, 0, 0), row.prefetch());
    }

    @Test
    void aTraceWithNothingToOffloadSaysWhy() {
        Dumpi small = new Dumpi().irecv(1, 0, 1, 2).irecv(2, 0, 2, 2).size(9, "MPI_INT", 4);
        assertEquals("no receive of 16384 bytes or more (largest 4)", run(OffloadPolicy.ADAPTIVE, small, twoSends()).note(SETTINGS));
        Dumpi derived = new Dumpi();
        irecv(derived, 1, 1, "int count=1", "MPI_Datatype datatype=28 (user-defined-datatype)");
        irecv(derived, 2, 2, "int count=1", "MPI_Datatype datatype=28 (user-defined-datatype)");
        assertEquals("no receive of known size (datatypes the footer does not size, no bytes recorded)", run(OffloadPolicy.ADAPTIVE, derived, twoSends()).note(SETTINGS));
    }
}
