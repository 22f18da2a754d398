package tagmatch.tools;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmGenerator;
import tagmatch.otm.OtmHash;
import tagmatch.process.UsageError;
import tagmatch.testbench.firmware.FootprintReport;

/** {@code tagmatch firmware}: generate the DPA optimistic tag matching firmware for one configuration. */
@Command(name = "firmware",
        description = "Generate the optimistic tag matching DPA firmware (C; its API contract is docs/otm-contract.md of the tagmatch repository) into a directory.")
public final class FirmwareCommand extends TagmatchCommand implements Callable<Integer> {
    @CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption(32);
    @CommandLine.Mixin
    FirmwareOptions firmware = new FirmwareOptions();
    @Option(names = "--hash", description = "multiplicative or xor-fold (default ${DEFAULT-VALUE})")
    String hash = "multiplicative";
    @Option(names = "--sender-hash", description = "also emit the sender-side hash API (otm_inline_hash.h)")
    boolean senderHash;
    @Option(names = "--no-fast-path", description = "ablation: leave the fast path out (every conflict takes the slow path)")
    boolean noFastPath;
    @Option(names = "--no-early-booking", description = "ablation: leave the early booking check out (every thread of a wildcard block searches and books)")
    boolean noEarlyBooking;
    @Option(names = "--in-order-run", description = "blocks matched in thread order after a contended one (0..1024, 0 = never; default ${DEFAULT-VALUE})")
    int inOrderRun = OtmConfig.DEFAULT_IN_ORDER_RUN;
    @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
    Path out = Path.of("firmware-out");
    @Option(names = "--report", description = "print otm_ctx_bytes() (built with gcc) and its breakdown")
    boolean report;
    @CommandLine.Mixin
    ForceOption force = new ForceOption();
    @CommandLine.Mixin
    KeepTempOption keepTemp = new KeepTempOption();

    @Override
    public Integer call() throws IOException {
        OtmConfig cfg = config();
        PrintWriter w = out();
        try (OutputDir dir = force.claim(out, "--out")) {
            OtmGenerator.write(cfg, dir.staging());
            List<Path> files = dir.commit("firmware");
            w.println("wrote " + files.size() + " files to " + out + " (" + cfg.key() + ")");
        }
        if (report) {
            try (Temp tmp = keepTemp.dir("firmware-report", err())) {
                w.print(FootprintReport.of(cfg, tmp.path()));
            }
        }
        w.flush();
        return 0;
    }

    OtmConfig config() {
        OtmHash h;
        if (hash.equals("multiplicative")) h = OtmHash.MULTIPLICATIVE;
        else if (hash.equals("xor-fold")) h = OtmHash.XOR_FOLD;
        else throw new UsageError("--hash must be one of multiplicative, xor-fold, got '" + hash + "'");
        OptionCheck.range("--in-order-run", inOrderRun, 0, OtmConfig.MAX_IN_ORDER_RUN);
        return firmware.config(threads.get()).withHash(h, senderHash).withOptimizations(!noFastPath, !noEarlyBooking).withInOrderRun(inOrderRun);
    }
}
