package tagmatch.dpasystem;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import tagmatch.dpa.ElfImage;
import tagmatch.otm.OtmConfig;
import tagmatch.otm.OtmGenerator;

/**
 * The generated matcher of one {@link OtmConfig}, unmodified, with the cluster's driver
 * ({@code otm_dpa_driver.c}): {@code otm.c} and the driver are compiled once, and each run links
 * them with its own input ({@link DriverInput}) into an ELF.
 */
public final class FirmwareImage {
    private static final List<String> RESOURCES = List.of("otm_dpa_driver.c", "stdlib.h", "dpa_libc.c", "dpa_libc.h");

    private final OtmConfig config;
    private final Path dir;
    private final List<Path> objects;
    private int runs;

    private FirmwareImage(OtmConfig config, Path dir, List<Path> objects) {
        this.config = config;
        this.dir = dir;
        this.objects = objects;
    }

    /** Generates {@code config} into {@code root/<config key>} and compiles it and the driver for the cluster. */
    public static FirmwareImage build(OtmConfig config, Path root) {
        Path dir = root.resolve(config.key()).toAbsolutePath();
        try {
            OtmGenerator.write(config, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        CrossBuild.copyResources(dir, RESOURCES);
        return new FirmwareImage(config, dir, CrossBuild.compile(dir, List.of("otm.c", "dpa_libc.c", "otm_dpa_driver.c")));
    }

    public OtmConfig config() {
        return config;
    }

    /** Links the firmware with {@code input} into an ELF for the cluster. */
    public ElfImage link(DriverInput input, long ramBytes) {
        return CrossBuild.link(dir, objects, input.bytes(), ++runs, ramBytes);
    }
}
