package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.simulation.DurationDistribution;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.api.simulation.Timeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** spec.workload.rate, .trace, .sampleInterval and podKinds[].duration: what is read, and each error's place. */
final class TimelineReaderTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static String document(String workload, String kindExtra) {
    return String.join("\n",
        "apiVersion: simulation.dra4j.io/v1",
        "kind: Simulation",
        "metadata: {name: t}",
        "spec:",
        "  cluster:",
        "    nodeGroups:",
        "    - {name: box, count: 1, node: {metadata: {name: box}}}",
        "  workload:",
        workload,
        "    podKinds:",
        "    - name: small",
        kindExtra,
        "      pod: {metadata: {name: small}, spec: {containers: [{name: c}]}}",
        "    - name: large",
        "      pod: {metadata: {name: large}, spec: {containers: [{name: c}]}}",
        "");
  }

  private static SimulationSpec read(Path dir, String text) throws IOException {
    Path file = dir.resolve("sim.yaml");
    Files.writeString(file, text);
    return SimulationReader.read(file, CODEC);
  }

  @Test
  void rateAndDurations(@TempDir Path dir) throws IOException {
    SimulationSpec spec = read(dir, document("    rate: 1/30s\n    count: 10\n    sampleInterval: 90s",
        "      duration: {distribution: uniform, min: 10m, max: 1h}"));
    Timeline t = spec.timeline();
    assertThat(t).isNotNull();
    assertThat(t.rate()).isEqualTo(1 / 30.0);
    assertThat(t.sampleInterval()).isEqualTo(Duration.ofSeconds(90));
    assertThat(t.durations()).containsExactlyEntriesOf(java.util.Map.of("small",
        DurationDistribution.uniform(Duration.ofMinutes(10), Duration.ofHours(1))));
    assertThat(spec.arrivals().count()).isEqualTo(10);
    assertThat(read(dir, document("    count: 3", "      lifetime: 2")).timeline()).isNull();
  }

  @Test
  void aTraceInRfc3339Times_relativeToItsFirstLine(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("t.csv"), "# a comment\n2024-05-01T10:00:00Z,small,30m\n\n"
        + "2024-05-01T10:01:30+00:00,large,\n");
    SimulationSpec spec = read(dir, document("    trace: t.csv", "      duration: 1h"));
    assertThat(spec.timeline().trace()).containsExactly(
        new Timeline.TraceArrival(Duration.ZERO, "small", Duration.ofMinutes(30)),
        new Timeline.TraceArrival(Duration.ofSeconds(90), "large", null));
    assertThat(spec.arrivals().count()).isEqualTo(2);
    assertThat(spec.arrivals().order()).containsExactly("small", "large");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "bad rate|rate: fast\\ncount: 1||spec.workload.rate: Invalid value: \"fast\": must be arrivals per time",
      "zero rate|rate: 0/h\\ncount: 1||spec.workload.rate: Invalid value: \"0/h\"",
      "rate and trace|rate: 1/s\\ntrace: t.csv||spec.workload.trace: Forbidden: give either rate or trace",
      "duration without time|count: 1|duration: 5m|spec.workload.podKinds[0].duration: Forbidden: a duration is simulated time",
      "lifetime in time|rate: 1/s\\ncount: 1|lifetime: 3|spec.workload.podKinds[0].lifetime: Forbidden: lifetime counts arrivals",
      "bad duration|rate: 1/s\\ncount: 1|duration: 5 minutes|spec.workload.podKinds[0].duration: Invalid value: \"5 minutes\": must be a duration",
      "zero duration|rate: 1/s\\ncount: 1|duration: 0s|spec.workload.podKinds[0].duration: Invalid value: \"0s\": must be above 0",
      "unknown distribution|rate: 1/s\\ncount: 1|duration: {distribution: normal, mean: 1m}|spec.workload.podKinds[0].duration.distribution: Unsupported value: \"normal\"",
      "missing max|rate: 1/s\\ncount: 1|duration: {distribution: uniform, min: 1m}|spec.workload.podKinds[0].duration.max: Required value: a uniform distribution needs max and min",
      "max below min|rate: 1/s\\ncount: 1|duration: {distribution: uniform, min: 2m, max: 1m}|spec.workload.podKinds[0].duration.max: Invalid value: \"1m\": must be at least min",
      "interval without time|count: 1\\nsampleInterval: 1m||spec.workload.sampleInterval: Forbidden",
      "count with a trace|trace: t.csv\\ncount: 4||spec.workload.count: Forbidden: a trace gives the arrivals",
      "trace outside|trace: ../t.csv||spec.workload.trace: Forbidden: \"../t.csv\" is outside the simulation's directory",
      "no trace|trace: none.csv||spec.workload.trace: Not found",
  })
  void badTimeFieldsNameTheirPath(String name, String workload, String kindExtra, String expected, @TempDir Path dir)
      throws IOException {
    Files.writeString(dir.resolve("t.csv"), "0s,small,1m\n");
    String text = document("    " + workload.replace("\\n", "\n    "), "      " + (kindExtra == null ? "weight: 1" : kindExtra));
    assertThatThrownBy(() -> read(dir, text)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("sim.yaml, document 1 (Simulation/t), " + expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "two fields|0s,small|t.csv:1: expected 3 fields (timestamp,kind,duration; the duration may be empty), found 2",
      "unknown kind|0s,huge,1m|t.csv:1, field 2 (kind): Not found: no pod kind has this name; known: small, large",
      "bad time|yesterday,small,1m|t.csv:1, field 1 (timestamp): not an offset from the start (90s, 1h2m) nor an RFC 3339 time",
      "back in time|1m,small,1m\\n30s,small,1m|t.csv:2, field 1 (timestamp): before the previous arrival's time",
      "mixed forms|0s,small,1m\\n2024-05-01T10:00:00Z,small,1m|t.csv:2, field 1 (timestamp): an RFC 3339 time after offsets",
      "bad duration|0s,small,forever|t.csv:1, field 3 (duration): not a duration",
      "zero duration|0s,small,0s|t.csv:1, field 3 (duration): must be above 0",
      "quoted|0s,\"small\",1m|t.csv:1: quoted fields are not supported",
  })
  void badTraceLinesNameTheFileLineAndField_quotingNothing(String name, String lines, String expected,
      @TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("t.csv"), "timestamp,kind,duration\n" + lines.replace("\\n", "\n") + "\n");
    String text = document("    trace: t.csv", "      weight: 1");
    int line = Integer.parseInt(expected.substring("t.csv:".length(), "t.csv:".length() + 1)) + 1;
    String shifted = "t.csv:" + line + expected.substring("t.csv:".length() + 1);
    assertThatThrownBy(() -> read(dir, text)).isInstanceOf(DecodeException.class)
        .hasMessageContaining(dir.resolve(shifted).toString())
        .hasMessageContaining("(named from " + dir.resolve("sim.yaml") + ", spec.workload.trace)")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("yesterday", "forever", "huge"));
  }

  @Test
  void anEmptyTraceIsAnError(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("t.csv"), "timestamp,kind,duration\n# nothing\n");
    assertThatThrownBy(() -> read(dir, document("    trace: t.csv", "      weight: 1")))
        .hasMessageContaining("spec.workload.trace: Invalid value: " + dir.resolve("t.csv") + " holds no arrival");
  }

  @Test
  void aTraceIsBoundedByTheArrivalLimit(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("t.csv"), String.join("\n", List.of("0s,small,1m", "1s,small,1m", "2s,small,1m")));
    Files.writeString(dir.resolve("sim.yaml"), document("    trace: t.csv", "      weight: 1"));
    assertThatThrownBy(() -> SimulationReader.read(dir.resolve("sim.yaml"), CODEC,
        SimulationReader.Options.defaults().withMaxArrivals(2)))
        .hasMessageContaining("t.csv:3: more than the 2 arrivals a simulation may have");
  }
}
