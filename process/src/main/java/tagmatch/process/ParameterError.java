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
     * @param parameter the parameter checked: a {@link Field}, named as the record component it
     *                  checks ({@code threads}), or a constant whose {@code toString()} is its name
     *                  ({@code CELLS})
     * @param rule      what a legal value is, a predicate: {@code must be in 1..16}
     * @param value     the value given, with anything it was checked against: {@code 16 (CELLS = 8)}
     */
    public ParameterError(Enum<?> parameter, String rule, Object value) {
        super(nameOf(parameter) + " " + rule + ", got " + value);
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

    /**
     * A parameter that is a component of a configuration record: its name is the constant's in
     * lower camel case ({@code RAM_MIB} is {@code ramMib}) unless it says otherwise.
     */
    public interface Field {
        String name();

        default String parameterName() {
            String[] words = name().toLowerCase(java.util.Locale.ROOT).split("_");
            StringBuilder sb = new StringBuilder(words[0]);
            for (int i = 1; i < words.length; i++) sb.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
            return sb.toString();
        }
    }

    /** How a message names {@code parameter}. */
    public static String nameOf(Enum<?> parameter) {
        return parameter instanceof Field f ? f.parameterName() : parameter.toString();
    }

    /** The check worded for {@code name}, such as the option that set the value: {@code --cores must be in 1..16, got 17}. */
    public String as(String name) {
        return name + " " + rule + ", got " + value;
    }
}
