package tagmatch.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryLockTest {
    @TempDir
    Path dir;

    @Test
    void aHeldDirectoryIsRefusedUntilItsHolderLetsGo() {
        Optional<DirectoryLock> first = DirectoryLock.tryLock(dir);
        assertTrue(first.isPresent());
        assertTrue(DirectoryLock.tryLock(dir).isEmpty(), "a second holder in the same JVM");
        assertEquals("pid " + ProcessHandle.current().pid(), DirectoryLock.holder(dir).replaceFirst(" since .*", ""));
        first.get().close();
        assertFalse(Files.exists(dir.resolve(DirectoryLock.FILE)), "the lock file stays behind");
        try (DirectoryLock again = DirectoryLock.tryLock(dir).orElseThrow()) {
            assertTrue(Files.exists(dir.resolve(DirectoryLock.FILE)));
        }
    }

    @Test
    void aLockFileLeftByADeadRunIsTakenOver() throws Exception {
        Files.writeString(dir.resolve(DirectoryLock.FILE), "pid 1 since 2020-01-01T00:00:00Z (x)\n");
        try (DirectoryLock l = DirectoryLock.tryLock(dir).orElseThrow()) {
            assertTrue(DirectoryLock.holder(dir).startsWith("pid " + ProcessHandle.current().pid()));
        }
    }

    @Test
    void anotherProcessHoldingTheDirectoryIsSeen() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process other = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), DirectoryLockHolder.class.getName(),
                dir.toString()).redirectErrorStream(true).start();
        try {
            assertEquals("held", new String(other.getInputStream().readNBytes(5)).strip());
            assertTrue(DirectoryLock.tryLock(dir).isEmpty(), "the other JVM's lock was not seen");
        } finally {
            other.getOutputStream().close(); // the holder ends when its stdin closes
            other.waitFor();
        }
        assertTrue(DirectoryLock.tryLock(dir).isPresent(), "the lock outlived its holder");
    }
}
