package tagmatch.trace;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tagmatch.process.UserError;

/**
 * Parsed rank files kept as compact binary files, so that analysing a trace again skips the
 * parse (seed 000's analyzer keeps a binary cache for the same reason: parsing dominates).
 *
 * <p>One cache file per rank file, named by a hash of the rank file's absolute path. It holds
 * the {@link RankLog}: the point-to-point operations as fixed-size records (46 bytes each),
 * communicators, call counts. It is used only while the source is unchanged: same size, same
 * modification time, same SHA-256 of its first and last 64 KiB (a cheap guard against a file
 * rewritten within the clock's resolution), and the same {@link #FORMAT}, which changes whenever
 * the parser or the extraction would produce a different {@code RankLog}. Anything else, or a
 * cache file that cannot be read, means parsing the source again and replacing the cache file
 * (written to a temporary file and moved into place, so a reader never sees half of one).
 */
public final class TraceCache {
    /** Bump when {@link P2pExtractor} or the file layout below changes. */
    static final int FORMAT = 5; // 2: the footer flag (completeness of the rank file); 3: any call with newcomm and worldranks
    // makes a communicator; 4: the footer's call counts; 5: count, datatype, bytes and layout of each operation, datatype sizes
    private static final long MAGIC = 0x544d2d52414e4b4cL; // "TM-RANKL"
    private static final int SAMPLE = 64 * 1024;

    private final Path dir;
    private final java.util.concurrent.atomic.AtomicInteger hits = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger stored = new java.util.concurrent.atomic.AtomicInteger();

    public TraceCache(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    /** {@code $XDG_CACHE_HOME/tagmatch/traces}, else {@code ~/.cache/tagmatch/traces}. */
    public static Path defaultDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("tagmatch").resolve("traces");
    }

    public Path dir() {
        return dir;
    }

    /** Rank files taken from the cache so far. */
    public int hits() {
        return hits.get();
    }

    /** Rank files parsed and stored so far. */
    public int stored() {
        return stored.get();
    }

