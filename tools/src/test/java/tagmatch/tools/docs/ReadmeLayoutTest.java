package tagmatch.tools.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import tagmatch.process.Exec;

/**
 * The README's "Layout" block lists every top-level folder of the repository and no other: a
 * folder is one git tracks a file under, not hidden ({@code .ci}) and not a build's
 * {@code target}; a line of the block is {@code name/} followed by what the folder holds. Git
 * decides, because folders that runs leave behind ({@code firmware-out/}) are ignored, not part
 * of the repository.
 */
class ReadmeLayoutTest {
    private static final Path ROOT = Path.of(System.getProperty("tagmatch.root", "..")).toAbsolutePath().normalize();

    @Test
    void theReadmeLayoutListsEveryTopLevelFolderAndOnlyThose() {
        assertEquals(List.of(), check(ModuleGraph.read(ROOT.resolve("README.md")), trackedFolders(ROOT)));
    }

    @Test
    void aMissingFolderAndAFolderThatDoesNotExistAreReported() {
        String readme = String.join("\n", "# x", "", "## Layout", "", "```", "process/           Exec", "gone/              what was",
                "docs/              documentation", "```", "", "```", "elsewhere/  a later block is no layout", "```", "");
        assertEquals(List.of("the README's layout lacks tracer/", "the README's layout lists gone/, which is no top-level folder"),
                check(readme, Set.of("docs", "process", "tracer")));
        assertEquals(List.of("the README has no ## Layout section with a fenced block"), check("# x\n", Set.of("docs")));
    }

    /** What the layout block lacks and what it lists that is no folder, one line each. */
    static List<String> check(String readme, Set<String> folders) {
        List<String> out = new ArrayList<>();
        Set<String> listed = listed(readme);
        if (listed == null) return List.of("the README has no ## Layout section with a fenced block");
        for (String f : new TreeSet<>(folders)) if (!listed.contains(f)) out.add("the README's layout lacks " + f + "/");
        for (String f : listed) if (!folders.contains(f)) out.add("the README's layout lists " + f + "/, which is no top-level folder");
        return out;
    }

    /** The folders the first fenced block after {@code ## Layout} names, or null without one. */
    private static Set<String> listed(String readme) {
        String[] lines = readme.split("\n");
        int i = 0;
        while (i < lines.length && !lines[i].equals("## Layout")) i++;
        for (i++; i < lines.length && !lines[i].startsWith("```"); i++) {
            if (lines[i].startsWith("## ")) return null;
        }
        if (i >= lines.length) return null;
        Set<String> out = new TreeSet<>();
        for (i++; i < lines.length && !lines[i].startsWith("```"); i++) {
            String first = lines[i].strip().split("\\s+", 2)[0];
            if (first.endsWith("/")) out.add(first.substring(0, first.length() - 1));
        }
        return out;
    }

    /** The top-level folders git tracks a file under, but hidden ones and {@code target}. */
    private static Set<String> trackedFolders(Path root) {
        Set<String> out = new TreeSet<>();
        for (String file : Exec.of("git", "ls-files", "-z").in(root).check().split("\0")) {
            int slash = file.indexOf('/');
            if (slash > 0) {
                String folder = file.substring(0, slash);
                if (!folder.startsWith(".") && !folder.equals("target")) out.add(folder);
            }
        }
        return out;
    }
}
