package io.github.dra4j.api.io.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Fuzzes the YAML/JSON loader: any text either decodes or fails with a {@link DecodeException};
 * whatever decodes is written and read back to equal objects.
 *
 * <p>{@code mvn verify} replays the seed corpus in {@code CodecFuzzTestInputs/readAll} (scenario
 * files and pathological documents); {@code docs/robustness.md} gives the fuzzing command.
 */
final class CodecFuzzTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  @FuzzTest(maxDuration = "2m")
  void readAll(byte[] data) throws DecodeException {
    String text = new String(data, StandardCharsets.UTF_8);
    List<Object> objects;
    try {
      objects = CODEC.readAll(text, "fuzz.yaml");
    } catch (DecodeException e) {
      assertThat(e.getMessage()).contains("fuzz.yaml");
      return;
    }
    List<Object> again = CODEC.readAll(CODEC.writeYaml(objects), "again.yaml");
    assertThat(again).isEqualTo(objects);
  }
}
