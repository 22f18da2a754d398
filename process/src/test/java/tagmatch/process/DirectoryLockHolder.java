package tagmatch.process;

import java.nio.file.Path;

/** A second JVM for {@link DirectoryLockTest}: holds the directory until its standard input closes. */
public final class DirectoryLockHolder {
    public static void main(String[] args) throws Exception {
        try (DirectoryLock l = DirectoryLock.tryLock(Path.of(args[0])).orElseThrow()) {
            System.out.println("held");
            System.out.flush();
            while (System.in.read() >= 0) {
                // wait
            }
        }
    }
}
