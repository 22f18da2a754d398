package tagmatch.hdl.ir;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A word-addressed memory of one module; reads are {@link Expr.MemRead}, writes {@link Stmt.MemWrite}.
 *
 * <p>Contents at time zero: {@link #init()} words from address 0 (the rest zero), or all zero
 * when there are none. When the words came from a {@code $readmemh} file, {@link #initFile()}
 * names it and the backend reads the file rather than listing the words; the simulators that do
 * not read files use the words, which were read from that file at elaboration. Reads at an
 * address at or beyond {@link #depth()} give 0 (the builder guards them; a raw {@link Expr.MemRead}
 * out of range is 0 in every simulator), writes there are dropped.
 */
public final class Memory extends Named {
    private final int depth;
    private final int width;
    private Expr clock;
    private List<BigInteger> init = List.of();
    private String initFile;
    private boolean readOnly;
    private final Map<String, String> attributes = new LinkedHashMap<>();

    public Memory(String name, int depth, int width, Locator locator) {
        super(name, locator);
        this.depth = depth;
        this.width = width;
    }

    public int depth() { return depth; }
    public int width() { return width; }
    public Expr clock() { return clock; }
    public void clock(Expr c) { clock = c; }

    /** Initial words from address 0; words past the list are 0. */
    public List<BigInteger> init() { return init; }

    /** The {@code $readmemh} file the initial words came from, as the user named it, or null. */
    public String initFile() { return initFile; }

    /** Sets the initial contents; {@code file} is null when the words were given directly. */
    public void init(List<BigInteger> words, String file) {
        if (words.size() > depth)
            throw new IllegalArgumentException(words.size() + " initial words do not fit in " + depth);
        for (BigInteger w : words)
            if (w.signum() < 0 || w.bitLength() > width)
                throw new IllegalArgumentException("initial word " + w + " does not fit in " + width + " bits");
        this.init = List.copyOf(words);
        this.initFile = file;
    }

    /** A read-only memory (ROM): it has contents and no write port. */
    public boolean readOnly() { return readOnly; }
    public void readOnly(boolean ro) { readOnly = ro; }

    /** Synthesis attributes, written {@code (* key = "value" *)} before the declaration. */
    public Map<String, String> attributes() { return java.util.Collections.unmodifiableMap(attributes); }
    public void attribute(String key, String value) { attributes.put(key, value); }

    /** Width of an address that reaches every word. */
    public int addressWidth() {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(depth - 1));
    }

}
