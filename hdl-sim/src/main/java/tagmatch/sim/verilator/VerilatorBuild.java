package tagmatch.sim.verilator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tagmatch.sim.SimBuildException;
import tagmatch.sim.SimDesign;
import tagmatch.sim.SimPort;

/**
 * The one place that invokes Verilator and the C++ compiler. Three cached products:
 * the Verilator runtime objects (per Verilator and compiler version, shared by all designs), the
 * generic JNA-bound runtime {@code libtmsim.so}, and one {@code libdesign.so} per design, keyed by a
 * hash of the Verilog, the port list, the options and the tool versions. Design objects are
 * compiled in parallel ({@link VerilatorOptions#jobs()}); model code at -O2, Verilator's
 * once-only "Slow" code at -O0 since it only runs at construction.
 */
final class VerilatorBuild {
    /** Bumped whenever the generated shim, flags or layout change, to invalidate old entries. */
    private static final String LAYOUT = "tagmatch-sim-6";
    static final String DESIGN_LIB = "libdesign.so";
    static final String RUNTIME_LIB = "libtmsim.so";
    private static final String PRINT_HEADER = "tm_print.h";

    private final VerilatorOptions opts;
    private final BuildCache cache;
    private final Path verilator;
    private final Path cxx;
    private final String verilatorVersion;
    private final String cxxVersion;
    private final Path include;

    /** Timing and outcome of one {@link #design} call. */
    record Built(Path library, boolean hit, long nanos) {}

    VerilatorBuild(VerilatorOptions opts, BuildCache cache) {
        this.opts = opts;
        this.cache = cache;
        this.verilator = Tools.find(opts.verilator(), "verilator");
        this.cxx = Tools.find(opts.cxx(), "g++");
        this.verilatorVersion = Tools.query(verilator, "--version");
        this.cxxVersion = Tools.query(cxx, "--version");
        String root = Tools.query(verilator, "--getenv", "VERILATOR_ROOT");
        this.include = Path.of(root, "include");
        if (!Files.isRegularFile(include.resolve("verilated.cpp"))) {
            throw new SimBuildException("Verilator's runtime sources are missing: no verilated.cpp in " + include
                    + ". Install them with: sudo apt-get install -y verilator");
        }
    }

    private List<String> commonFlags(boolean trace) {
        List<String> f = new ArrayList<>(List.of("-std=gnu++17", "-fPIC", "-fvisibility=hidden",
                "-faligned-new", "-fcf-protection=none", "-Wno-bool-operation", "-Wno-sign-compare",
                "-Wno-uninitialized", "-Wno-unused-but-set-variable", "-Wno-unused-parameter",
                "-Wno-unused-variable", "-Wno-shadow",
                "-I" + include, "-I" + include.resolve("vltstd"),
                "-DVM_COVERAGE=0", "-DVM_SC=0", "-DVM_TRACE=" + (trace ? 1 : 0), "-DVM_TRACE_FST=0",
                "-DVM_TRACE_VCD=" + (trace ? 1 : 0),
                // Text Verilator prints goes to the shim, not to the process's standard output.
                "-include", PRINT_HEADER, "-DVL_PRINTF=tm_vl_printf"));
        f.addAll(opts.cxxFlags());
        return f;
    }

    /** The generic runtime library bound through JNA. */
    Path runtimeLibrary() {
        String src = resource("tm_runtime.c");
        String abi = resource("tm_abi.h");
        String key = "tmrt-" + BuildCache.hash(LAYOUT, src, abi, cxxVersion);
        BuildCache.Entry e = cache.get(key, dir -> {
            Files.writeString(dir.resolve("tm_abi.h"), abi);
            Files.writeString(dir.resolve("tm_runtime.c"), src);
            compile(dir, List.of(cxx.toString(), "-x", "c", "-std=c11", "-O2", "-fPIC", "-shared",
                    "-fvisibility=hidden", "-Wall", "-Wextra", "-Werror", "-o", RUNTIME_LIB, "tm_runtime.c"), "compiling the simulation runtime");
        });
        return e.dir().resolve(RUNTIME_LIB);
    }

    /** Verilator's own runtime objects, compiled once per tool versions and trace setting. */
    private Path verilatedArchive() {
        String key = "vlrt-" + BuildCache.hash(LAYOUT, verilatorVersion, cxxVersion, String.valueOf(opts.trace()),
                String.join(" ", commonFlags(opts.trace())));
        BuildCache.Entry e = cache.get(key, dir -> {
            List<String> srcs = new ArrayList<>(List.of("verilated.cpp", "verilated_threads.cpp"));
            if (opts.trace()) {
                srcs.add("verilated_vcd_c.cpp");
            }
            Files.writeString(dir.resolve(PRINT_HEADER), resource(PRINT_HEADER));
            Files.writeString(dir.resolve("tm_print.cpp"), resource("tm_print.cpp"));
            List<List<String>> cmds = new ArrayList<>();
            List<String> objs = new ArrayList<>();
            for (String s : srcs) {
                String o = s.replace(".cpp", ".o");
                objs.add(o);
                List<String> c = new ArrayList<>(List.of(cxx.toString(), "-O2"));
                c.addAll(commonFlags(opts.trace()));
                c.addAll(List.of("-c", "-o", o, include.resolve(s).toString()));
                cmds.add(c);
            }
            objs.add("tm_print.o");
            List<String> own = new ArrayList<>(List.of(cxx.toString(), "-O2"));
            own.addAll(commonFlags(opts.trace()));
            own.addAll(List.of("-Wall", "-Wextra", "-Werror", "-c", "-o", "tm_print.o", "tm_print.cpp"));
            cmds.add(own);
            parallel(dir, cmds, "compiling Verilator's runtime");
            List<String> ar = new ArrayList<>(List.of("ar", "rcs", "libverilated.a"));
            ar.addAll(objs);
            compile(dir, ar, "archiving Verilator's runtime");
        });
        return e.dir().resolve("libverilated.a");
    }

