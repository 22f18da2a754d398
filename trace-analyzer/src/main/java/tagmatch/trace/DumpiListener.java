package tagmatch.trace;

/** Receives the parts of one DUMPI file in file order, as {@link DumpiReader} parses them. */
public interface DumpiListener {
    default void header(String key, String value) {}

    void record(DumpiRecord record);

    default void footer(DumpiFooter footer) {}
}
