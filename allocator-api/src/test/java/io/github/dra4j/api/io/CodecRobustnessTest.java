package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.validation.Validator;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pathological documents end with a {@link DecodeException} naming the problem, or decode and
 * then fail validation at the right field path, within bounded time (CPU time of the test
 * thread, so a loaded machine does not make the bound flaky).
 */
final class CodecRobustnessTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final Duration LOOSE = Duration.ofSeconds(5);

  static Stream<Arguments> malformed() {
    return Stream.of(
        named("flow nesting 100,000 deep", "metadata: " + "[".repeat(100_000), "Nesting Depth"),
        named("block nesting 5,000 deep", deepBlocks(5_000), "Nesting Depth"),
        named("JSON nesting 100,000 deep", "{\"metadata\": " + "[".repeat(100_000), "nesting depth"),
        named("alias bomb", billionLaughs(), "alias"),
        named("quantity 1e1000000", slice("capacity: {mem: {value: 1e1000000}}"),
            "spec.devices[0].capacity"),
        named("quantity of 10,000 digits", slice("capacity: {mem: {value: \"" + "9".repeat(10_000) + "\"}}"),
            "spec.devices[0].capacity"),
        named("integer of 10,000 digits", slice("attributes: {n: {int: " + "9".repeat(10_000) + "}}"),
            "spec.devices[0].attributes"),
        named("string of 1 MiB + 1", slice("attributes: {s: {string: " + "x".repeat(1024 * 1024 + 1) + "}}"),
            "String value length"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void malformed_failsWithDecodeException(String text, String expected) {
    Duration start = cpu();
    assertThatThrownBy(() -> CODEC.readAll(text, "bad.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("bad.yaml")
        .hasMessageContaining(expected);
    assertThat(cpu().minus(start)).isLessThan(LOOSE);
  }

  @Test
  void quantity_hugeExponentAndDigits_areRejected() {
    assertThatThrownBy(() -> Quantity.parse("1e1000000"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1e1000000");
    assertThatThrownBy(() -> Quantity.parse("9".repeat(10_000)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("longer than");
  }

  @Test
  void attributeStringOf1MiB_decodes_butFailsValidation() throws DecodeException {
    ResourceSlice slice = (ResourceSlice) CODEC.readAll(
        slice("attributes: {s: {string: " + "x".repeat(1024 * 1024) + "}}"), "big.yaml").get(0);
    assertThat(Validator.validate(slice)).anySatisfy(e -> {
      assertThat(e.field().toString()).startsWith("spec.devices[0].attributes");
      assertThat(e.type()).isEqualTo(FieldError.Type.TOO_LONG);
    });
  }

  @Test
  void sliceWith100000Devices_decodes_butFailsValidationQuickly() throws DecodeException {
    StringBuilder text = new StringBuilder(slice(""));
    for (int i = 1; i < 100_000; i++) {
      text.append("  - {name: dev-").append(i).append("}\n");
    }
    Duration start = cpu();
    ResourceSlice slice = (ResourceSlice) CODEC.readAll(text.toString(), "huge.yaml").get(0);
    assertThat(slice.spec().devices()).hasSize(100_000);
    List<FieldError> errors = Validator.validate(slice);
    assertThat(errors).anySatisfy(e -> {
      assertThat(e.type()).isEqualTo(FieldError.Type.TOO_MANY);
      assertThat(e.field().toString()).isEqualTo("spec.devices");
    });
    assertThat(errors).hasSizeLessThan(10);
    assertThat(cpu().minus(start)).isLessThan(LOOSE.multipliedBy(2));
  }

  @Test
  void celExpressionOf10KiBPlus1_failsValidation() throws DecodeException {
    String expression = "device.driver == \"" + "x".repeat(10 * 1024 - 18) + "\"";
    assertThat(expression).hasSize(10 * 1024 + 1);
    DeviceClass atLimit = deviceClass(expression.substring(0, 10 * 1024 - 1) + "\"");
    DeviceClass overLimit = deviceClass(expression);
    assertThat(Validator.validate(atLimit)).isEmpty();
    assertThat(Validator.validate(overLimit)).singleElement().satisfies(e -> {
      assertThat(e.type()).isEqualTo(FieldError.Type.TOO_LONG);
      assertThat(e.field().toString()).isEqualTo("spec.selectors[0].cel.expression");
    });
  }

  /* --- inputs --- */

  private static Duration cpu() {
    return Duration.ofNanos(THREADS.getCurrentThreadCpuTime());
  }

  private static Arguments named(String name, String text, String expected) {
    return Arguments.of(Named.of(name, text), expected);
  }

  private static DeviceClass deviceClass(String expression) throws DecodeException {
    return (DeviceClass) CODEC.readAll("""
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: class-a}
        spec:
          selectors:
          - cel: {expression: '%s'}
        """.formatted(expression), "class.yaml").get(0);
  }

  /** A slice with one device, given extra fields (a flow mapping's content). */
  private static String slice(String deviceFields) {
    return """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: slice-1}
        spec:
          driver: driver-a
          pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
          nodeName: node-1
          devices:
          - {name: dev-0%s}
        """.formatted(deviceFields.isEmpty() ? "" : ", " + deviceFields);
  }

  private static String deepBlocks(int depth) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      b.append(" ".repeat(i)).append('k').append(i).append(":\n");
    }
    return b.append(" ".repeat(depth)).append("v\n").toString();
  }

  private static String billionLaughs() {
    StringBuilder b = new StringBuilder("kind: Lol\nmetadata:\n  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (int i = 1; i < 10; i++) {
      String[] refs = new String[9];
      Arrays.fill(refs, "*a" + (i - 1));
      b.append("  a").append(i).append(": &a").append(i).append(" [").append(String.join(", ", refs)).append("]\n");
    }
    return b.toString();
  }
}
