package tagmatch.trace;

import java.util.List;
import java.util.Map;

/** The value of one DUMPI parameter line, after the {@code =}. */
public sealed interface DumpiValue permits DumpiValue.Scalar, DumpiValue.Ignored, DumpiValue.Items, DumpiValue.Status {

    /** A number or string, with DUMPI's name for it when printed, e.g. {@code -1 (MPI_ANY_SOURCE)}. */
    record Scalar(String text, String annotation) implements DumpiValue {
        /** The value as an integer; fails with the text when it is not one. */
        public long asLong() {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected an integer, found '" + text + "'");
            }
        }
    }

    /** {@code <IGNORED>}: the program passed a null or ignore pointer. */
    record Ignored() implements DumpiValue {}

    /** A bracketed list: {@code [3, 4]}, {@code ["./a.out"]}, or a list of statuses. */
    record Items(List<DumpiValue> items) implements DumpiValue {}

    /** One {@code MPI_Status}: {@code {bytes=4, cancelled=0, source=1, tag=5, error=0}}. */
    record Status(Map<String, Long> fields) implements DumpiValue {}
}
