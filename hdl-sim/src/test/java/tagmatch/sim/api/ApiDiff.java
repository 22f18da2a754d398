package tagmatch.sim.api;

import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.model.AccessModifier;
import japicmp.model.JApiBehavior;
import japicmp.model.JApiChangeStatus;
import japicmp.model.JApiClass;
import japicmp.model.JApiCompatibility;
import japicmp.model.JApiCompatibilityChange;
import japicmp.model.JApiConstructor;
import japicmp.model.JApiField;
import japicmp.model.JApiHasAccessModifier;
import japicmp.model.JApiMethod;
import japicmp.model.JApiModifier;
import japicmp.model.JApiParameter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The API's changes (public members, and protected ones a subclass can reach) between a
 * released jar and the classes built now, as japicmp sees them, reduced to what a changelog
 * entry must name: the top-level type, the element (the type itself or a member) and whether it
 * breaks callers (binary or source incompatible).
 */
final class ApiDiff {
    private ApiDiff() {}

    /** One changed element of the API. */
    record Change(String module, String type, String element, String what, boolean breaking) {
        /** The simple name of the outermost class, the name an entry uses for the whole type. */
        String topLevel() {
            String simple = type.substring(type.lastIndexOf('.') + 1);
            int nested = simple.indexOf('$');
            return nested < 0 ? simple : simple.substring(0, nested);
        }

        @Override
        public String toString() {
            return module + ": " + type.replace('$', '.') + (element.isEmpty() ? "" : "." + element) + " " + what
                    + (breaking ? " (breaking)" : "");
        }
    }

    /**
     * The changes from {@code released} to {@code current} (a jar or a classes directory).
     * {@code oldClassPath} and {@code newClassPath} resolve the types either side refers to
     * (the other library modules, JNA, ASM).
     */
    static List<Change> compare(String module, Path released, String releasedVersion, Path current,
                                List<Path> oldClassPath, List<Path> newClassPath) {
        JarArchiveComparatorOptions options = new JarArchiveComparatorOptions();
        options.setAccessModifier(AccessModifier.PROTECTED);
        options.setIncludeSynthetic(false);
        options.setClassPathMode(JarArchiveComparatorOptions.ClassPathMode.TWO_SEPARATE_CLASSPATHS);
        options.setOldClassPath(strings(oldClassPath));
        options.setNewClassPath(strings(newClassPath));
        List<JApiClass> classes = new JarArchiveComparator(options).compare(
                new JApiCmpArchive(released.toFile(), releasedVersion),
                new JApiCmpArchive(jarBytes(current), module + ".jar", releasedVersion + "-current"));
        List<Change> out = new ArrayList<>();
        for (JApiClass c : classes) out.addAll(changes(module, c));
        return out;
    }

    private static List<Change> changes(String module, JApiClass c) {
        String type = c.getFullyQualifiedName();
        String simple = type.substring(type.lastIndexOf('.') + 1);
        String own = simple.substring(simple.lastIndexOf('$') + 1);
        List<Change> out = new ArrayList<>();
        switch (c.getChangeStatus()) {
            case UNCHANGED -> { }
            case NEW -> out.add(new Change(module, type, "", "is new", false));
            case REMOVED -> out.add(new Change(module, type, "", "is removed", true));
            case MODIFIED -> {
                List<JApiCompatibility> typeLevel = new ArrayList<>(c.getInterfaces());
                typeLevel.add(c.getSuperclass());
                List<String> reasons = Stream.concat(c.getCompatibilityChanges().stream(),
                                typeLevel.stream().flatMap(t -> t.getCompatibilityChanges().stream()))
                        .filter(ApiDiff::breaks).map(ch -> ch.getType().name()).distinct().toList();
                if (!reasons.isEmpty()) out.add(new Change(module, type, "", "changed: " + String.join(", ", reasons), true));
                Class<?> built = built(type);
                boolean sealed = built.isSealed();
                boolean finalType = Modifier.isFinal(built.getModifiers());
                for (JApiMethod m : c.getMethods()) {
                    if (!m.getName().contains("$") && api(m, finalType)) {
                        out.addAll(member(module, type, m.getName() + params(m), m.getChangeStatus(), m, sealed));
                    }
                }
                for (JApiConstructor k : c.getConstructors()) {
                    if (api(k, finalType)) out.addAll(member(module, type, "new " + own + params(k), k.getChangeStatus(), k, sealed));
                }
                for (JApiField f : c.getFields()) {
                    if (!f.getName().contains("$") && api(f, finalType)) {
                        out.addAll(member(module, type, f.getName(), f.getChangeStatus(), f, sealed));
                    }
                }
            }
        }
        return out;
    }

