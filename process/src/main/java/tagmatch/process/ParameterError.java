package tagmatch.process;

/**
 * A configuration's check of one of its parameters: {@code threads must be a power of two in
 * 1..64, got 65}. The parameter is a constant of the configuration's own enum, and the rule and
 * the value are fields, so a command that set the value with an option words the same check with
 * the option's name ({@link #as}) without reading the message.
 */
public class ParameterError extends IllegalArgumentException {
    private final Enum<?> parameter;
    private final String rule;
    private final String value;

    /**
     * @param parameter the parameter checked, a constant whose {@code toString()} is its name in
     *                  the configuration ({@code threads}, {@code CELLS})
     * @param rule      what a legal value is, a predicate: {@code must be in 1..16}
     * @param value     the value given, with anything it was checked against: {@code 16 (CELLS = 8)}
     */
    public ParameterError(Enum<?> parameter, String rule, Object value) {
        super(parameter + " " + rule + ", got " + value);
        this.parameter = parameter;
        this.rule = rule;
        this.value = String.valueOf(value);
    }

    /** The same, caused by {@code cause}: a check made again with more of the value's context. */
    public ParameterError(Enum<?> parameter, String rule, Object value, Throwable cause) {
        this(parameter, rule, value);
        initCause(cause);
    }

    /** The parameter checked. */
    public Enum<?> parameter() {
        return parameter;
    }

    /** What a legal value is: {@code must be in 1..16}. */
    public String rule() {
        return rule;
    }

    /** The value given, as the message shows it. */
    public String value() {
        return value;
    }

    /** The check worded for {@code name}, such as the option that set the value: {@code --cores must be in 1..16, got 17}. */
    public String as(String name) {
        return name + " " + rule + ", got " + value;
    }
}