    /** The cache file of {@code source}. */
    public Path entry(Path source) {
        return dir.resolve(hex(sha256(source.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8))).substring(0, 32) + ".ranklog");
    }

    /** The cached log of {@code source} as rank {@code rank}, or {@code null} when there is none valid. */
    RankLog load(Path source, int rank) {
        Path entry = entry(source);
        byte[] data;
        try {
            data = Files.readAllBytes(entry);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return null; // unreadable: parse again and replace it
        }
        try {
            ByteBuffer in = ByteBuffer.wrap(data);
            if (in.getLong() != MAGIC || in.getInt() != FORMAT) return null;
            byte[] stamp = new byte[in.getInt()];
            in.get(stamp);
            if (!java.util.Arrays.equals(stamp, stamp(source))) return null;
            RankLog log = readLog(in, rank, source.toString());
            hits.incrementAndGet();
            return log;
        } catch (RuntimeException | IOException e) {
            return null; // truncated or foreign: parse again
        }
    }

    /** Writes {@code log} as the cache entry of {@code source}. */
    void store(Path source, RankLog log) {
        Path entry = entry(source);
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".ranklog-", ".tmp");
            try {
                try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16))) {
                    byte[] stamp = stamp(source);
                    out.writeLong(MAGIC);
                    out.writeInt(FORMAT);
                    out.writeInt(stamp.length);
                    out.write(stamp);
                    writeLog(out, log);
                }
                try {
                    Files.move(tmp, entry, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, entry, StandardCopyOption.REPLACE_EXISTING);
                }
                stored.incrementAndGet();
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UserError("cannot write the trace cache " + entry + ": " + e.getMessage() + " (choose another with --cache DIR, or --no-cache)", e);
        }
    }

    /** Size, modification time and a hash of the ends of {@code source}: what must not change. */
    private static byte[] stamp(Path source) throws IOException {
        BasicFileAttributes a = Files.readAttributes(source, BasicFileAttributes.class);
        MessageDigest md = digest();
        ByteBuffer head = ByteBuffer.allocate(16);
        head.putLong(a.size()).putLong(a.lastModifiedTime().to(TimeUnit.NANOSECONDS));
        md.update(head.array());
        try (SeekableByteChannel ch = Files.newByteChannel(source)) {
            ByteBuffer b = ByteBuffer.allocate(SAMPLE);
            readFully(ch, b);
            md.update(b.array(), 0, b.position());
            if (a.size() > SAMPLE) {
                ch.position(Math.max(SAMPLE, a.size() - SAMPLE));
                b.clear();
                readFully(ch, b);
                md.update(b.array(), 0, b.position());
            }
        }
        return md.digest();
    }

    private static void readFully(SeekableByteChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining() && ch.read(b) > 0) {
            // keep reading: a channel may return fewer bytes than asked
        }
    }

    private static void writeLog(DataOutputStream out, RankLog log) throws IOException {
        out.writeInt(log.worldHandle());
        out.writeInt(log.selfHandle());
        out.writeInt(log.worldSize());
        out.writeLong(log.procNull());
        out.writeLong(log.badTags());
        out.writeLong(log.startsWithoutInit());
        out.writeBoolean(log.hasFooter());
        out.writeInt(log.calls().size());
        for (Map.Entry<String, Long> e : log.calls().entrySet()) {
            out.writeUTF(e.getKey());
            out.writeLong(e.getValue());
        }
        out.writeInt(log.calledInAll().size());
        for (Map.Entry<String, Long> e : log.calledInAll().entrySet()) {
            out.writeUTF(e.getKey());
            out.writeLong(e.getValue());
        }
        out.writeInt(log.comms().size());
        for (RankLog.CommInfo c : log.comms().values()) {
            out.writeInt(c.handle());
            out.writeUTF(c.origin());
            out.writeInt(c.parent());
            out.writeInt(c.worldRanks() == null ? -1 : c.worldRanks().length);
            if (c.worldRanks() != null) for (int r : c.worldRanks()) out.writeInt(r);
            out.writeLong(c.color());
            out.writeLong(c.key());
        }
        out.writeInt(log.datatypeSizes().size());
        for (Map.Entry<Integer, Long> e : log.datatypeSizes().entrySet()) {
            out.writeInt(e.getKey());
            out.writeLong(e.getValue());
        }
        out.writeInt(log.ops().size());
        for (P2pOp op : log.ops()) {
            out.writeByte(op.send() ? 1 : 0);
            out.writeLong(op.wallNanos());
            out.writeInt(op.comm());
            out.writeInt(op.peer());
            out.writeInt(op.tag());
            out.writeInt(op.line());
            out.writeLong(op.count());
            out.writeInt(op.datatype());
            out.writeLong(op.bytes());
            out.writeByte(op.layout());
        }
    }

    private static RankLog readLog(ByteBuffer in, int rank, String file) {
        RankLog log = new RankLog(rank, file);
        int world = in.getInt();
        if (world >= 0) log.world(world);
        int self = in.getInt();
        if (self >= 0) log.self(self);
        log.worldSize(in.getInt());
        log.procNull(in.getLong());
        log.badTags(in.getLong());
        log.startsWithoutInit(in.getLong());
        if (in.get() != 0) log.footerSeen();
        for (int n = in.getInt(); n > 0; n--) log.count(utf(in), in.getLong());
        for (int n = in.getInt(); n > 0; n--) log.called(utf(in), in.getLong());
        for (int n = in.getInt(); n > 0; n--) {
            int handle = in.getInt();
            String origin = utf(in);
            int parent = in.getInt();
            int len = in.getInt();
            int[] world2 = len < 0 ? null : new int[len];
            for (int i = 0; i < len; i++) world2[i] = in.getInt();
            log.addComm(new RankLog.CommInfo(handle, origin, parent, world2, in.getLong(), in.getLong()));
        }
        java.util.Map<Integer, Long> sizes = new java.util.HashMap<>();
        for (int n = in.getInt(); n > 0; n--) sizes.put(in.getInt(), in.getLong());
        log.datatypeSizes(sizes);
        for (int n = in.getInt(); n > 0; n--) {
            log.add(new P2pOp(in.get() != 0, in.getLong(), in.getInt(), in.getInt(), in.getInt(), in.getInt(), in.getLong(), in.getInt(),
                    in.getLong(), in.get()));
        }
        if (in.hasRemaining()) throw new IllegalStateException("trailing bytes");
        return log;
    }

    /** {@link DataOutputStream#writeUTF}'s form, read back (names are ASCII). */
    private static String utf(ByteBuffer in) {
        int len = in.getShort() & 0xffff;
        byte[] b = new byte[len];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has SHA-256", e);
        }
    }

    private static byte[] sha256(byte[] b) {
        return digest().digest(b);
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
