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

/** {@code tagmatch bench firmware}: {@link FirmwareBenchmark}'s instructions per matched message and its ablation. */
@Command(name = "firmware",
        mixinStandardHelpOptions = true,
        description = "DPA firmware: instructions per matched message on x86-64 (callgrind) and rv64, the DPA's ISA (qemu-riscv64), vs an MPICH-style C linked list, and the ablation of in-order blocks, the fast path and early booking.")
public final class FirmwareBench implements Callable<Integer> {
    @Option(names = "--depths", split = ",", description = "Receives kept posted. Default: ${DEFAULT-VALUE}.")
    int[] depths = {1, 64, 1000};

    @Option(names = "--threads", description = "N of the firmware build (messages per block). Default: ${DEFAULT-VALUE}.")
    int threads = 32;

    @Option(names = "--bins", description = "Bins per hash index. Default: ${DEFAULT-VALUE}.")
    int bins = 128;

    @Option(names = "--messages", description = "Matched messages per measurement. Default: ${DEFAULT-VALUE}.")
    int messages = 4096;

    @Option(names = "--ablation-depth", description = "Depth of the ablation table. Default: ${DEFAULT-VALUE}.")
    int ablationDepth = 64;

    @Option(names = "--isa", split = ",", description = "Instruction sets counted: x86-64 (valgrind callgrind), rv64 (qemu-riscv64: the DPA's). Default: ${DEFAULT-VALUE}.")
    List<String> isas = List.of("x86-64", "rv64");

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Mixin
    tagmatch.tools.KeepTempOption keepTemp = new tagmatch.tools.KeepTempOption();

    @Override
    public Integer call() throws IOException {
        if (depths.length == 0) throw new UsageError("--depths must name at least one depth");
        for (int d : depths) OptionCheck.range("--depths", d, 1, 1024);
        OptionCheck.range("--threads", threads, 1, OtmConfig.MAX_THREADS);
        OptionCheck.atLeast("--messages", messages, 1);
        OptionCheck.range("--ablation-depth", ablationDepth, 1, 1024);
        if (isas.isEmpty()) throw new UsageError("--isa must name at least one of x86-64, rv64");
        List<InstructionSet> chosen = isas.stream().map(n -> InstructionSet.named(n)
                .orElseThrow(() -> new UsageError("--isa must be x86-64 or rv64, got " + n))).distinct().toList();
        OtmConfig cfg;
        try {
            cfg = OtmConfig.defaults().withThreads(threads).withBins(bins).withCapacities(1024, 1024);
        } catch (IllegalArgumentException e) {
            throw OptionCheck.asOption("--bins", e);
        }
        FirmwareBenchmark.Settings settings = new FirmwareBenchmark.Settings(cfg, Arrays.stream(depths).boxed().toList(), messages, ablationDepth, chosen);
        PrintWriter out = spec.commandLine().getOut();
        try (Temp temp = keepTemp.dir("bench-firmware", new PrintWriter(System.err, true))) {
            out.print(FirmwareBenchmark.measure(settings, temp.path(), Progress::start).text());
        }
        out.flush();
        return 0;
    }
}
