package tagmatch.trace;

import java.io.BufferedReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Streams one DUMPI text file (plain or {@code .gz}) through the {@code Dumpi.g4} grammar.
 *
 * <p>Why chunks: a trace of many gigabytes must not be held in memory, and an ANTLR token
 * stream buffers its whole input. So the file is read line by line and cut into chunks that
 * the grammar parses one at a time: a header line, one record (from {@code MPI_X entering}
 * to {@code MPI_X returning}, plus PAPI counter lines), a footer line. The lexer keeps the
 * file's line numbers, so errors point into the file. One reader per file; readers of
 * different files run in parallel.
 *
 * <p>Records are first offered to {@link FastRecordParser}, which takes the tracers' exact form
 * five times faster; what it declines goes to the grammar, which stays the grammar of record.
 */
public final class DumpiReader {
    /** A record longer than this is cut and parsed anyway, which reports where it went wrong. */
    private static final int MAX_RECORD_LINES = 100_000;

    private final String fileName;
    private final Parsing parsing;
    private final FastRecordParser fast = new FastRecordParser();
    private long records;
    private long fastRecords;
    private final DumpiLexer lexer = new DumpiLexer(null);
    private final CommonTokenStream tokens = new CommonTokenStream(lexer);
    private final DumpiParser parser = new DumpiParser(tokens);

    private DumpiReader(String fileName, Parsing parsing) {
        this.fileName = fileName;
        this.parsing = parsing;
        lexer.removeErrorListeners();
        parser.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
    }

    /** Parses {@code file}, reporting the number of file bytes consumed so far to {@code progress}. */
    public static void read(Path file, DumpiListener listener, LongConsumer progress) {
        read(file, listener, progress, Parsing.FAST_PATH);
    }

