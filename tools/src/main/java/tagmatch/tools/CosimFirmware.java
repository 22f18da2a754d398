package tagmatch.tools;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tagmatch.testbench.firmware.FirmwareSoak;

/** {@code tagmatch cosim firmware}: a soak of the generated firmware against the reference. */
@Command(name = "firmware",
        mixinStandardHelpOptions = true,
        description = "Soak the generated DPA firmware against the reference: native (JNA, chaos build, "
                + "N concurrent threads) or riscv (the driver under qemu-riscv64).")
public final class CosimFirmware implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--target", description = "native or riscv (default ${DEFAULT-VALUE})")
    String target = "native";
    @Option(names = "--ops", description = "posts and arrivals to run, exactly (default ${DEFAULT-VALUE})")
    long ops = 200_000;
    @Option(names = "--seed", description = "first workload seed (default ${DEFAULT-VALUE})")
    long seed = 1;
    @picocli.CommandLine.Mixin
    KeepTempOption keepTemp = new KeepTempOption();

    @Override
    public Integer call() {
        target = OptionCheck.oneOf("--target", target, "native", "riscv");
        OptionCheck.atLeast("--ops", ops, 1);
        FirmwareSoak soak;
        try (Temp temp = keepTemp.dir("cosim-firmware", spec.commandLine().getErr());
             Progress pb = Progress.start("cosim firmware " + target, ops, "operations")) {
            soak = FirmwareSoak.run(target, ops, seed, temp.path(), pb::stepTo);
        }
        java.io.PrintWriter w = spec.commandLine().getOut();
        w.println(soak.verdict());
        w.flush();
        return soak.passed() ? 0 : 1;
    }
}
