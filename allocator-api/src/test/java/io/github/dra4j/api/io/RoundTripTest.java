package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Read, write (YAML, JSON list, single JSON) and read again gives equal records, for every
 * conformance scenario and every example file that exists next to this module.
 */
final class RoundTripTest {
  private static final Path SCENARIOS = Path.of("../../shared/conformance/cases");
  private static final Path EXAMPLES = Path.of("../docs/examples");

  private final KubernetesCodec codec = KubernetesCodec.create();

  @TestFactory
  Stream<DynamicTest> everyScenario_roundTripsThroughYamlAndJson() throws IOException {
    Assumptions.assumeTrue(Files.isDirectory(SCENARIOS), "no scenario folder at " + SCENARIOS);
    List<Path> files = yamlFiles(SCENARIOS);
    assertThat(files).isNotEmpty();
    return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
      List<Object> objects = roundTrip(f);
      assertThat(objects.get(0)).isInstanceOfSatisfying(UnknownObject.class,
          h -> assertThat(h.kind()).isEqualTo("AllocationScenario"));
      assertThat(objects).hasAtLeastOneElementOfType(Node.class);
      assertThat(objects.subList(1, objects.size()))
          .allMatch(o -> o instanceof Node || o instanceof ResourceSlice
              || o instanceof DeviceClass || o instanceof ResourceClaim);
    }));
  }

  @TestFactory
  Stream<DynamicTest> everyExample_roundTripsThroughYamlAndJson() throws IOException {
    Assumptions.assumeTrue(Files.isDirectory(EXAMPLES), "no examples folder at " + EXAMPLES);
    return yamlFiles(EXAMPLES).stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(),
        () -> assertThat(roundTrip(f)).isNotEmpty()));
  }

  private List<Object> roundTrip(Path file) throws IOException {
    List<Object> objects = codec.readAll(Files.readString(file), file.toString());
    assertThat(codec.readAll(codec.writeYaml(objects), "yaml")).isEqualTo(objects);
    assertThat(codec.readAll(codec.writeJsonList(objects), "json")).isEqualTo(objects);
    for (Object o : objects) {
      assertThat(codec.read(codec.writeJson(o), o.getClass())).isEqualTo(o);
    }
    return objects;
  }

  private static List<Path> yamlFiles(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
          .sorted()
          .collect(Collectors.toList());
    }
  }
}
