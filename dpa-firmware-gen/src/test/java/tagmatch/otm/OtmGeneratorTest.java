package tagmatch.otm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OtmGeneratorTest {

    @Test
    void renderingIsDeterministic() {
        OtmConfig c = OtmConfig.defaults().withHash(OtmHash.XOR_FOLD, true);
        assertEquals(OtmGenerator.render(c), OtmGenerator.render(c));
    }

    @Test
    void configHeaderHoldsExactlyTheContractMacros() {
        OtmConfig c = new OtmConfig(32, 128, 8192, 100, true, false, OtmHash.MULTIPLICATIVE, false);
        String h = OtmGenerator.render(c).get("otm_config.h");
        Matcher m = Pattern.compile("#define (\\w+)[ \\t]+(\\S+)").matcher(h);
        StringBuilder defs = new StringBuilder();
        while (m.find()) defs.append(m.group(1)).append('=').append(m.group(2)).append(' ');
        assertEquals("OTM_THREADS=32 OTM_BINS=128 OTM_MAX_RECVS=8192 OTM_MAX_UNEXPECTED=100 "
                + "OTM_NO_ANY_SOURCE=1 OTM_NO_ANY_TAG=0 OTM_IN_ORDER_RUN=32u OTM_CONTENTION_NUM=3u OTM_CONTENTION_DEN=4u ",
                defs.toString());
    }

    @Test
    void otmCIncludesOnlyFreestandingHeaders() {
        String c = OtmGenerator.render(OtmConfig.defaults()).get("otm.c");
        Matcher m = Pattern.compile("#include [<\"]([^>\"]+)[>\"]").matcher(c);
        StringBuilder inc = new StringBuilder();
        while (m.find()) inc.append(m.group(1)).append(' ');
        assertEquals("stdbool.h stddef.h stdint.h otm.h ", inc.toString());
    }

    @Test
    void hintsLeaveOutTheIndexesTheyMakeUnnecessary() {
        String all = OtmGenerator.render(OtmConfig.defaults()).get("otm.c");
        assertTrue(all.contains("OTM_IX_TAG,") && all.contains("OTM_IX_SRC,") && all.contains("OTM_IX_ANY ="));
        String noSrc = OtmGenerator.render(OtmConfig.defaults().withHints(true, false)).get("otm.c");
        assertFalse(Pattern.compile("OTM_IX_(TAG|ANY)\\b").matcher(noSrc).find());
        assertTrue(noSrc.contains("OTM_IX_SRC,") && noSrc.contains("built with NO_ANY_SOURCE"));
        String none = OtmGenerator.render(OtmConfig.defaults().withHints(true, true)).get("otm.c");
        assertFalse(Pattern.compile("OTM_IX_(SRC|TAG|ANY)\\b").matcher(none).find() || none.contains("otm_earlier"));
        assertTrue(none.contains("built with NO_ANY_TAG"));
    }

    @Test
    void ablationSwitchesLeaveOutTheFastPathAndTheEarlyBookingCheck() {
        String on = OtmGenerator.render(OtmConfig.defaults()).get("otm.c");
        assertTrue(on.contains("otm_fast_path(") && on.contains("& __atomic_load_n(&ctx->booked"));
        String noFast = OtmGenerator.render(OtmConfig.defaults().withOptimizations(false, true)).get("otm.c");
        assertFalse(noFast.contains("otm_fast_path("));
        assertTrue(noFast.contains("& __atomic_load_n(&ctx->booked"));
        String noEarly = OtmGenerator.render(OtmConfig.defaults().withOptimizations(true, false)).get("otm.c");
        assertTrue(noEarly.contains("otm_fast_path("));
        assertFalse(noEarly.contains("& __atomic_load_n(&ctx->booked"));
        assertTrue(OtmConfig.defaults().withOptimizations(false, false).key().endsWith("-nofp-noeb"));
    }

    @Test
    void inOrderBlocksAreGeneratedOnlyWithARun() {
        String on = OtmGenerator.render(OtmConfig.defaults().withInOrderRun(5)).get("otm.c");
        assertTrue(OtmGenerator.render(OtmConfig.defaults().withInOrderRun(5)).get("otm_config.h").contains("#define OTM_IN_ORDER_RUN   5u"));
        assertTrue(on.contains("otm_match_in_order_wild(")
                && on.contains("otm_contention(ctx);"));
        // a build without wildcards has no wildcard variant, but still matches in order
        String keyedOnly = OtmGenerator.render(OtmConfig.defaults().withHints(true, true)).get("otm.c");
        assertTrue(keyedOnly.contains("otm_match_in_order(") && !keyedOnly.contains("otm_match_in_order_wild("));
        String off = OtmGenerator.render(OtmConfig.defaults().withInOrderRun(0)).get("otm.c");
        assertFalse(off.contains("OTM_IN_ORDER") || off.contains("otm_match_in_order") || off.contains("in_order_left"));
        // the counter stays in the API, zero in such a build
        assertTrue(OtmGenerator.render(OtmConfig.defaults().withInOrderRun(0)).get("otm.h").contains("in_order;"));
    }

    @Test
    void senderSideHashesAreOptional() {
        assertFalse(OtmGenerator.render(OtmConfig.defaults()).containsKey("otm_inline_hash.h"));
        Map<String, String> on = OtmGenerator.render(OtmConfig.defaults().withHash(OtmHash.MULTIPLICATIVE, true));
        assertTrue(on.get("otm_inline_hash.h").contains("otm_match_msg_hashed"));
        assertTrue(on.get("otm.c").contains("otm_sender_hashes"));
    }

    @Test
    void writesEveryFileIntoTheOutputDirectory(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("fw");
        List<Path> files = OtmGenerator.write(OtmConfig.defaults(), out);
        assertEquals(19, files.size());
        for (String f : List.of("otm_config.h", "otm.h", "otm.c", "flexio_dev_host.h", "flexio_dev_host.c", "otm_dpa_handler.c",
                "otm_host_rig.c", "otm_host_fallback.h", "otm_host_fallback.c", "otm_pingpong.c",
                "otm_driver.c", "Makefile", "README.md")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        try (var s = Files.list(tmp)) {
            assertEquals(List.of(out), s.toList(), "no temporary directory left behind");
        }
    }

    @Test
    void anOutputPathThatIsAFileIsRefusedAndNothingIsWritten(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("plain"), "x");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OtmGenerator.write(OtmConfig.defaults(), file));
        assertEquals("--out = " + file + " is not a directory", e.getMessage());
        try (var s = Files.list(tmp)) {
            assertEquals(List.of(file), s.toList());
        }
    }
}