    /** Whether the shared library of {@code d} is in the cache already, so that {@link #design} costs no build. */
    boolean isBuilt(SimDesign d) {
        return Files.exists(cache.dir().resolve(designKey(d)).resolve(BuildCache.DONE));
    }

    /** Builds (or finds) the shared library of one design. */
    Built design(SimDesign d) {
        long t0 = System.nanoTime();
        String key = designKey(d);
        if (Files.exists(cache.dir().resolve(key).resolve(BuildCache.DONE))) {
            return new Built(cache.dir().resolve(key).resolve(DESIGN_LIB), true, System.nanoTime() - t0);
        }
        BuildCache.Entry e = cache.get(key, dir -> buildDesign(d, dir));
        return new Built(e.dir().resolve(DESIGN_LIB), e.hit(), System.nanoTime() - t0);
    }

    /** The cache key of a design: its Verilog, external sources, ports, the options and the tool versions. */
    private String designKey(SimDesign d) {
        StringBuilder portKey = new StringBuilder();
        for (SimPort p : d.ports()) {
            portKey.append(p).append(';');
        }
        // External modules' files by content: an edited source is a new build.
        StringBuilder sourceKey = new StringBuilder();
        for (Path s : d.sources()) {
            try {
                sourceKey.append(s.getFileName()).append('\n').append(Files.readString(s)).append('\n');
            } catch (IOException e) {
                throw new SimBuildException("cannot read the Verilog source " + s + " of an external module: " + e.getMessage(), e);
            }
        }
        return "design-" + d.top() + "-" + BuildCache.hash(LAYOUT, d.verilog(), sourceKey.toString(), d.top(), portKey.toString(),
                String.valueOf(d.clock()), String.valueOf(opts.trace()), String.join(" ", opts.verilatorFlags()),
                String.join(" ", opts.cxxFlags()), verilatorVersion, cxxVersion);
    }

    private void buildDesign(SimDesign d, Path dir) throws IOException {
        String vfile = d.top() + ".v";
        Files.writeString(dir.resolve(vfile), d.verilog());
        Files.writeString(dir.resolve("tm_abi.h"), resource("tm_abi.h"));
        Files.writeString(dir.resolve(PRINT_HEADER), resource(PRINT_HEADER));
        Files.writeString(dir.resolve("shim.cpp"), ShimGenerator.shim(d));
        // Properties (under `ifdef FORMAL) are checked in simulation: --assert turns them into checks.
        List<String> v = new ArrayList<>(List.of(verilator.toString(), "--cc", "--assert", "-DFORMAL", "-O3", "--x-assign", "0",
                "--x-initial", "0", "--prefix", "Vdut", "--top-module", d.top(), "--Mdir", "obj"));
        if (opts.trace()) {
            v.add("--trace");
        }
        v.addAll(opts.verilatorFlags());
        v.add(vfile);
        for (int i = 0; i < d.sources().size(); i++) {
            // copied in, so the build reads exactly the contents its key was made from
            String name = "ext" + i + "_" + d.sources().get(i).getFileName();
            Files.copy(d.sources().get(i), dir.resolve(name));
            v.add(name);
        }
        if (!d.sources().isEmpty()) {
            v.add("-Wno-fatal"); // a vendor's file is not held to this project's lint
        }
        compile(dir, v, "Verilator rejected " + vfile);
        Path archive = verilatedArchive(); // after Verilator, so a Verilog error is reported at once
        Compiles c = compiles(dir.resolve("obj"), dir.resolve("shim.cpp"), (src, o) -> {
            List<String> f = new ArrayList<>();
            if (!src.getFileName().toString().equals("shim.cpp")) {
                f.add("-DVL_STOP_MT=tm_stop_mt"); // a failed property is reported to the shim first
            } else {
                // Our generated code is warning-clean; Verilator's headers are treated as system headers.
                f.addAll(List.of("-Wall", "-Wextra", "-Werror", "-isystem", include.toString(),
                        "-isystem", include.resolve("vltstd").toString(), "-isystem", "obj"));
            }
            f.addAll(List.of("-Iobj", "-I.", "-c", "-o", o, dir.relativize(src).toString()));
            return f;
        });
        List<List<String>> cmds = new ArrayList<>(c.commands());
        List<String> objs = c.objects();
        // Biggest sources first so the parallel compile ends together.
        cmds.sort((a, b) -> Long.compare(size(dir, b), size(dir, a)));
        parallel(dir, cmds, "compiling the Verilated model of " + d.top());
        List<String> link = new ArrayList<>(List.of(cxx.toString(), "-shared", "-fPIC", "-Wl,-Bsymbolic",
                "-Wl,--exclude-libs,ALL", "-o", DESIGN_LIB));
        link.addAll(objs);
        link.add(archive.toString());
        link.add("-pthread");
        compile(dir, link, "linking " + DESIGN_LIB);
        // Objects are only needed for linking; the sources stay beside the library for reading.
        for (String o : objs) {
            Files.deleteIfExists(dir.resolve(o));
        }
    }

