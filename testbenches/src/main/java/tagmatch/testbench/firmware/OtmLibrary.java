package tagmatch.testbench.firmware;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Loads a generated shared library and binds a fresh {@link OtmDirect} class to it. */
public final class OtmLibrary {
    private OtmLibrary() {}

    public static OtmApi load(Path so) {
        NativeLibrary lib = NativeLibrary.getInstance(so.toAbsolutePath().toString());
        try {
            Class<?> cls = new Isolating(OtmLibrary.class.getClassLoader()).loadIsolated(OtmDirect.class.getName());
            Native.register(cls, lib);
            return (OtmApi) cls.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot bind " + so + ": " + e, e);
        }
    }

    /** Defines {@link OtmDirect} again so each library gets its own native bindings. */
    private static final class Isolating extends ClassLoader {
        Isolating(ClassLoader parent) {
            super(parent);
        }

        Class<?> loadIsolated(String name) {
            String res = name.replace('.', '/') + ".class";
            try (InputStream in = getParent().getResourceAsStream(res)) {
                if (in == null) throw new IllegalStateException("missing " + res);
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
