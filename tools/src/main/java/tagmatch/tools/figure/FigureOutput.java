package tagmatch.tools.figure;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tagmatch.tools.ForceOption;
import tagmatch.tools.KeepTempOption;
import tagmatch.tools.OutputDir;
import tagmatch.tools.Temp;

/** Where figures 5, 6, 8 and offload-nic write (a picocli mixin): {@code --out}, {@code --force}, and {@code --keep-temp} for their runs in a temporary directory. */
final class FigureOutput {
    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default figure-${COMMAND-NAME})")
    Path out;

    @Mixin
    ForceOption force = new ForceOption();

    @Mixin
    KeepTempOption keepTemp = new KeepTempOption();

    /** The figure command these options are part of, whose name names its default directory. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** {@code --out}, or {@code figure-NAME} for the command NAME, as the description says. */
    Path dir() {
        return out != null ? out : Path.of("figure-" + command.name());
    }

    /** {@code dir} held for this run, refused when it holds files tagmatch did not write unless {@code --force}. */
    OutputDir claim(Path dir) {
        return force.claim(dir, "--out");
    }

    /** A temporary directory for {@code purpose}, kept when {@code --keep-temp} asks. */
    Temp temp(String purpose, PrintWriter err) {
        return keepTemp.dir(purpose, err);
    }

    /** Names the files written into {@code dir}; the command's exit code. */
    static int wrote(PrintWriter o, Path dir, List<String> files) {
        o.println("wrote " + dir + "/{" + String.join(",", files) + "}");
        o.flush();
        return 0;
    }
}
