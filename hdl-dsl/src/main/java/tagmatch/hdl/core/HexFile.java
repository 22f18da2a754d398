package tagmatch.hdl.core;

import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.ir.Locator;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a memory image in the format of Verilog's {@code $readmemh}: hexadecimal words separated
 * by white space, {@code //} and {@code /* *}{@code /} comments, {@code _} inside a word, and
 * {@code @address} (hexadecimal) to continue at another word. Words not given are 0.
 */
final class HexFile {
    private HexFile() {}

    static List<BigInteger> read(Path file, int depth, int width, Locator where) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new HdlException("cannot read memory image " + file + ": " + e.getMessage(), where);
        }
        BigInteger[] words = new BigInteger[depth];
        int last = -1;
        int address = 0;
        int line = 1;
        for (int i = 0; i < text.length(); ) {
            char c = text.charAt(i);
            if (c == '\n') { line++; i++; continue; }
            if (Character.isWhitespace(c)) { i++; continue; }
            if (text.startsWith("//", i)) {
                while (i < text.length() && text.charAt(i) != '\n') i++;
                continue;
            }
            if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) throw new HdlException(file + ":" + line + ": unterminated /* comment", where);
                for (int k = i; k < end; k++) if (text.charAt(k) == '\n') line++;
                i = end + 2;
                continue;
            }
            int start = i;
            while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && !text.startsWith("//", i)) i++;
            String token = text.substring(start, i);
            boolean jump = token.startsWith("@");
            String digits = (jump ? token.substring(1) : token).replace("_", "");
            if (digits.isEmpty() || !digits.matches("[0-9a-fA-F]+"))
                throw new HdlException(file + ":" + line + ": '" + token + "' is not a hexadecimal word or @address"
                        + " (x and z digits are not supported)", where);
            BigInteger v = new BigInteger(digits, 16);
            if (jump) {
                if (v.compareTo(BigInteger.valueOf(depth)) >= 0)
                    throw new HdlException(file + ":" + line + ": address @" + digits + " is beyond the memory's "
                            + depth + " words", where);
                address = v.intValue();
                continue;
            }
            if (address >= depth)
                throw new HdlException(file + ":" + line + ": more words than the memory's " + depth, where);
            if (v.bitLength() > width)
                throw new HdlException(file + ":" + line + ": word " + token + " does not fit in " + width + " bits", where);
            words[address] = v;
            last = Math.max(last, address);
            address++;
        }
        List<BigInteger> out = new ArrayList<>(last + 1);
        for (int k = 0; k <= last; k++) out.add(words[k] == null ? BigInteger.ZERO : words[k]);
        return out;
    }
}