    private static List<Change> member(String module, String type, String element, JApiChangeStatus status,
                                       JApiCompatibility compat, boolean sealed) {
        List<String> reasons = compat.getCompatibilityChanges().stream().filter(ApiDiff::breaks)
                .map(ch -> ch.getType().name()).filter(r -> !(sealed && ABSTRACT_ADDED.contains(r)))
                .filter(r -> !(status == JApiChangeStatus.REMOVED && r.endsWith("_REMOVED"))).distinct().toList();
        if (status == JApiChangeStatus.UNCHANGED && reasons.isEmpty()) return List.of();
        String what = switch (status) {
            case NEW -> "is new";
            case REMOVED -> "is removed";
            default -> "changed";
        };
        boolean breaking = !reasons.isEmpty() || status == JApiChangeStatus.REMOVED;
        return List.of(new Change(module, type, element, reasons.isEmpty() ? what : what + ": " + String.join(", ", reasons), breaking));
    }

    /**
     * An abstract method added to a type breaks the classes that implement it elsewhere; a sealed
     * type has none elsewhere, so for it these are additions.
     */
    private static final Set<String> ABSTRACT_ADDED = Set.of("METHOD_ADDED_TO_INTERFACE", "METHOD_ABSTRACT_ADDED_TO_CLASS",
            "METHOD_ABSTRACT_ADDED_IN_SUPERCLASS", "METHOD_ABSTRACT_ADDED_IN_IMPLEMENTED_INTERFACE");

    /**
     * Whether a member is API on either side: public, or protected in a class that can be
     * subclassed (a final class's protected members are reachable from no subclass). A member
     * that was and is package-private or private is not, whatever else changed about it.
     */
    private static boolean api(JApiHasAccessModifier member, boolean finalType) {
        JApiModifier<AccessModifier> access = member.getAccessModifier();
        return Stream.of(access.getOldModifier(), access.getNewModifier()).flatMap(Optional::stream)
                .anyMatch(a -> a == AccessModifier.PUBLIC || (a == AccessModifier.PROTECTED && !finalType));
    }

    /** The type as built now, from this test's own classpath, which holds the built modules. */
    private static Class<?> built(String type) {
        try {
            return Class.forName(type, false, ApiDiff.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the built class " + type + " is not on the test's classpath", e);
        }
    }

    private static boolean breaks(JApiCompatibilityChange change) {
        return !change.isBinaryCompatible() || !change.isSourceCompatible();
    }

    private static String params(JApiBehavior b) {
        return b.getParameters().stream().map(JApiParameter::getType)
                .map(t -> t.substring(t.lastIndexOf('.') + 1)).collect(Collectors.joining(", ", "(", ")"));
    }

    private static List<String> strings(List<Path> paths) {
        return paths.stream().map(Path::toString).toList();
    }

    /** A jar as japicmp reads it; a classes directory (a reactor build before package) is packed in memory. */
    private static byte[] jarBytes(Path current) {
        try {
            if (Files.isRegularFile(current)) return Files.readAllBytes(current);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream zip = new ZipOutputStream(bytes); Stream<Path> files = Files.walk(current)) {
                for (Path p : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                    zip.putNextEntry(new ZipEntry(current.relativize(p).toString().replace('\\', '/')));
                    zip.write(Files.readAllBytes(p));
                    zip.closeEntry();
                }
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the built classes at " + current, e);
        }
    }
}
