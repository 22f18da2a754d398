package tagmatch.sim.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CHANGELOG.md in the Keep a Changelog form: {@code ## [Unreleased]}, then {@code ## [X.Y.Z] - DATE}
 * newest first, each with {@code ### Breaking}, {@code ### Added}, ... subsections. What an entry
 * names is what it puts in code spans: {@code `Simulators`}, {@code `Hdl.printf(cond, ...)`}.
 */
final class Changelog {
    static final String UNRELEASED = "Unreleased";
    static final String BREAKING = "Breaking";

    private static final Pattern RELEASE = Pattern.compile("^## \\[([^\\]]+)\\](?: - (\\d{4}-\\d{2}-\\d{2}))?\\s*$");
    private static final Pattern SECTION = Pattern.compile("^### (.+?)\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

    /** One {@code ## [...]} heading: its version ({@code Unreleased} or X.Y.Z), date and subsections' text. */
    record Release(String version, String date, Map<String, String> sections) {
        String text() {
            return String.join("\n", sections.values());
        }

        boolean has(String section) {
            return sections.containsKey(section) && !sections.get(section).isBlank();
        }
    }

    private final List<Release> releases;

    private Changelog(List<Release> releases) {
        this.releases = releases;
    }

    static Changelog parse(String markdown) {
        List<Release> out = new ArrayList<>();
        Map<String, StringBuilder> sections = null;
        StringBuilder current = null;
        String version = null;
        String date = null;
        for (String line : markdown.split("\n", -1)) {
            Matcher r = RELEASE.matcher(line);
            Matcher s = SECTION.matcher(line);
            if (r.matches()) {
                if (version != null) out.add(release(version, date, sections));
                version = r.group(1);
                date = r.group(2);
                sections = new LinkedHashMap<>();
                current = new StringBuilder();
                sections.put("", current);
            } else if (s.matches() && sections != null) {
                current = sections.computeIfAbsent(s.group(1), k -> new StringBuilder());
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        if (version != null) out.add(release(version, date, sections));
        return new Changelog(out);
    }

    private static Release release(String version, String date, Map<String, StringBuilder> sections) {
        Map<String, String> text = new LinkedHashMap<>();
        sections.forEach((k, v) -> text.put(k, v.toString()));
        return new Release(version, date, text);
    }

    /** The {@code [Unreleased]} section; an empty one when the file has none. */
    Release unreleased() {
        return releases.stream().filter(r -> r.version().equals(UNRELEASED)).findFirst()
                .orElse(new Release(UNRELEASED, null, Map.of()));
    }

    /** The released versions, newest first, as the file lists them. */
    List<Release> released() {
        return releases.stream().filter(r -> !r.version().equals(UNRELEASED)).toList();
    }

    /** The Java identifiers inside the code spans of {@code markdown}: what its entries name. */
    static Set<String> names(String markdown) {
        Set<String> out = new LinkedHashSet<>();
        Matcher span = CODE_SPAN.matcher(markdown);
        while (span.find()) {
            Matcher id = IDENTIFIER.matcher(span.group(1));
            while (id.find()) out.add(id.group());
        }
        return out;
    }
}
