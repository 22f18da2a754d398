package tagmatch.hdl.ir;

/** A word-addressed memory of one module; reads are {@link Expr.MemRead}, writes {@link Stmt.MemWrite}. */
public final class Memory {
    private String name;
    private boolean explicitName;
    private final int depth;
    private final int width;
    private final Locator locator;
    private Expr clock;

    public Memory(String name, int depth, int width, Locator locator) {
        this.name = name;
        this.depth = depth;
        this.width = width;
        this.locator = locator;
    }

    public String name() { return name; }
    public int depth() { return depth; }
    public int width() { return width; }
    public Locator locator() { return locator; }
    public Expr clock() { return clock; }
    public void clock(Expr c) { clock = c; }

    /** Width of an address that reaches every word. */
    public int addressWidth() {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(depth - 1));
    }

    public void name(String newName, boolean explicit) {
        if (!explicit && (explicitName || name != null)) return;
        name = newName;
        explicitName |= explicit;
    }

    public void rename(String newName) { name = newName; }
}
