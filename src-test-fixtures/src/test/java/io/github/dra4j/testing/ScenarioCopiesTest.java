package io.github.dra4j.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keeps each folder of scenario copies in sync with its source under
 * {@code ../shared/conformance} (relative to the repository root) when that folder exists: same
 * file names and byte-identical content; and every scenario folder's index lists exactly its
 * files.
 */
final class ScenarioCopiesTest {
  private static final Path RESOURCES = Paths.get("src/main/resources");

  static Stream<Arguments> copies() {
    return Stream.of(
        Arguments.of(Scenarios.TRANSCRIBED, "cases"),
        Arguments.of(Scenarios.DIFFERENTIAL, "differential"),
        Arguments.of(Scenarios.UPSTREAM_NEW, "upstream-new"));
  }

  private static Path upstream(String source) {
    Path moduleDir = Paths.get("").toAbsolutePath();
    return moduleDir.getParent().resolve("../shared/conformance").resolve(source).normalize();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("copies")
  void copies_matchUpstream(String folder, String source) throws IOException {
    Path upstream = upstream(source);
    Assumptions.assumeTrue(Files.isDirectory(upstream), "no " + upstream);
    Path copies = RESOURCES.resolve(folder);
    Set<String> theirs = yamlFiles(upstream);
    Set<String> ours = yamlFiles(copies);

    TreeSet<String> missing = new TreeSet<>(theirs);
    missing.removeAll(ours);
    TreeSet<String> extra = new TreeSet<>(ours);
    extra.removeAll(theirs);
    List<String> different = new ArrayList<>();
    for (String f : theirs) {
      if (ours.contains(f) && Files.mismatch(upstream.resolve(f), copies.resolve(f)) != -1) {
        different.add(f);
      }
    }
    assertThat(theirs).as("scenarios in %s", upstream).isNotEmpty();
    assertThat(missing).as("scenarios missing from %s (copy them from %s)", copies, upstream).isEmpty();
    assertThat(extra).as("scenarios in %s that %s does not have", copies, upstream).isEmpty();
    assertThat(different).as("copies that differ from %s", upstream).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {Scenarios.TRANSCRIBED, Scenarios.DIFFERENTIAL, Scenarios.UPSTREAM_NEW, Scenarios.DRA4J})
  void index_listsExactlyTheFiles(String folder) throws IOException {
    List<String> index = new ArrayList<>();
    for (String name : Scenarios.names(folder)) {
      index.add(name + ".yaml");
    }
    assertThat(index).containsExactlyElementsOf(yamlFiles(RESOURCES.resolve(folder)));
  }

  private static Set<String> yamlFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      TreeSet<String> names = new TreeSet<>();
      files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).forEach(names::add);
      return names;
    }
  }
}
