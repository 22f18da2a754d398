package tagmatch.alpu.model;

import java.util.Objects;

/**
 * A response as the datasheet defines it. Only the field that means something for the kind is
 * compared ({@link #sameMeaning}): tag for MATCH_SUCCESS, free for START_ACK.
 */
public record Response(Kind kind, long tag, int free) {
    public Response {
        Objects.requireNonNull(kind, "kind");
    }

    public static Response success(long tag) {
        return new Response(Kind.MATCH_SUCCESS, tag, 0);
    }

    public static final Response FAILURE = new Response(Kind.MATCH_FAILURE, 0, 0);

    public static Response startAck(int free) {
        return new Response(Kind.START_ACK, 0, free);
    }

    /** Equal in kind and in the one field that kind gives meaning to. */
    public boolean sameMeaning(Response o) {
        if (kind != o.kind) return false;
        if (kind == Kind.MATCH_SUCCESS) return tag == o.tag;
        if (kind == Kind.START_ACK) return free == o.free;
        return true;
    }

    @Override
    public String toString() {
        if (kind == Kind.MATCH_SUCCESS) return "MATCH_SUCCESS(tag=" + tag + ")";
        if (kind == Kind.START_ACK) return "START_ACK(free=" + free + ")";
        return "MATCH_FAILURE";
    }
}