    /**
     * As {@link #read(Path, DumpiListener, LongConsumer)}, with the given record parser; returns
     * how many records the fast path took (the rest went to the grammar).
     */
    static long read(Path file, DumpiListener listener, LongConsumer progress, Parsing parsing) {
        try (CountingStream counted = new CountingStream(Files.newInputStream(file));
             InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(counted, 1 << 16) : counted;
             Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            DumpiReader r = new DumpiReader(file.toString(), parsing);
            r.run(reader, listener, () -> progress.accept(counted.count));
            return r.fastRecords;
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw new tagmatch.process.UserError(file + ": not a valid gzip file (" + e.getMessage()
                    + "): the file is corrupt or was cut short; a rank file is NAME-RRRR.txt or gzip-compressed NAME-RRRR.txt.gz", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses text from {@code in}; {@code name} is the file name used in error messages. */
    public static void read(String name, Reader in, DumpiListener listener) {
        read(name, in, listener, Parsing.FAST_PATH);
    }

    /** As {@link #read(String, Reader, DumpiListener)}, with the given record parser. */
    static void read(String name, Reader in, DumpiListener listener, Parsing parsing) {
        try {
            new DumpiReader(name, parsing).run(in, listener, () -> {});
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + name + ": " + e.getMessage(), e);
        }
    }

    private enum State { HEADER, RECORD, AFTER_RECORD, BETWEEN, FOOTER }

    /** Which parser reads records: the hand-written fast path (falling back to the grammar), or the grammar alone. */
    public enum Parsing { FAST_PATH, GRAMMAR_ONLY }

    private void run(Reader in, DumpiListener listener, Runnable progress) throws IOException {
        BufferedReader lines = new BufferedReader(in, 1 << 16);
        FooterBuilder footer = new FooterBuilder();
        List<String> chunk = new ArrayList<>(16);
        int chunkLine = 0, lineNo = 0;
        State state = State.HEADER;
        String line;
        while ((line = lines.readLine()) != null) {
            lineNo++;
            if (state == State.AFTER_RECORD) {
                if (line.startsWith("Perfcounters:")) {
                    chunk.add(line);
                    continue;
                }
                listener.record(record(chunk, chunkLine));
                if ((++records & 0xff) == 0) progress.run();
                state = State.BETWEEN;
            }
            if (state == State.RECORD) {
                chunk.add(line);
                if (isCall(line, "returning")) state = State.AFTER_RECORD;
                else if (chunk.size() > MAX_RECORD_LINES) parseRecord(text(chunk), chunkLine);
                continue;
            }
            if (line.isBlank()) continue;
            if (isCall(line, "entering") && state != State.FOOTER) {
                chunk.clear();
                chunk.add(line);
                chunkLine = lineNo;
                state = State.RECORD;
            } else if (state == State.HEADER && line.indexOf('=') > 0) {
                parse(line + "\n", lineNo, DumpiParser::headerChunk);
                listener.header(line.substring(0, line.indexOf('=')).trim(), line.substring(line.indexOf('=') + 1));
            } else {
                state = State.FOOTER;
                footer.add(parse(line + "\n", lineNo, DumpiParser::footerChunk).footerLine());
            }
        }
        if (state == State.RECORD) parseRecord(text(chunk), chunkLine); // unterminated: fails with the place
        if (state == State.AFTER_RECORD) listener.record(record(chunk, chunkLine));
        if (!footer.empty()) listener.footer(footer.build());
        progress.run();
    }

    /** The record of {@code lines}: by the fast path when it takes them, else by the grammar. */
    private DumpiRecord record(List<String> lines, int firstLine) {
        if (parsing == Parsing.FAST_PATH) {
            DumpiRecord r = fast.parse(lines, firstLine);
            if (r != null) {
                fastRecords++;
                return r;
            }
        }
        return parseRecord(text(lines), firstLine);
    }

    private static String text(List<String> lines) {
        StringBuilder sb = new StringBuilder(lines.size() * 64);
        for (String l : lines) sb.append(l).append('\n');
        return sb.toString();
    }

    /** {@code MPI_X <word> at walltime ...}: the first space-separated word is a call name. */
    private static boolean isCall(String line, String word) {
        int space = line.indexOf(' ');
        return space > 0 && line.startsWith(word, space + 1) && line.startsWith(" at ", space + 1 + word.length());
    }

    private DumpiRecord parseRecord(String text, int firstLine) {
        DumpiParser.RecordContext r;
        try {
            r = parseOrRefuse(text, firstLine, DumpiParser::recordChunk).record();
        } catch (ParseCancellationException e) {
            throw unclosed(e, text, firstLine);
        }
        CallLine enter = callLine(r.enter().ENTER_LINE(), r.enter().call, r.enter().wall, r.enter().cpu, r.enter().thread);
        CallLine leave = callLine(r.leave().LEAVE_LINE(), r.leave().call, r.leave().wall, r.leave().cpu, r.leave().thread);
        String call = enter.call;
        if (!call.equals(leave.call)) {
            throw new TraceFormatException(fileName, leave.line, 1,
                    "expected '" + call + " returning', found '" + leave.call + " returning' (record opened at line " + firstLine + ")");
        }
        List<DumpiParam> params = new ArrayList<>(r.param().size());
        for (DumpiParser.ParamContext p : r.param()) {
            List<Integer> dims = new ArrayList<>(1);
            if (p.dims() != null) for (TerminalNode n : p.dims().INT()) dims.add(Integer.parseInt(n.getText()));
            params.add(new DumpiParam(p.type.getText(), p.name().getText(), dims, value(p)));
        }
        return new DumpiRecord(call, firstLine, enter.wall, leave.wall, enter.cpu, enter.thread, params);
    }

    /** The parts of an entering or returning line. */
    private record CallLine(String call, long wall, long cpu, int thread, int line) {}

    /** From the one-token form (split at its fixed words) or the word-by-word form. */
    private static CallLine callLine(TerminalNode whole, Token call, Token wall, Token cpu, Token thread) {
        if (whole != null) {
            String s = whole.getText();
            int walltime = s.indexOf(" at walltime ") + 13;
            int comma = s.indexOf(',', walltime);
            int cputime = comma + 10; // ", cputime "
            int seconds = s.indexOf(' ', cputime);
            int inThread = s.lastIndexOf(' ') + 1;
            return new CallLine(s.substring(0, s.indexOf(' ')), nanos(s.substring(walltime, comma)), nanos(s.substring(cputime, seconds)),
                    Integer.parseInt(s.substring(inThread, s.length() - 1)), whole.getSymbol().getLine());
        }
        return new CallLine(call.getText(), nanos(wall.getText()), nanos(cpu.getText()), Integer.parseInt(thread.getText()), call.getLine());
    }

    /**
     * A record that runs into the next record's entering line, or into the end of the file,
     * lacks its returning line: say so rather than list the tokens a parameter could start with.
     */
    private TraceFormatException unclosed(ParseCancellationException e, String text, int firstLine) {
        String call = text.substring(0, Math.max(0, text.indexOf(' ')));
        String expected = "expected a parameter line or '" + call + " returning ...' (record opened at line " + firstLine + "), found ";
        Token at = offending(e);
        if (at.getType() == DumpiLexer.ENTER_LINE || at.getType() != Token.EOF && at.getText().equals("entering")) {
            return new TraceFormatException(fileName, at.getLine(), 1, expected + "another record's 'entering' line");
        }
        if (at.getType() == Token.EOF) {
            return new TraceFormatException(fileName, at.getLine(), 1, expected + "the end of the file");
        }
        return syntaxError(e);
    }

    private static DumpiValue value(DumpiParser.ParamContext p) {
        if (p.IGNORED() != null) return new DumpiValue.Ignored();
        if (p.list() != null) return list(p.list());
        return scalar(p.scalar());
    }

    private static DumpiValue.Items list(DumpiParser.ListContext l) {
        List<DumpiValue> items = new ArrayList<>(l.item().size());
        for (DumpiParser.ItemContext i : l.item()) {
            if (i.scalar() != null) items.add(scalar(i.scalar()));
            else if (i.list() != null) items.add(list(i.list()));
            else {
                Map<String, Long> fields = new LinkedHashMap<>();
                for (DumpiParser.FieldContext f : i.status().field()) fields.put(f.name().getText(), Long.parseLong(f.INT().getText()));
                items.add(new DumpiValue.Status(fields));
            }
        }
        return new DumpiValue.Items(items);
    }

    private static DumpiValue.Scalar scalar(DumpiParser.ScalarContext s) {
        String text = s.getChild(0).getText();
        if (s.STRING() != null) text = text.substring(1, text.length() - 1);
        String annotation = s.ANNOT() == null ? null : s.ANNOT().getText();
        if (annotation != null) annotation = annotation.substring(annotation.indexOf('(') + 1, annotation.length() - 1);
        return new DumpiValue.Scalar(text, annotation);
    }

    /** {@code 1296777956.737669000} to nanoseconds, exactly (a double would lose the nanoseconds). */
    private static long nanos(String s) {
        int dot = s.indexOf('.');
        String frac = s.substring(dot + 1);
        if (frac.length() > 9) frac = frac.substring(0, 9);
        long f = Long.parseLong(frac);
        for (int i = frac.length(); i < 9; i++) f *= 10;
        return Long.parseLong(s.substring(0, dot)) * 1_000_000_000L + f;
    }

    /** Parses one chunk; a chunk the grammar refuses is a {@link TraceFormatException} saying where and why. */
    private <T extends ParserRuleContext> T parse(String text, int firstLine, Function<DumpiParser, T> rule) {
        try {
            return parseOrRefuse(text, firstLine, rule);
        } catch (ParseCancellationException ll) {
            throw syntaxError(ll);
        }
    }

    /**
     * Parses one chunk with the fast SLL strategy; only if that fails, again with full LL, so
     * that a refusal it lets through is a real one.
     */
    private <T extends ParserRuleContext> T parseOrRefuse(String text, int firstLine, Function<DumpiParser, T> rule) {
        try {
            return parseWith(text, firstLine, rule, PredictionMode.SLL);
        } catch (ParseCancellationException sll) {
            return parseWith(text, firstLine, rule, PredictionMode.LL);
        }
    }

    private <T extends ParserRuleContext> T parseWith(String text, int firstLine, Function<DumpiParser, T> rule, PredictionMode mode) {
        lexer.setInputStream(CharStreams.fromString(text, fileName));
        lexer.setLine(firstLine);
        lexer.setCharPositionInLine(0);
        tokens.setTokenSource(lexer);
        parser.setTokenStream(tokens);
        parser.getInterpreter().setPredictionMode(mode);
        return rule.apply(parser);
    }

    /** The token the parser stopped at. */
    private Token offending(ParseCancellationException e) {
        RecognitionException re = e.getCause() instanceof RecognitionException r ? r : null;
        return re != null && re.getOffendingToken() != null ? re.getOffendingToken() : parser.getCurrentToken();
    }

    private TraceFormatException syntaxError(ParseCancellationException e) {
        RecognitionException re = e.getCause() instanceof RecognitionException r ? r : null;
        Token at = offending(e);
        IntervalSet expected = re != null && re.getExpectedTokens() != null ? re.getExpectedTokens() : parser.getExpectedTokens();
        String found = at.getType() == Token.EOF ? "the end of the record"
                : at.getType() == DumpiLexer.NL ? "the end of the line"
                : at.getType() == DumpiLexer.ENTER_LINE || at.getType() == DumpiLexer.LEAVE_LINE
                ? "'" + at.getText().substring(0, at.getText().indexOf(" at walltime ")) + " ...'"
                : "'" + at.getText() + "'";
        return new TraceFormatException(fileName, at.getLine(), at.getCharPositionInLine() + 1,
                "expected " + describe(expected) + ", found " + found);
    }

    /** Expected tokens in words: the format's words in quotes, the classes of values by name. */
    private static String describe(IntervalSet expected) {
        Set<String> words = new LinkedHashSet<>();
        for (int t : expected.toList()) {
            switch (t) {
                case DumpiLexer.RETURNING: words.add("'returning' (the record's closing line)"); break;
                case DumpiLexer.ENTER_LINE: words.add("'MPI_X entering at walltime ...'"); break;
                case DumpiLexer.LEAVE_LINE: words.add("'MPI_X returning at walltime ...'"); break;
                case DumpiLexer.ID: case DumpiLexer.WALLTIME: case DumpiLexer.CPUTIME: case DumpiLexer.SECONDS:
                case DumpiLexer.IN: case DumpiLexer.THREAD: case DumpiLexer.CALLED: case DumpiLexer.TIMES:
                case DumpiLexer.AND: case DumpiLexer.IGNORED_WORD: case DumpiLexer.KEYVALS: case DumpiLexer.COUNTERS:
                case DumpiLexer.HAS: case DumpiLexer.SIZE:
                    // the format's words may also name parameters: only say "a name" where a name is legal
                    words.add(expected.contains(DumpiLexer.ID) ? "a name" : DumpiLexer.VOCABULARY.getDisplayName(t));
                    break;
                case DumpiLexer.INT: words.add("an integer"); break;
                case DumpiLexer.DECIMAL: words.add("a decimal time"); break;
                case DumpiLexer.STRING: words.add("a quoted string"); break;
                case DumpiLexer.ANNOT: words.add("a (NAME)"); break;
                case DumpiLexer.COMMA: words.add("','"); break;
                case DumpiLexer.NL: words.add("the end of the line"); break;
                case DumpiLexer.IGNORED: words.add("<IGNORED>"); break;
                case Token.EOF: words.add("the end of the record"); break;
                default: words.add(DumpiLexer.VOCABULARY.getDisplayName(t));
            }
        }
        if (words.isEmpty()) return "a DUMPI line";
        List<String> list = new ArrayList<>(words);
        if (list.size() == 1) return list.get(0);
        return String.join(", ", list.subList(0, list.size() - 1)) + " or " + list.get(list.size() - 1);
    }

    /** Collects footer lines; the footer is reported once, at the end of the file. */
    private static final class FooterBuilder {
        final Map<String, Long> calls = new LinkedHashMap<>();
        final Map<String, Long> ignored = new LinkedHashMap<>();
        final Map<Integer, Long> sizes = new TreeMap<>();
        long keyvals, perf;
        boolean any;

        void add(DumpiParser.FooterLineContext f) {
            any = true;
            if (f instanceof DumpiParser.CallCountContext c) {
                calls.put(c.call.getText(), Long.parseLong(c.count.getText()));
                ignored.put(c.call.getText(), Long.parseLong(c.ignored.getText()));
            } else if (f instanceof DumpiParser.DatatypeSizeContext d) {
                sizes.put(Integer.parseInt(d.id.getText()), Long.parseLong(d.size.getText()));
            } else if (f instanceof DumpiParser.KeyvalCountContext k) {
                keyvals = Long.parseLong(k.count.getText());
            } else if (f instanceof DumpiParser.PerfCounterCountContext p) {
                perf = Long.parseLong(p.count.getText());
            }
        }

        boolean empty() {
            return !any;
        }

        DumpiFooter build() {
            return new DumpiFooter(calls, ignored, sizes, keyvals, perf);
        }
    }

    /** Counts the file bytes read, so that progress is measured against the file sizes even for .gz. */
    private static final class CountingStream extends FilterInputStream {
        long count;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) count++;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) count += n;
            return n;
        }
    }
}
