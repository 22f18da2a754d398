package tagmatch.tools.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.bench.firmware.FirmwareBenchmark;
import tagmatch.bench.firmware.InstructionSet;
import tagmatch.otm.OtmConfig;
import tagmatch.process.UsageError;
import tagmatch.tools.OptionCheck;
import tagmatch.tools.Progress;
import tagmatch.tools.Temp;
import tagmatch.tools.TagmatchCommand;

/** {@code tagmatch bench firmware}: {@link FirmwareBenchmark}'s instructions per matched message and its ablation. */
@Command(name = "firmware",
        description = "DPA firmware: instructions per matched message on x86-64 (callgrind) and rv64, the DPA's ISA (qemu-riscv64), vs an MPICH-style C linked list, and the ablation of in-order blocks, the fast path and early booking.")
public final class FirmwareBench extends TagmatchCommand implements Callable<Integer> {
    @Option(names = "--depths", split = ",", description = "receives kept posted (default ${DEFAULT-VALUE})")
    int[] depths = {1, 64, 1000};

    @picocli.CommandLine.Mixin
    tagmatch.tools.ThreadsOption threads = new tagmatch.tools.ThreadsOption(32);

    @picocli.CommandLine.Mixin
    tagmatch.tools.BinsOption bins = new tagmatch.tools.BinsOption();

    @Option(names = "--messages", description = "matched messages per measurement (default ${DEFAULT-VALUE})")
    int messages = 4096;

    @Option(names = "--ablation-depth", description = "depth of the ablation table (default ${DEFAULT-VALUE})")
    int ablationDepth = 64;

    @Option(names = "--isa", split = ",", description = "instruction sets counted: x86-64 (valgrind callgrind), rv64 (qemu-riscv64: the DPA's) (default ${DEFAULT-VALUE})")
    List<String> isas = List.of("x86-64", "rv64");

    @picocli.CommandLine.Mixin
    tagmatch.tools.KeepTempOption keepTemp = new tagmatch.tools.KeepTempOption();

    @Override
    public Integer call() throws IOException {
        if (depths.length == 0) throw new UsageError("--depths must name at least one depth");
        for (int d : depths) OptionCheck.range("--depths", d, 1, 1024);
        int nThreads = threads.get();
        int nBins = bins.get();
        OptionCheck.atLeast("--messages", messages, 1);
        OptionCheck.range("--ablation-depth", ablationDepth, 1, 1024);
        if (isas.isEmpty()) throw new UsageError("--isa must name at least one of x86-64, rv64");
        List<InstructionSet> chosen = isas.stream().map(n -> InstructionSet.named(n)
                .orElseThrow(() -> new UsageError("--isa must be x86-64 or rv64, got " + n))).distinct().toList();
        OtmConfig cfg = OtmConfig.defaults().withThreads(nThreads).withBins(nBins).withCapacities(1024, 1024);
        FirmwareBenchmark.Settings settings = new FirmwareBenchmark.Settings(cfg, Arrays.stream(depths).boxed().toList(), messages, ablationDepth, chosen);
        PrintWriter out = out();
        try (Temp temp = keepTemp.dir("bench-firmware", new PrintWriter(System.err, true))) {
            out.print(FirmwareBenchmark.measure(settings, temp.path(), Progress::start).text());
        }
        out.flush();
        return 0;
    }
}
