package tagmatch.dpasystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Each {@link HandlerImage.Matcher} constant states what its C source does, so the facts the Java side derives from it hold. */
class MatcherFactsTest {
    private static final Pattern INCLUDED_C = Pattern.compile("#include \"([a-z_]+\\.c)\"");

    @Test
    void eachHandwrittenMatchersThreadRuleAndUnitsAreThoseOfItsSource() throws IOException {
        for (HandlerImage.Matcher m : HandlerImage.Matcher.values()) {
            if (m == HandlerImage.Matcher.OTM) continue;  // generated: its facts are the generator's
            String src = source(m.source());
            assertEquals(!m.matchesInParallel(), src.contains("#include \"otm_serial_match.h\""), m + ": one message at a time");
            assertEquals(m.needsUnits(), src.contains("#include \"alpu.h\""), m + ": drives the ALPUs");
        }
    }

    @Test
    void everyHandwrittenSourceIsCopiedBesideTheHandler() {
        for (String r : HandlerImage.Matcher.resources()) assertNotNull(HandlerImage.class.getResource(r), r);
    }

    /** The text of {@code name} with the handler's C files it includes, which a matcher may build on. */
    private static String source(String name) throws IOException {
        try (InputStream in = HandlerImage.class.getResourceAsStream("handler/" + name)) {
            assertNotNull(in, name);
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            StringBuilder all = new StringBuilder(text);
            for (Matcher inc = INCLUDED_C.matcher(text); inc.find();) all.append(source(inc.group(1)));
            return all.toString();
        }
    }
}
