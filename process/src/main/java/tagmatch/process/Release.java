package tagmatch.process;

/** The version every command prints ({@code tagmatch --version}) and every sweep result line records. */
public final class Release {
    public static final String VERSION = "tagmatch 0.3.0-SNAPSHOT";

    private Release() {}
}
