package tagmatch.sim;

import java.math.BigInteger;
import java.util.Map;

/**
 * One instance of an external module, as a {@link BehaviouralModels.Factory} sees it when it
 * makes the instance's model: its hierarchical path, the Verilog module name and the parameters
 * the design gives it, as the Verilog text written in {@code #(...)}.
 */
public record ExternalInstance(String path, String module, Map<String, String> parameters) {
    public ExternalInstance {
        parameters = Map.copyOf(parameters);
    }

    /**
     * A numeric parameter: decimal ({@code 5}, {@code -3}) or a sized or unsized Verilog literal
     * ({@code 16'hbeef}, {@code 'b1010}, {@code 8'd200}).
     */
    public long number(String name) {
        String text = require(name).replace("_", "");
        try {
            int tick = text.indexOf('\'');
            if (tick < 0) {
                return Long.parseLong(text);
            }
            String digits = text.substring(tick + 1).toLowerCase(java.util.Locale.ROOT);
            if (digits.startsWith("s")) {
                digits = digits.substring(1);
            }
            int radix = "bodh".indexOf(digits.charAt(0));
            return new BigInteger(digits.substring(1), new int[] {2, 8, 10, 16}[radix]).longValue();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("parameter " + name + " of " + module + " (instance " + path + ") is '"
                    + parameters.get(name) + "', not a number (decimal, or a Verilog literal such as 8'hff)");
        }
    }

    /** A numeric parameter, or {@code otherwise} when the design does not give it (the module's default). */
    public long number(String name, long otherwise) {
        return parameters.containsKey(name) ? number(name) : otherwise;
    }

    /** A string parameter's text, without its quotes. */
    public String text(String name) {
        String t = require(name);
        return t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"") ? t.substring(1, t.length() - 1) : t;
    }

    private String require(String name) {
        String t = parameters.get(name);
        if (t == null) {
            throw new IllegalArgumentException("instance " + path + " of " + module + " is given no parameter " + name
                    + "; it is given " + new java.util.TreeMap<>(parameters).keySet());
        }
        return t;
    }
}
