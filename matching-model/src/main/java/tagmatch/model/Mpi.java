package tagmatch.model;

/** MPI wildcard constants as the whole project spells them (same values as the OTM C API). */
public final class Mpi {
    /** A receive's source wildcard: matches a message from any sender. */
    public static final int ANY_SOURCE = -1;
    /** A receive's tag wildcard: matches a message with any tag. */
    public static final int ANY_TAG = -1;

    private Mpi() {}
}
