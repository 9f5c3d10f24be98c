package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.testing.Examples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The KEP examples of docs/examples through the command line, and the README's main job. */
final class ExamplesCliTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  static Stream<Named<String>> examples() {
    return Examples.names().stream().map(n -> Named.of(n, n));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void allocate_givesTheDocumentedAllocation(String example) throws IOException {
    Examples.Expected expected = Examples.expected(example);
    Cli.Result r = Cli.stdin(Examples.text(example), "allocate", "--node", expected.node(), "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    Map<String, List<String>> got = new LinkedHashMap<>();
    for (Object o : CODEC.readAll(r.out(), "stdout")) {
      ResourceClaim c = (ResourceClaim) o;
      got.put(c.name(), c.allocation().devices().results().stream()
          .map(DeviceRequestAllocationResult::device).toList());
    }
    assertThat(got).containsExactlyEntriesOf(expected.devices());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void validateAndFlatten_acceptTheExample(String example) throws IOException {
    Cli.Result valid = Cli.stdin(Examples.text(example), "validate", "-f", "-");
    Cli.Result flat = Cli.stdin(Examples.text(example), "flatten", "-f", "-");

    assertThat(valid.exit()).as(valid.toString()).isZero();
    assertThat(flat.exit()).as(flat.toString()).isZero();
    assertThat(CODEC.readAll(flat.out(), "stdout")).hasSameSizeAs(Examples.load(example));
    assertThat(flat.out()).doesNotContain("includes:").doesNotContain("mixins:");
  }

  /** The README shows the main job's output; every status it shows must be the real one. */
  @Test
  void readme_showsTheRealOutputOfTheMainJob() throws IOException {
    Path readme = Paths.get("").toAbsolutePath().getParent().resolve("README.md");
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    String command = "./dra4j allocate --node node-1 -f docs/examples/a100-mixins.yaml";
    assertThat(text).contains(command);
    int start = text.indexOf("```yaml\n", text.indexOf(command)) + "```yaml\n".length();
    String shown = text.substring(start, text.indexOf("```", start));

    Cli.Result r = Cli.stdin(Examples.text(Examples.A100_MIXINS), "allocate", "--node", "node-1", "-f", "-");

    assertThat(r.exit()).as(r.toString()).isZero();
    List<String> shownStatuses = statuses(shown);
    assertThat(shownStatuses).hasSize(2);
    assertThat(statuses(r.out())).containsExactlyElementsOf(shownStatuses);
  }

  /** {@return each document's text from its {@code status:} line to the document's end} */
  private static List<String> statuses(String yaml) {
    return Stream.of(yaml.split("(?m)^---\\n"))
        .filter(doc -> doc.contains("\nstatus:\n"))
        .map(doc -> doc.substring(doc.indexOf("\nstatus:\n")).strip())
        .toList();
  }
}
