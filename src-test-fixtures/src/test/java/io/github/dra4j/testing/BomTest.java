package io.github.dra4j.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * dra4j-bom has no parent (so importing it pins nothing but dra4j), hence nothing keeps it in
 * step with the build by construction: this test does. It manages every module the parent builds
 * and allocator-api's test-jar, at the parent's version, and no other artifact; and every artifact
 * the docs tell users to depend on is among them.
 */
final class BomTest {
  private static final Path ROOT = Paths.get("").toAbsolutePath().getParent();

  @Test
  void bom_managesExactlyTheModules_atTheParentsVersion() throws Exception {
    Element parent = read(ROOT.resolve("pom.xml"));
    Element bom = read(ROOT.resolve("dra4j-bom/pom.xml"));

    assertThat(text(bom, "groupId")).isEqualTo(text(parent, "groupId"));
    assertThat(text(bom, "version")).isEqualTo(text(parent, "version"));

    List<String> modules = new ArrayList<>();
    for (Element module : children(child(parent, "modules"), "module")) {
      modules.add(module.getTextContent().trim());
    }
    assertThat(modules).contains("dra4j-bom");
    modules.remove("dra4j-bom");

    List<String> expected = new ArrayList<>();
    modules.forEach(m -> expected.add(m + ":jar"));
    expected.add("allocator-api:test-jar");
    assertThat(managed(bom)).containsExactlyInAnyOrderElementsOf(expected);
  }

  /**
   * Every dependency the docs tell users to add, the README's snippet and docs/library.md's
   * table, is one the BOM manages: a user who imports the BOM needs no version for any of them.
   */
  @Test
  void bom_managesEveryDependencyTheDocsName() throws Exception {
    List<String> managed = managed(read(ROOT.resolve("dra4j-bom/pom.xml")));
    List<String> named = new ArrayList<>();
    String readme = Files.readString(ROOT.resolve("README.md"));
    Matcher xml = Pattern.compile("<artifactId>([\\w-]+)</artifactId>\\s*(?:<!--[^>]*-->\\s*)?(?:<type>([\\w-]+)</type>)?")
        .matcher(readme.substring(readme.indexOf("</dependencyManagement>")));
    while (xml.find()) {
      named.add(xml.group(1) + ":" + (xml.group(2) == null ? "jar" : xml.group(2)));
    }
    String library = Files.readString(ROOT.resolve("docs/library.md"));
    int section = library.indexOf("## Dependencies");
    String dependencies = library.substring(section, library.indexOf("\n## ", section));
    Matcher table = Pattern.compile("(?m)^\\| `([\\w-]+)`(?: with `<type>([\\w-]+)</type>`)?").matcher(dependencies);
    while (table.find()) {
      named.add(table.group(1) + ":" + (table.group(2) == null ? "jar" : table.group(2)));
    }

    assertThat(named).contains("allocator-cel:jar", "allocator-fabric8:jar", "allocator-api:test-jar",
        "allocator-bench:jar");
    assertThat(managed).containsAll(named);
  }

  /** {@return the BOM's managed artifacts as {@code artifactId:type}} */
  private static List<String> managed(Element bom) {
    List<String> managed = new ArrayList<>();
    for (Element dependency : children(child(child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
      assertThat(text(dependency, "groupId")).isEqualTo("io.github.dra4j");
      assertThat(text(dependency, "version")).isEqualTo("${project.version}");
      List<Element> type = children(dependency, "type");
      managed.add(text(dependency, "artifactId") + ":" + (type.isEmpty() ? "jar" : type.get(0).getTextContent().trim()));
    }
    return managed;
  }

  private static Element read(Path pom) throws Exception {
    Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    return document.getDocumentElement();
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    assertThat(found).as("<%s> in <%s>", name, parent.getTagName()).hasSize(1);
    return found.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node node = nodes.item(i);
      if (node instanceof Element e && e.getTagName().equals(name)) {
        found.add(e);
      }
    }
    return found;
  }

  private static String text(Element parent, String name) {
    return child(parent, name).getTextContent().trim();
  }
}
