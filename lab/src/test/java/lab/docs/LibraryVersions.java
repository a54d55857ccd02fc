package lab.docs;

import java.io.File;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The versions of the libraries a lesson page names, as the build has them: those the lab depends on directly from
 * the root pom's {@code dependencyManagement}, those they bring (spring-jdbc for ShedLock's JDBC provider, Netty for
 * Redisson) from the jar on the test class path, which Maven resolved from the same pom. What the machine runs (Java,
 * Redis, PostgreSQL) is the machine's, not the pom's: named, and not checked here.
 */
final class LibraryVersions {
    /** A page's name of a library, and the artifact the root pom manages it as. */
    private static final Map<String, String> MANAGED = Map.of(
            "Jedis", "jedis",
            "PostgreSQL JDBC", "postgresql",
            "H2", "h2",
            "Quartz", "quartz",
            "ShedLock", "shedlock-core",
            "Redisson", "redisson");

    /** A page's name of a library a managed one brings, and its jar's name before the version. */
    private static final Map<String, String> BROUGHT = Map.of("spring-jdbc", "spring-jdbc-", "Netty", "netty-common-");

    /** What the figures were measured on, from the machine, not the build. */
    static final Set<String> MACHINE = Set.of("Java", "Redis", "PostgreSQL");

    /** A name, then a version: {@code PostgreSQL JDBC 42.7.14}, {@code spring-jdbc 7.0.9}, {@code H2 2.3.232}. */
    private static final Pattern NAMED = Pattern.compile(
            "(?<![A-Za-z0-9-])(PostgreSQL JDBC|[A-Za-z][A-Za-z0-9-]*) (\\d+(?:\\.\\d+)+)(?![\\d.]*\\d)");

    private final Map<String, String> managed;

    private LibraryVersions(Map<String, String> managed) {
        this.managed = managed;
    }

    /** Reads {@code pom}'s {@code dependencyManagement}: artifact → version. */
    static LibraryVersions of(Path pom) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(pom.toFile());
        Element management =
                (Element) doc.getElementsByTagName("dependencyManagement").item(0);
        NodeList deps = management.getElementsByTagName("dependency");
        Map<String, String> versions = new LinkedHashMap<>();
        for (int i = 0; i < deps.getLength(); i++) {
            Element d = (Element) deps.item(i);
            versions.put(text(d, "artifactId"), text(d, "version"));
        }
        return new LibraryVersions(versions);
    }

    private static String text(Element e, String tag) {
        return e.getElementsByTagName(tag).item(0).getTextContent().strip();
    }

    /** Each name and version {@code line} gives, in order: {@code [["Quartz", "2.5.2"], ...]}. */
    static List<List<String>> named(String line) {
        Matcher m = NAMED.matcher(line);
        return m.results().map(r -> List.of(r.group(1), r.group(2))).toList();
    }

    /**
     * The version the build has of the library a page calls {@code name}; empty for what the machine runs. Throws for a
     * name it does not know, so that a new library on a page is checked from its first day.
     */
    Optional<String> version(String name) {
        if (MACHINE.contains(name)) {
            return Optional.empty();
        }
        String artifact = MANAGED.get(name);
        if (artifact != null) {
            return Optional.of(managed.get(artifact));
        }
        String jar = BROUGHT.get(name);
        if (jar != null) {
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                String file = Path.of(entry).getFileName().toString();
                if (file.startsWith(jar) && file.endsWith(".jar") && Character.isDigit(file.charAt(jar.length()))) {
                    // netty-common-4.2.16.Final.jar → 4.2.16: a page names the release, not Maven's qualifier.
                    return Optional.of(file.substring(jar.length(), file.length() - ".jar".length())
                            .replaceFirst("\\.Final$", ""));
                }
            }
            throw new IllegalStateException("no " + jar + "*.jar on the test class path, for " + name);
        }
        throw new IllegalArgumentException("a page names " + name + ", which this test cannot check: add it to "
                + LibraryVersions.class.getSimpleName() + " (the root pom's artifact, or the jar it brings)");
    }
}
