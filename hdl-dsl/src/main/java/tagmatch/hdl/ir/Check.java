package tagmatch.hdl.ir;

/**
 * One property of a module: {@code assert}, {@code assume} or {@code cover} of the 1-bit
 * {@code predicate} in the cycles where the 1-bit {@code enable} is high. Both are formal-only
 * wires of the module (see {@link ModuleDef#isFormal}), driven through ordinary connects, so
 * when-lowering turns the enclosing {@code when} conditions into {@code enable} and every pass
 * treats them like any other wire. {@code clock} is null for an immediate (combinational)
 * check of a module without clock.
 */
public record Check(Kind kind, Expr clock, Signal enable, Signal predicate, String message, Locator locator) {

    /** The three statements of SystemVerilog's immediate assertions that yosys reads with -formal. */
    public enum Kind {
        ASSERT("assert"), ASSUME("assume"), COVER("cover");

        /** The Verilog keyword. */
        public final String keyword;

        Kind(String keyword) {
            this.keyword = keyword;
        }
    }

    /** {@code message @[File.java:12]}: how a failure names the property. */
    public String describe() {
        return kind.keyword + " \"" + message + "\" @[" + locator + "]";
    }
}
