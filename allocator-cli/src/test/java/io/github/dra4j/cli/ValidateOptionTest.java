package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** {@code --validate=strict|warn|ignore} on every command that reads input. */
final class ValidateOptionTest {
  /** Two gpus; the claim asks for All with a lower-cased field, so dropping it gives one device. */
  private static final String INPUT = String.join("\n",
      "apiVersion: v1",
      "kind: Node",
      "metadata: {name: node-1}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: DeviceClass",
      "metadata: {name: gpu}",
      "spec: {selectors: [{cel: {expression: 'true'}}]}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: s}",
      "spec:",
      "  driver: gpu.example.com",
      "  nodeName: node-1",
      "  pool: {name: p, resourceSliceCount: 1}",
      "  devices: [{name: gpu-0}, {name: gpu-1}]",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaim",
      "metadata: {name: typo, namespace: default}",
      "spec:",
      "  devices:",
      "    requests:",
      "    - name: gpus",
      "      exactly: {deviceClassName: gpu, allocationmode: All}",
      "");

  private static final String PATH = "<stdin>, document 4 (ResourceClaim/typo), "
      + "spec.devices.requests[0].exactly.allocationmode: unknown field \"allocationmode\", "
      + "did you mean \"allocationMode\"?";

  static Stream<Arguments> modes() {
    return Stream.of(
        // args, exit, stderr has the message, as a warning
        Arguments.of(new String[0], 2, true, false),
        Arguments.of(new String[] {"--validate=strict"}, 2, true, false),
        Arguments.of(new String[] {"--validate", "true"}, 2, true, false),
        Arguments.of(new String[] {"--validate=warn"}, 0, true, true),
        Arguments.of(new String[] {"--validate=WARN"}, 0, true, true),
        Arguments.of(new String[] {"--validate=ignore"}, 0, false, false),
        Arguments.of(new String[] {"--validate=false"}, 0, false, false));
  }

  @ParameterizedTest
  @MethodSource("modes")
  void allocate_unknownField_failsWhenStrict_warnsWhenWarn_isDroppedWhenIgnore(String[] validate, int exit, boolean named, boolean warning) {
    String[] args = Stream.concat(Stream.of("allocate", "--node", "node-1", "-f", "-", "-o", "json"),
        Stream.of(validate)).toArray(String[]::new);

    Cli.Result r = Cli.stdin(INPUT, args);

    assertThat(r.exit()).as(r.toString()).isEqualTo(exit);
    assertThat(r.err().contains(PATH)).as(r.toString()).isEqualTo(named);
    assertThat(r.err().contains("warning: " + PATH)).as(r.toString()).isEqualTo(warning);
    if (exit == 0) {
      // the field is dropped: one device (ExactCount), not both (All)
      assertThat(r.out()).contains("gpu-0").doesNotContain("gpu-1");
    }
  }

  @ParameterizedTest
  @MethodSource("modes")
  void validate_unknownField_failsWhenStrict_warnsWhenWarn_isSilentWhenIgnore(String[] validate, int exit, boolean named, boolean warning) {
    String[] args = Stream.concat(Stream.of("validate", "-f", "-"), Stream.of(validate)).toArray(String[]::new);

    Cli.Result r = Cli.stdin(INPUT, args);

    assertThat(r.exit()).as(r.toString()).isEqualTo(exit);
    assertThat(r.err().contains(PATH)).as(r.toString()).isEqualTo(named);
    assertThat(r.err().contains("warning: " + PATH)).as(r.toString()).isEqualTo(warning);
  }

  @ParameterizedTest
  @MethodSource("modes")
  void flatten_unknownField_failsWhenStrict_passesOtherwise(String[] validate, int exit, boolean named, boolean warning) {
    String[] args = Stream.concat(Stream.of("flatten", "-f", "-"), Stream.of(validate)).toArray(String[]::new);

    Cli.Result r = Cli.stdin(INPUT, args);

    assertThat(r.exit()).as(r.toString()).isEqualTo(exit);
    assertThat(r.err().contains(PATH)).as(r.toString()).isEqualTo(named);
  }

  @Test
  void otherValuesAreAUsageError() {
    Cli.Result r = Cli.stdin(INPUT, "validate", "-f", "-", "--validate=lenient");

    assertThat(r.exit()).as(r.toString()).isEqualTo(2);
    assertThat(r.err()).contains("'lenient' is not one of strict, warn, ignore");
  }
}