    /**
     * Compiles {@code mainCpp} with the Verilated sources of an already built design into a
     * stand-alone executable in {@code outDir}, with the same flags as the shared library: a
     * pure C++ test bench over the very same model code.
     */
    Path executable(SimDesign d, Path designDir, String mainCpp, Path outDir) throws IOException {
        Files.createDirectories(outDir);
        Files.writeString(outDir.resolve("main.cpp"), mainCpp);
        Files.writeString(outDir.resolve(PRINT_HEADER), resource(PRINT_HEADER));
        Path obj = designDir.resolve("obj");
        Compiles c = compiles(obj, outDir.resolve("main.cpp"),
                (src, o) -> List.of("-I" + obj, "-c", "-o", o, src.toString()));
        List<String> objs = c.objects();
        parallel(outDir, c.commands(), "compiling the C++ harness of " + d.top());
        List<String> link = new ArrayList<>(List.of(cxx.toString(), "-o", "harness"));
        link.addAll(objs);
        link.add(verilatedArchive().toString());
        link.add("-pthread");
        compile(outDir, link, "linking the C++ harness of " + d.top());
        return outDir.resolve("harness");
    }

    /** Compile commands and their object files, one per source. */
    private record Compiles(List<List<String>> commands, List<String> objects) {
    }

    /**
     * One compile command per Verilated source in {@code obj} (sorted, so the build is
     * deterministic) and for {@code own}: Verilator's run-once parts ({@code __Slow}, the symbol
     * table) at -O0, which halves their compile time at no cost per cycle, the rest at -O2;
     * {@code tail} gives the rest of a source's command from its path and object file name.
     */
    private Compiles compiles(Path obj, Path own, BiFunction<Path, String, List<String>> tail) throws IOException {
        List<Path> sources = new ArrayList<>();
        try (var s = Files.list(obj)) {
            s.filter(p -> p.toString().endsWith(".cpp")).sorted().forEach(sources::add);
        }
        sources.add(own);
        List<List<String>> cmds = new ArrayList<>();
        List<String> objs = new ArrayList<>();
        for (Path src : sources) {
            String name = src.getFileName().toString();
            boolean slow = name.contains("__Slow") || name.endsWith("__Syms.cpp");
            String o = "o_" + name.replace(".cpp", ".o");
            objs.add(o);
            List<String> c = new ArrayList<>(List.of(cxx.toString(), slow ? "-O0" : "-O2"));
            c.addAll(commonFlags(opts.trace()));
            c.addAll(tail.apply(src, o));
            cmds.add(c);
        }
        return new Compiles(cmds, objs);
    }

    private static long size(Path dir, List<String> cmd) {
        try {
            return Files.size(dir.resolve(cmd.get(cmd.size() - 1)));
        } catch (IOException e) {
            return 0;
        }
    }

    private void parallel(Path dir, List<List<String>> cmds, String what) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(opts.jobs(), Math.max(1, cmds.size())));
        try {
            List<Future<Tools.Result>> fs = new ArrayList<>();
            for (List<String> c : cmds) {
                fs.add(pool.submit(() -> Tools.run(c, dir)));
            }
            for (int i = 0; i < fs.size(); i++) {
                Tools.Result r = fs.get(i).get();
                if (r.exit() != 0) {
                    throw failure(what, cmds.get(i), r, dir);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SimBuildException(what + ": interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw new SimBuildException(what + ": " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static void compile(Path dir, List<String> cmd, String what) {
        Tools.Result r = Tools.run(cmd, dir);
        if (r.exit() != 0) {
            throw failure(what, cmd, r, dir);
        }
    }

    private static SimBuildException failure(String what, List<String> cmd, Tools.Result r, Path dir) {
        String out = r.output();
        if (out.length() > 8000) {
            out = out.substring(0, 8000) + "\n... (" + (r.output().length() - 8000) + " more characters)";
        }
        return new SimBuildException(what + " (exit " + r.exit() + ").\nCommand: " + String.join(" ", cmd)
                + "\nGenerated files: " + dir + "\n" + out);
    }

    static String resource(String name) {
        try (InputStream in = VerilatorBuild.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource tagmatch/sim/verilator/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
