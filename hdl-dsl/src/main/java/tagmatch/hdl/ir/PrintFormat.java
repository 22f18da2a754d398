package tagmatch.hdl.ir;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code printf} format: text with {@code %d}, {@code %x} (or {@code %h}), {@code %b} and {@code %%}.
 * Numbers print in as few digits as their value needs (Verilog's {@code %0d}, {@code %0h},
 * {@code %0b}), lower-case hexadecimal. A value is printed as its bit pattern, unsigned, except
 * that {@code %d} of an argument marked signed ({@link #withSigned}) prints its two's-complement
 * value, a minus sign before a negative one, as {@code $display} prints a signed value. The
 * simulators render with {@link #render}; the Verilog backend emits {@link #verilog} and wraps
 * each signed decimal argument in {@code $signed} ({@link #signedDecimal}), which prints the same text.
 */
public final class PrintFormat {
    private final List<String> texts = new ArrayList<>();
    private final List<Character> radixes = new ArrayList<>();
    private boolean[] signed = new boolean[0];

    private PrintFormat() {}

    /** Parses {@code format}; a bad conversion is an IllegalArgumentException naming it and the legal ones. */
    public static PrintFormat parse(String format) {
        PrintFormat f = new PrintFormat();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                text.append(c);
                continue;
            }
            char k = i + 1 < format.length() ? format.charAt(i + 1) : ' ';
            i++;
            if (k == '%') {
                text.append('%');
            } else if (k == 'd' || k == 'x' || k == 'h' || k == 'b') {
                f.texts.add(text.toString());
                text.setLength(0);
                f.radixes.add(k == 'h' ? 'x' : k);
            } else {
                throw new IllegalArgumentException("printf format \"" + format + "\" has %" + (k == ' ' ? "" : String.valueOf(k))
                        + " at " + (i - 1) + "; the legal conversions are %d, %x, %h, %b and %%");
            }
        }
        f.texts.add(text.toString());
        f.signed = new boolean[f.radixes.size()];
        return f;
    }

    /** This format with argument {@code i} signed where {@code signed[i]} holds (one flag per conversion). */
    public PrintFormat withSigned(boolean[] signed) {
        if (signed.length != radixes.size())
            throw new IllegalArgumentException("printf format has " + radixes.size() + " conversions but "
                    + signed.length + " signedness flags were given");
        PrintFormat f = new PrintFormat();
        f.texts.addAll(texts);
        f.radixes.addAll(radixes);
        f.signed = signed.clone();
        return f;
    }

    /** Whether argument {@code i} prints as a signed decimal ({@code %d} of a signed value). */
    public boolean signedDecimal(int i) {
        return signed[i] && radixes.get(i) == 'd';
    }

    /** How many values the format prints. */
    public int arguments() { return radixes.size(); }

    /** The text for these values, each the unsigned bit pattern of an argument of {@code widths[i]} bits. */
    public String render(List<BigInteger> values, int[] widths) {
        StringBuilder sb = new StringBuilder(texts.get(0));
        for (int i = 0; i < radixes.size(); i++) {
            char r = radixes.get(i);
            BigInteger v = values.get(i);
            if (signedDecimal(i) && v.testBit(widths[i] - 1)) {
                v = v.subtract(BigInteger.ONE.shiftLeft(widths[i]));
            }
            sb.append(v.toString(r == 'd' ? 10 : r == 'x' ? 16 : 2)).append(texts.get(i + 1));
        }
        return sb.toString();
    }

    /** The Verilog string literal, quotes included, for {@code $write}. */
    public String verilog() {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < texts.size(); i++) {
            for (char c : texts.get(i).toCharArray()) {
                if (c == '\n') {
                    sb.append("\\n");
                } else if (c == '\t') {
                    sb.append("\\t");
                } else if (c == '"' || c == '\\') {
                    sb.append('\\').append(c);
                } else if (c == '%') {
                    sb.append("%%");
                } else if (c < 0x20 || c > 0x7e) {
                    sb.append(String.format("\\%03o", (int) c));
                } else {
                    sb.append(c);
                }
            }
            if (i < radixes.size()) {
                char r = radixes.get(i);
                sb.append("%0").append(r == 'x' ? 'h' : r);
            }
        }
        return sb.append('"').toString();
    }
}
