package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaRun;
import tagmatch.model.Event;
import tagmatch.otm.OtmConfig;

/** The generated matcher, unmodified, on N harts of the default cluster gives exactly the reference's answers. */
class ClusterCosimTest {
    static final Path ROOT = Path.of("target", "otm-dpa-builds");
    static DpaRun dpa;

    @BeforeAll
    static void build() {
        dpa = DpaRun.build(DpaConfig.defaults());
    }

    @AfterAll
    static void close() {
        dpa.close();
    }

    @ParameterizedTest(name = "N = {0}")
    @ValueSource(ints = {1, 2, 4, 8, 16, 32})
    void everyStatusAndIdEqualsTheReference(int n) {
        OtmConfig c = OtmConfig.defaults().withThreads(n).withBins(16).withCapacities(48, 24);
        List<List<Event>> streams = ClusterCosim.streams(c, 5 + n, 60);
        ClusterCosim.Outcome o = ClusterCosim.run(dpa, FirmwareImage.build(c, ROOT), n, streams);
        assertNull(o.difference());
        assertTrue(o.operations() > 100, o.operations() + " operations");
    }

    @ParameterizedTest(name = "optimistic only, N = {0}")
    @ValueSource(ints = {8, 32})
    void everyBlockOptimisticEqualsTheReferenceToo(int n) {
        OtmConfig c = OtmConfig.defaults().withThreads(n).withBins(1).withCapacities(64, 32).withInOrderRun(0);
        ClusterCosim.Outcome o = ClusterCosim.run(dpa, FirmwareImage.build(c, ROOT), n, ClusterCosim.streams(c, 3, 60));
        assertNull(o.difference());
    }
}
