package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;

/** The generated handler, unmodified, on the cluster: every to-host entry and every delivered byte equal the reference's. */
class HandlerOnClusterTest {
    static final Path ROOT = Path.of("target", "handler-builds");
    static DpaRun dpa;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(DpaConfig.defaults());
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    @Test
    void everyEntryAndPayloadEqualsTheReferenceOnEightThreads() {
        OtmConfig c = OtmConfig.defaults().withThreads(8).withBins(16).withCapacities(48, 24);
        HandlerImage image = HandlerImage.build(c, HandlerImage.Matcher.OTM, ROOT);
        int streams = 0, messages = 0;
        for (List<Event> events : ClusterCosim.streams(c, 7, 24)) {
            HandlerRun.Outcome o = HandlerRun.run(dpa, image, events, DpaRun.Options.defaults(), ROOT.resolve("work"));
            assertNull(o.difference(), "stream " + streams);
            assertEquals(8, o.phases().size());
            messages += o.messages();
            streams++;
        }
        assertTrue(messages > 60, messages + " messages");
    }

    @Test
    void theListThroughTheSameHandlerEqualsTheReferenceToo() {
        OtmConfig c = OtmConfig.defaults().withThreads(1).withBins(1).withCapacities(32, 16);
        HandlerImage image = HandlerImage.build(c, HandlerImage.Matcher.LIST, ROOT);
        for (List<Event> events : ClusterCosim.streams(c, 3, 24).subList(0, 4)) {
            HandlerRun.Outcome o = HandlerRun.run(dpa, image, events, DpaRun.Options.defaults(), ROOT.resolve("work"));
            assertNull(o.difference());
        }
    }
}
