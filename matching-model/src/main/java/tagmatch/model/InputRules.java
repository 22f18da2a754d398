package tagmatch.model;

/**
 * What a matcher accepts, checked before anything changes: ids {@code >= 0}; a communicator in
 * {@code 0..communicators-1}; a message's source and tag {@code >= 0}; a receive's source and tag
 * {@code >= 0} or the wildcard -1, unless a {@link Hints hint} forbids that wildcard. Every
 * matcher uses these same rules so that the strategies reject exactly what the reference rejects.
 */
public record InputRules(Hints hints, int communicators) {
    /** No hints, any communicator number {@code >= 0}. */
    public static final InputRules DEFAULT = new InputRules(Hints.NONE, Integer.MAX_VALUE);

    public InputRules {
        if (hints == null) throw new IllegalArgumentException("hints must not be null");
        if (communicators < 1) {
            throw new IllegalArgumentException("communicators = " + communicators + " is illegal: must be >= 1");
        }
    }

    /** Throws {@link IllegalArgumentException} naming the field and value if {@code p} is not legal. */
    public void checkPost(Event.Post p) {
        if (p == null) throw new IllegalArgumentException("post must not be null");
        checkId("post", p.id());
        checkComm("post", p.comm());
        if (p.source() < Mpi.ANY_SOURCE) {
            throw new IllegalArgumentException("post.source = " + p.source()
                    + " is illegal: must be >= 0 or ANY_SOURCE (-1)");
        }
        if (p.tag() < Mpi.ANY_TAG) {
            throw new IllegalArgumentException("post.tag = " + p.tag()
                    + " is illegal: must be >= 0 or ANY_TAG (-1)");
        }
        if (hints.noAnySource() && p.source() == Mpi.ANY_SOURCE) {
            throw new IllegalArgumentException("post.source = ANY_SOURCE (-1) is forbidden by the no-any-source hint");
        }
        if (hints.noAnyTag() && p.tag() == Mpi.ANY_TAG) {
            throw new IllegalArgumentException("post.tag = ANY_TAG (-1) is forbidden by the no-any-tag hint");
        }
    }

    /** Throws {@link IllegalArgumentException} naming the field and value if {@code a} is not legal. */
    public void checkArrive(Event.Arrive a) {
        if (a == null) throw new IllegalArgumentException("arrive must not be null");
        checkId("arrive", a.id());
        checkComm("arrive", a.comm());
        if (a.source() < 0) {
            throw new IllegalArgumentException("arrive.source = " + a.source()
                    + " is illegal: a message's source must be >= 0 (messages never carry wildcards)");
        }
        if (a.tag() < 0) {
            throw new IllegalArgumentException("arrive.tag = " + a.tag()
                    + " is illegal: a message's tag must be >= 0 (messages never carry wildcards)");
        }
    }

    private void checkId(String what, long id) {
        if (id < 0) throw new IllegalArgumentException(what + ".id = " + id + " is illegal: ids must be >= 0");
    }

    private void checkComm(String what, int comm) {
        if (comm < 0) {
            throw new IllegalArgumentException(what + ".comm = " + comm + " is illegal: must be >= 0");
        }
        if (comm >= communicators) {
            throw new IllegalArgumentException(what + ".comm = " + comm + " is an unknown communicator: known are 0.."
                    + (communicators - 1));
        }
    }

    /** The MPI matching predicate: same communicator, source and tag equal or wildcarded in the receive. */
    public static boolean matches(int recvComm, int recvSource, int recvTag, int msgComm, int msgSource, int msgTag) {
        return recvComm == msgComm
                && (recvSource == Mpi.ANY_SOURCE || recvSource == msgSource)
                && (recvTag == Mpi.ANY_TAG || recvTag == msgTag);
    }

    /** {@link #matches(int, int, int, int, int, int)} on events. */
    public static boolean matches(Event.Post r, Event.Arrive m) {
        return matches(r.comm(), r.source(), r.tag(), m.comm(), m.source(), m.tag());
    }
}
