package tagmatch.tools;

import java.util.Arrays;
import java.util.Locale;
import tagmatch.process.ParameterError;
import tagmatch.process.UsageError;

/**
 * Option checks run before any work, each failing with a {@link UsageError} in one form:
 * {@code --ops must be >= 1, got 0}. The command path is added by {@link ErrorHandler}.
 */
public final class OptionCheck {
    private OptionCheck() {}

    public static long atLeast(String option, long value, long min) {
        if (value < min) {
            throw new UsageError(option + " must be >= " + min + ", got " + value);
        }
        return value;
    }

    public static long range(String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new UsageError(option + " must be in " + min + ".." + max + ", got " + value);
        }
        return value;
    }

    /** A share of a whole: a number in 0..1. */
    public static double share(String option, double value) {
        if (!(value >= 0 && value <= 1)) throw new UsageError(option + " must be in 0..1, got " + value);
        return value;
    }

    /** {@code value} (case-insensitive) among {@code legal}; returns the legal spelling. */
    public static String oneOf(String option, String value, String... legal) {
        for (String l : legal) {
            if (l.equalsIgnoreCase(value)) {
                return l;
            }
        }
        throw new UsageError(option + " must be one of " + String.join(", ", legal) + ", got '" + value + "'");
    }

    /** The constant of {@code type} named by {@code value} (case-insensitive, '-' for '_'). */
    public static <E extends Enum<E>> E oneOf(String option, String value, Class<E> type) {
        String key = value.replace('-', '_').toUpperCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(key)) {
                return e;
            }
        }
        String[] legal = Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .toArray(String[]::new);
        throw new UsageError(option + " must be one of " + String.join(", ", legal) + ", got '" + value + "'");
    }

    /** A path the command will read: it must exist. */
    public static java.nio.file.Path exists(String option, java.nio.file.Path path, String what) {
        if (!java.nio.file.Files.exists(path)) throw new UsageError(option + " must name " + what + ", got " + path + ", which does not exist");
        return path;
    }

    /** A directory the command will use, creating it if absent: it must not be a file. */
    public static java.nio.file.Path directoryIfPresent(String option, java.nio.file.Path dir) {
        if (dir != null && java.nio.file.Files.exists(dir) && !java.nio.file.Files.isDirectory(dir)) {
            throw new UsageError(option + " must name a directory, but " + dir + " is a file");
        }
        return dir;
    }

    /** A file the command will create or replace: its directory must exist and be writable, and it must not be a directory. */
    public static java.nio.file.Path writableFile(String option, java.nio.file.Path file) {
        java.nio.file.Path abs = file.toAbsolutePath().normalize();
        java.nio.file.Path dir = abs.getParent();
        if (java.nio.file.Files.isDirectory(abs)) {
            throw new UsageError(option + " must name a file, but " + file + " is a directory");
        }
        if (dir == null || !java.nio.file.Files.isDirectory(dir)) {
            throw new UsageError(option + " " + file + " cannot be written: directory " + dir + " does not exist");
        }
        if (!java.nio.file.Files.isWritable(dir)) {
            throw new UsageError(option + " " + file + " cannot be written: no write permission on " + dir);
        }
        return file;
    }

    /**
     * A configuration record's check ({@code CELLS must be in 2..4096, got 0}) as the usage error
     * of the option that set the value ({@code --cells must be in 2..4096, got 0}): records name
     * their own parameters, the command line names its options.
     */
    public static UsageError asOption(String option, ParameterError e) {
        return new UsageError(e.as(option), e);
    }

    /** Every word of {@code values} among {@code legal}. */
    public static void allOf(String option, java.util.Collection<String> values, java.util.Collection<String> legal) {
        for (String v : values) {
            if (!legal.contains(v)) {
                throw new UsageError(option + " must be among " + String.join(", ", legal) + ", got '" + v + "'");
            }
        }
    }

    /** An option that only means something together with another. */
    public static void requires(boolean given, String option, boolean other, String otherOption) {
        if (given && !other) {
            throw new UsageError(option + " only applies with " + otherOption);
        }
    }
}
