package tagmatch.tools.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Which reactor module depends on which, as the poms declare it (read with the JDK's XML parser)
 * and as {@code docs/architecture.md} draws it: one arrow line per module in its diagram
 * ({@code alpu-gen ──► hdl-dsl, hdl-sim}) and the "depends on" column of its module table.
 */
final class ModuleGraph {
    /** An arrow line: the module, the arrow, the modules it points at (a comma list, then an optional remark after two spaces). */
    private static final Pattern ARROW = Pattern.compile("^\\s*([a-z][a-z-]*) ─*►\\s*(.*)$");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\| `([a-z][a-z-]*)` \\|.*\\| ([^|]*) \\|\\s*$");
    private static final Pattern CODE = Pattern.compile("`([a-z][a-z-]*)`");

    private ModuleGraph() {}

    /** Each module of the root pom's {@code <modules>} and the reactor modules among its pom's dependencies (any scope). */
    static Map<String, Set<String>> fromPoms(Path root) {
        List<String> modules = new ArrayList<>();
        NodeList ms = parse(root.resolve("pom.xml")).getElementsByTagName("module");
        for (int i = 0; i < ms.getLength(); i++) modules.add(ms.item(i).getTextContent().strip());
        Map<String, Set<String>> out = new TreeMap<>();
        for (String m : modules) {
            Set<String> deps = new TreeSet<>();
            Element project = parse(root.resolve(m).resolve("pom.xml")).getDocumentElement();
            Element dependencies = child(project, "dependencies");
            if (dependencies != null) {
                for (Node n = dependencies.getFirstChild(); n != null; n = n.getNextSibling()) {
                    if (n instanceof Element d && d.getTagName().equals("dependency")) {
                        String artifact = child(d, "artifactId").getTextContent().strip();
                        if (modules.contains(artifact) && !artifact.equals(m)) deps.add(artifact);
                    }
                }
            }
            out.put(m, deps);
        }
        return out;
    }

    /** The arrows of the doc's diagrams: every line {@code module ──► a, b, c  remark} ({@code —} for none). */
    static Map<String, Set<String>> arrows(String doc, Set<String> modules) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (String line : doc.split("\n")) {
            Matcher m = ARROW.matcher(line);
            if (!m.matches() || !modules.contains(m.group(1))) continue;
            String list = m.group(2).split(" {2}|\\(")[0];
            Set<String> deps = new TreeSet<>();
            for (String d : list.split(",")) {
                String name = d.strip();
                if (!name.isEmpty() && !name.equals("—")) deps.add(name);
            }
            if (out.put(m.group(1), deps) != null) throw new IllegalArgumentException("two arrow lines for " + m.group(1));
        }
        return out;
    }

    /**
     * The module table (the one whose header starts {@code | module |}): each row's module and the
     * modules in backticks of its last column, "depends on" (libraries such as JNA are not modules).
     */
    static Map<String, Set<String>> table(String doc, Set<String> modules) {
        Map<String, Set<String>> out = new TreeMap<>();
        boolean inTable = false;
        for (String line : doc.split("\n")) {
            if (line.startsWith("| module |")) {
                inTable = true;
                continue;
            }
            if (!line.startsWith("|")) inTable = false;
            Matcher m = TABLE_ROW.matcher(line);
            if (!inTable || !m.matches()) continue;
            Set<String> deps = new TreeSet<>();
            Matcher c = CODE.matcher(m.group(2));
            while (c.find()) if (modules.contains(c.group(1))) deps.add(c.group(1));
            out.put(m.group(1), deps);
        }
        return out;
    }

    /** Where {@code drawn} differs from {@code declared}, one line per module: {@code what: module: pom X, doc Y}. */
    static List<String> differences(String what, Map<String, Set<String>> declared, Map<String, Set<String>> drawn) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Set<String>> e : declared.entrySet()) {
            Set<String> doc = drawn.get(e.getKey());
            if (doc == null) out.add(what + ": " + e.getKey() + " is missing (its pom: " + e.getValue() + ")");
            else if (!doc.equals(e.getValue())) out.add(what + ": " + e.getKey() + ": pom " + e.getValue() + ", doc " + doc);
        }
        for (String m : drawn.keySet()) if (!declared.containsKey(m)) out.add(what + ": " + m + " is no module of the root pom");
        return out;
    }

    static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Element child(Element parent, String tag) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) return e;
        }
        return null;
    }

    private static Document parse(Path pom) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder().parse(pom.toFile());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException(pom + " is not well-formed XML: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
