package io.github.dra4j.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Keeps the scenario copies in sync with {@code ../shared/conformance/cases} (relative to the
 * repository root) when that folder exists: same file names, byte-identical content, and an
 * index that lists exactly the copies.
 */
final class ScenarioCopiesTest {
  private static final Path COPIES = Paths.get("src/main/resources/scenarios");

  private static Path upstream() {
    Path moduleDir = Paths.get("").toAbsolutePath();
    return moduleDir.getParent().resolve("../shared/conformance/cases").normalize();
  }

  @Test
  void copies_matchUpstreamCases() throws IOException {
    Path upstream = upstream();
    Assumptions.assumeTrue(Files.isDirectory(upstream), "no " + upstream);
    TreeSet<String> theirs = yamlFiles(upstream);
    TreeSet<String> ours = yamlFiles(COPIES);

    TreeSet<String> missing = new TreeSet<>(theirs);
    missing.removeAll(ours);
    TreeSet<String> extra = new TreeSet<>(ours);
    extra.removeAll(theirs);
    List<String> different = new ArrayList<>();
    for (String f : theirs) {
      if (ours.contains(f) && Files.mismatch(upstream.resolve(f), COPIES.resolve(f)) != -1) {
        different.add(f);
      }
    }
    assertThat(missing).as("scenarios missing from %s (copy them from %s)", COPIES, upstream).isEmpty();
    assertThat(extra).as("scenarios in %s that %s does not have", COPIES, upstream).isEmpty();
    assertThat(different).as("copies that differ from %s", upstream).isEmpty();
  }

  @Test
  void index_listsExactlyTheCopies() throws IOException {
    List<String> index = new ArrayList<>();
    for (String name : Scenarios.names()) {
      index.add(name + ".yaml");
    }
    assertThat(index).containsExactlyElementsOf(yamlFiles(COPIES));
  }

  private static TreeSet<String> yamlFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      TreeSet<String> names = new TreeSet<>();
      files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).forEach(names::add);
      return names;
    }
  }
}
