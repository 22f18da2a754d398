package tagmatch.hdl.core;

import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Locator;

/** The rule for synthesis attributes: a Verilog identifier as key, a value that fits in a Verilog string. */
final class Attributes {
    private Attributes() {}

    static void check(String key, String value, Locator where) {
        if (key == null || !key.matches("[A-Za-z_][A-Za-z0-9_]*"))
            throw new HdlException("attribute key '" + key + "' is not a Verilog identifier (letters, digits, _; "
                    + "not starting with a digit)", where);
        if (value == null || value.contains("\"") || value.contains("\\") || value.contains("\n") || value.contains("*)"))
            throw new HdlException("attribute " + key + " = '" + value + "': a value is written in a Verilog string, "
                    + "so it cannot hold quotes, backslashes, newlines or '*)'", where);
    }
}
