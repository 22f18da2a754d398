package tagmatch.dpa.mem;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.Mem;
import tagmatch.hdl.core.UInt;

import java.util.ArrayList;
import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/**
 * The tags of one set-associative cache, described into the current module: which lines it holds,
 * never their data (the data stays in the cluster's one RAM, so every hart sees the same bytes by
 * construction and a cache only decides what an access costs). One memory word per set holds
 * every way's valid bit and tag and the set's replacement pointer (first in, first out).
 *
 * <p>Any number of lookups and invalidations a cycle, each through its own read port. Writes are
 * described in the order {@link #lookup} and {@link #invalidate} are called, with invalidations
 * after every fill ({@link #finish}): when a fill and an invalidation meet in one set in one cycle
 * the invalidation's word is written last, so a line written by another agent never stays valid;
 * the price is that the fill may be lost, one more miss later (timing only).
 */
final class TagArray {
    private final String name;
    private final int ways, setBits, tagBits, ptrBits;
    private final Mem<UInt> sets;
    private final List<Runnable> invalidations = new ArrayList<>();

    /**
     * @param lines    lines the cache holds (ways x a power of two)
     * @param lineBits bits of a line number (the RAM's words over a line's words)
     */
    TagArray(String name, int lines, int ways, int lineBits) {
        this.name = name;
        this.ways = ways;
        int nSets = lines / ways;
        this.setBits = Integer.numberOfTrailingZeros(nSets);
        this.tagBits = Math.max(1, lineBits - setBits);
        this.ptrBits = ways == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(ways - 1);
        this.sets = mem(nSets, UInt(ways * (tagBits + 1) + ptrBits)).named(name + "_tags");
    }

    /**
     * Looks {@code line} up when {@code valid}: true on a hit. On a miss that {@code fill} allows
     * the line replaces the set's oldest.
     */
    Bool lookup(Bool valid, UInt line, Bool fill, String port) {
        String n = name + "_" + port;
        UInt set = setOf(line, n);
        UInt tag = tagOf(line, n);
        UInt word = sets.read(set).named(n + "_set");
        Bool hit = lit(false);
        for (int w = 0; w < ways; w++) hit = hit.or(wayValid(word, w).and(wayTag(word, w).eq(tag)));
        Bool hitOut = hit.named(n + "_hit");
        Bool miss = valid.and(hitOut.not()).and(fill).named(n + "_fill");
        UInt ptr = ptrBits == 0 ? null : word.bits(ptrBits - 1, 0);
        // the victim way gets valid + tag; the pointer moves on (wrapping at ways)
        UInt entry = cat(lit(1, 1), tag);
        List<UInt> fields = new ArrayList<>();
        for (int w = ways - 1; w >= 0; w--) {
            UInt old = word.bits(ptrBits + (w + 1) * (tagBits + 1) - 1, ptrBits + w * (tagBits + 1));
            fields.add(ptrBits == 0 ? entry : mux(ptr.eq(w), entry, old));
        }
        if (ptrBits > 0) fields.add(mux(ptr.eq(ways - 1), lit(0, ptrBits), ptr.add(1)));
        UInt filled = cat(fields.toArray(new UInt[0])).named(n + "_filled");
        when(miss, () -> sets.write(set, filled));
        return valid.and(hitOut);
    }

    /** Clears {@code line}'s way when {@code valid} and the line is held (written after every fill, by {@link #finish}). */
    void invalidate(Bool valid, UInt line, String port) {
        String n = name + "_" + port;
        UInt set = setOf(line, n);
        UInt tag = tagOf(line, n);
        UInt word = sets.read(set).named(n + "_set");
        Bool held = lit(false);
        List<UInt> fields = new ArrayList<>();
        for (int w = ways - 1; w >= 0; w--) {
            Bool match = wayValid(word, w).and(wayTag(word, w).eq(tag));
            held = held.or(match);
            fields.add(cat(wayValid(word, w).and(match.not()), wayTag(word, w)));
        }
        if (ptrBits > 0) fields.add(word.bits(ptrBits - 1, 0));
        UInt cleared = cat(fields.toArray(new UInt[0])).named(n + "_cleared");
        Bool doIt = valid.and(held).named(n + "_inval");
        invalidations.add(() -> when(doIt, () -> sets.write(set, cleared)));
    }

    /** Describes the invalidations' writes, after every fill's. */
    void finish() {
        for (Runnable r : invalidations) r.run();
        invalidations.clear();
    }

    private UInt setOf(UInt line, String n) {
        return setBits == 0 ? lit(0, 1) : line.bits(setBits - 1, 0).named(n + "_index");
    }

    private UInt tagOf(UInt line, String n) {
        return line.width() > setBits ? line.bits(line.width() - 1, setBits).pad(tagBits).named(n + "_tag") : lit(0, tagBits);
    }

    private Bool wayValid(UInt word, int w) {
        return word.bit(ptrBits + w * (tagBits + 1) + tagBits);
    }

    private UInt wayTag(UInt word, int w) {
        return word.bits(ptrBits + w * (tagBits + 1) + tagBits - 1, ptrBits + w * (tagBits + 1));
    }
}
