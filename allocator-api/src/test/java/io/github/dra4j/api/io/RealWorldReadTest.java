package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Namespace;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaimTemplate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The driver demo folders and cluster dumps of the shared real-world corpus: the Pods and
 * ResourceClaimTemplates they hold are read as records, and every file that reads writes back
 * to equal records. (Files meant to fail, such as misspelled fields, are the acceptance
 * cases' to judge; here a file that does not read is only left out of the round trip.)
 */
final class RealWorldReadTest {
  private static final Path CORPUS = Path.of("../../shared/real-world");

  private final KubernetesCodec codec = KubernetesCodec.create();

  @Test
  void demoFolders_readPodsAndTemplates_andRoundTrip() throws IOException {
    Assumptions.assumeTrue(Files.isDirectory(CORPUS), "no real-world folder at " + CORPUS);
    List<Path> files;
    try (Stream<Path> s = Files.walk(CORPUS)) {
      files = s.filter(p -> p.toString().matches(".*\\.(yaml|yml|json)$"))
          .filter(p -> !p.getFileName().toString().equals("cases.yaml"))
          .sorted()
          .collect(Collectors.toList());
    }
    List<Object> all = new ArrayList<>();
    int read = 0;
    for (Path file : files) {
      List<Object> objects;
      try {
        objects = codec.readAll(Files.readString(file), file.toString());
      } catch (DecodeException e) {
        continue;
      }
      read++;
      all.addAll(objects);
      assertThat(codec.readAll(codec.writeYaml(objects), file + " again")).as(file.toString()).isEqualTo(objects);
    }
    assertThat(read).isGreaterThan(files.size() / 2);
    assertThat(all).filteredOn(Pod.class::isInstance).hasSizeGreaterThan(10);
    assertThat(all).filteredOn(ResourceClaimTemplate.class::isInstance).hasSizeGreaterThan(10);
    assertThat(all).filteredOn(UnknownObject.class::isInstance).extracting(o -> ((UnknownObject) o).kind())
        .contains("Deployment");
    assertThat(all).filteredOn(Namespace.class::isInstance).isNotEmpty();
  }
}
