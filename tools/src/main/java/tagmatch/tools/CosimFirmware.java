package tagmatch.tools;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.testbench.firmware.FallbackSoak;
import tagmatch.testbench.firmware.FirmwareSoak;

/**
 * {@code tagmatch cosim firmware}: a soak of the generated firmware against the reference; with
 * {@code --fallback}, of the DPA handler and host software's fallback as one system.
 */
@Command(name = "firmware",
        description = "Soak the generated DPA firmware against the reference: native (JNA, chaos build, "
                + "N concurrent threads), tsan (the driver under ThreadSanitizer) or riscv (the driver under qemu-riscv64). "
                + "With --fallback: the DPA handler and host software's fallback as one system, at tiny capacities, "
                + "judged by the reference without capacity limits (native, tsan or riscv: the handler natively, "
                + "under ThreadSanitizer or under qemu-riscv64).")
public final class CosimFirmware extends TagmatchCommand implements Callable<Integer> {
    @Option(names = "--target", description = "native, tsan or riscv (default ${DEFAULT-VALUE})")
    String target = "native";
    @Option(names = "--ops", description = "posts and arrivals to run, exactly (default ${DEFAULT-VALUE})")
    long ops = 200_000;
    @Option(names = "--seed", description = "first workload seed (default ${DEFAULT-VALUE})")
    long seed = 1;
    @Option(names = "--fallback", description = "soak the handler with host software's fallback (the system) instead of the matcher")
    boolean fallback;
    @picocli.CommandLine.Mixin
    CapacityOptions capacity = new CapacityOptions();
    @picocli.CommandLine.Mixin
    KeepTempOption keepTemp = new KeepTempOption();

    @Override
    public Integer call() {
        target = OptionCheck.oneOf("--target", target, "native", "tsan", "riscv");
        OptionCheck.atLeast("--ops", ops, 1);
        // 0: the soak's own capacity
        int recvs = capacity.recvs(0), unexpected = capacity.unexpected(0);
        String verdict;
        boolean passed;
        try (Temp temp = keepTemp.dir("cosim-firmware", err());
             Progress pb = Progress.start("cosim firmware " + target + (fallback ? " --fallback" : ""), ops, "operations")) {
            if (fallback) {
                FallbackSoak soak = FallbackSoak.run(target, ops, seed, recvs, unexpected, temp.path(), pb::stepTo);
                verdict = soak.verdict();
                passed = soak.passed();
            } else {
                FirmwareSoak soak = FirmwareSoak.run(target, ops, seed, recvs, unexpected, temp.path(), pb::stepTo);
                verdict = soak.verdict();
                passed = soak.passed();
            }
        }
        java.io.PrintWriter w = out();
        w.println(verdict);
        w.flush();
        return passed ? 0 : 1;
    }
}
