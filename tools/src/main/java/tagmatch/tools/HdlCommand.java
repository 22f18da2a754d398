package tagmatch.tools;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tagmatch.hdl.lib.Catalog;
import tagmatch.process.UsageError;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code tagmatch hdl <block> [--param k=v]... --out DIR}: emits one standard-library block. */
@Command(name = "hdl",
        description = {"Emit a standard-library block as Verilog, one file per module.",
                "Example: tagmatch hdl fifo --param depth=16 --param width=32 --out build/fifo"})
public final class HdlCommand extends TagmatchCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "BLOCK", description = "block name (see --list)")
    String block;

    @Option(names = {"-p", "--param"}, paramLabel = "KEY=VALUE", description = "a block parameter; unset ones take their defaults")
    Map<String, String> params = new LinkedHashMap<>();

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "output directory")
    Path out;

    @picocli.CommandLine.Mixin
    ForceOption force = new ForceOption();

    @Option(names = "--list", description = "list the blocks and their parameters")
    boolean list;

    @Option(names = "--lint", description = "also run verilator --lint-only -Wall, yosys and iverilog on the result")
    boolean lint;

    @Override
    public Integer call() throws IOException {
        PrintWriter o = out();
        if (list) {
            o.print(Catalog.listing());
            return 0;
        }
        if (block == null) throw new UsageError("name a block to emit; `tagmatch hdl --list` shows them");
        Catalog.Block b = Catalog.block(block);
        Map<String, Integer> values = b.resolve(params);
        if (out == null) throw new UsageError("--out DIR is required: where to write " + b.name());
        List<Path> files;
        Catalog.Emitted emitted;
        try (OutputDir dir = force.claim(out, "--out")) {
            emitted = b.emit(values, dir.staging());
            files = dir.commit(b.name());
        }
        for (Path f : files) o.println("wrote " + f);
        return lint ? (Lint.run(files, emitted.top(), o) ? 0 : 1) : 0;
    }
}
