package tagmatch.dpasystem;

import java.nio.file.Path;
import java.util.List;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.DpaRun;
import tagmatch.process.Exec;

/**
 * The DPA memory one matcher of a {@link HandlerImage} takes at the image's configuration: its
 * code and static data, the sections of its object as the cross toolchain's {@code size} reads
 * them, and at run time its context ({@code otm_ctx_bytes()}) and what {@code otm_init} allocates
 * besides (the ALPU driver's node pool and tag tables), printed by {@code matcher_memory.c} run on
 * the cluster (which must carry the units for the ALPU matchers, as the handler's).
 */
public record MatcherMemory(long code, long staticData, long context, long allocated) {
    static final String SIZE = "riscv64-unknown-elf-size";

    /** Data bytes: static data, context and what otm_init allocated. */
    public long data() {
        return staticData + context + allocated;
    }

    /** Measures {@code image}'s matcher: its object's sections, and one short run of {@code matcher_memory.c} on {@code dpa}. */
    public static MatcherMemory of(DpaRun dpa, HandlerImage image) {
        Path dir = image.dir();
        List<Path> objects = CrossBuild.compile(dir, List.of(image.matcher().source(), "dpa_libc.c", "matcher_memory.c"));
        long[] sections = sections(objects.get(0));
        DpaResult r = dpa.run(CrossBuild.link(dir, objects, new byte[8], 0, dpa.config().ramBytes()), DpaRun.Options.defaults());
        for (String line : r.console().split("\n")) {
            if (r.outcome() == DpaResult.Outcome.EXIT && r.exitCode() == 0 && line.startsWith("M ")) {
                String[] f = line.trim().split(" ");
                return new MatcherMemory(sections[0], sections[1], Long.parseLong(f[1]), Long.parseLong(f[2]));
            }
        }
        throw new IllegalStateException(image.matcher() + ": matcher_memory.c gave no sizes (" + r.outcome() + " " + r.exitCode() + "): " + r.console());
    }

    /** Code (text and read-only data) and static data (data and bss, small or not) of an object, from {@code size -A}. */
    static long[] sections(Path object) {
        long code = 0, data = 0;
        for (String line : Exec.of(SIZE, "-A", object.toString()).hint("binutils-riscv64-unknown-elf").check().split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 2 || !f[0].startsWith(".") || !f[1].matches("\\d+")) continue;
            String s = f[0];
            if (s.startsWith(".text") || s.startsWith(".rodata") || s.startsWith(".srodata")) code += Long.parseLong(f[1]);
            else if (s.startsWith(".data") || s.startsWith(".sdata") || s.startsWith(".bss") || s.startsWith(".sbss")) data += Long.parseLong(f[1]);
        }
        return new long[] {code, data};
    }
}
