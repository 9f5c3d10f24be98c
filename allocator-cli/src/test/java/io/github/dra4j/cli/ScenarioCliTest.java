package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.testing.Expectation;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.ScenarioVerifier;
import io.github.dra4j.testing.Scenarios;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every scenario of src-test-fixtures (the transcribed, differential, upstream-new and
 * dra4j folders) through {@link Dra4j#run} exactly as the conformance
 * runner ({@code run-scenarios}) runs the {@code dra4j} command: all nine gates, the objects
 * (with the synthesized in-use claims) in one file, JSON output; then maps the exit code to the
 * outcome and compares with {@link ScenarioVerifier}.
 */
final class ScenarioCliTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  @TempDir Path dir;

  @TestFactory
  Stream<DynamicContainer> everyScenario_cliExitsAndPrintsTheExpectedOutcome() {
    return Stream.of(Scenarios.TRANSCRIBED, Scenarios.DIFFERENTIAL, Scenarios.UPSTREAM_NEW, Scenarios.DRA4J)
        .map(folder ->
        DynamicContainer.dynamicContainer(folder, Scenarios.all(folder).stream()
            .map(s -> DynamicTest.dynamicTest(s.name(), () -> runScenario(s)))));
  }

  private void runScenario(Scenario s) throws IOException {
    Path file = Files.writeString(dir.resolve(s.name() + ".yaml"), CODEC.writeYaml(s.objects()), StandardCharsets.UTF_8);
    Cli.Result r = Cli.run(arguments(s, file).toArray(String[]::new));

    String outcome;
    List<ResourceClaim> claims = new ArrayList<>();
    switch (r.exit()) {
      case 0:
        outcome = Expectation.ALLOCATED;
        for (Object o : CODEC.readAll(r.out(), "stdout")) {
          assertThat(o).as(r.toString()).isInstanceOf(ResourceClaim.class);
          claims.add((ResourceClaim) o);
        }
        assertThat(Cli.isJsonList(r.out())).as("stdout is a JSON List: %s", r).isTrue();
        break;
      case 1:
        outcome = Expectation.UNSATISFIABLE;
        assertThat(r.out()).as("stdout of exit 1").isEmpty();
        break;
      case 2:
        outcome = Expectation.ERROR;
        assertThat(r.out()).as("stdout of exit 2").isEmpty();
        assertThat(r.err()).as("no stack trace").doesNotContain("\tat ");
        break;
      default:
        fail("crashed: " + r);
        return;
    }
    Optional<String> mismatch = ScenarioVerifier.verify(s, outcome, claims, r.err());
    assertThat(mismatch).as("%s%n%s", s.name(), r).isEmpty();
  }

  /**
   * The argument list run-scenarios builds: the header's gates (the nine of the format), so the
   * gates the format does not name keep the CLI's default, on.
   */
  static List<String> arguments(Scenario s, Path file) {
    StringJoiner gates = new StringJoiner(",");
    s.featureGates().forEach((gate, on) -> gates.add(gate + "=" + (Boolean.TRUE.equals(on) ? "true" : "false")));
    return List.of("allocate", "--node", s.node(), "--feature-gates", gates.toString(),
        "-f", file.toString(), "-o", "json");
  }
}
