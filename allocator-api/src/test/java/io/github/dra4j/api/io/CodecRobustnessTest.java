package io.github.dra4j.api.io;

import static io.github.dra4j.testing.PathologicalInputs.CEL_MAX_BYTES;
import static io.github.dra4j.testing.PathologicalInputs.MIB;
import static io.github.dra4j.testing.PathologicalInputs.NODE;
import static io.github.dra4j.testing.PathologicalInputs.aliasBomb;
import static io.github.dra4j.testing.PathologicalInputs.celOfLength;
import static io.github.dra4j.testing.PathologicalInputs.deepBlockNesting;
import static io.github.dra4j.testing.PathologicalInputs.deepFlowNesting;
import static io.github.dra4j.testing.PathologicalInputs.deepJsonNesting;
import static io.github.dra4j.testing.PathologicalInputs.deviceClass;
import static io.github.dra4j.testing.PathologicalInputs.documents;
import static io.github.dra4j.testing.PathologicalInputs.slice;
import static io.github.dra4j.testing.PathologicalInputs.stringAttribute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.validation.Validator;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pathological documents end with a {@link DecodeException} naming the problem and its limit,
 * or decode and then fail validation at the right field path; how long that takes is measured
 * by HostileInputBenchmark in allocator-bench, not asserted here. The inputs are the shared
 * {@code PathologicalInputs}, which the command line's robustness test feeds through
 * {@code dra4j}; this test lives in src-test-fixtures because allocator-api cannot depend on it.
 */
final class CodecRobustnessTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  static Stream<Arguments> malformed() {
    return Stream.of(
        named("flow nesting 100,000 deep", deepFlowNesting(100_000), "Nesting Depth"),
        named("block nesting 5,000 deep", deepBlockNesting(5_000), "Nesting Depth"),
        named("JSON nesting 100,000 deep", deepJsonNesting(100_000), "nesting depth"),
        named("alias bomb", aliasBomb(), "alias"),
        named("quantity 1e1000000", slice(1, "capacity: {mem: {value: 1e1000000}}"),
            "spec.devices[0].capacity"),
        named("quantity of 10,000 digits", slice(1, "capacity: {mem: {value: \"" + "9".repeat(10_000) + "\"}}"),
            "spec.devices[0].capacity"),
        named("integer of 10,000 digits", slice(1, "attributes: {n: {int: " + "9".repeat(10_000) + "}}"),
            "spec.devices[0].attributes"),
        named("string of 1 MiB + 1", stringAttribute(MIB + 1), "String value length"),
        // SnakeYAML's own reader copies its window per 1,024 characters read, so without
        // TextStreamReader one 4 MiB token takes 16 s before any limit can refuse it.
        named("plain string of 8 MiB", stringAttribute(8 * MIB), "String value length"),
        named("quoted string of 8 MiB", slice(1, "attributes: {s: {string: \"" + "x".repeat(8 * MIB) + "\"}}"),
            "String value length"),
        named("comment of 8 MiB", "# " + "x".repeat(8 * MIB) + "\nkind: [", "line 2"),
        named("8 MiB of spaces", "kind: " + " ".repeat(8 * MIB) + "[", "line 1"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void malformed_failsWithDecodeException(String text, String expected) {
    assertThatThrownBy(() -> CODEC.readAll(text, "bad.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("bad.yaml")
        .hasMessageContaining(expected);
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
    ResourceSlice slice = (ResourceSlice) CODEC.readAll(stringAttribute(MIB), "big.yaml").get(0);
    assertThat(Validator.validate(slice)).anySatisfy(e -> {
      assertThat(e.field().toString()).startsWith("spec.devices[0].attributes");
      assertThat(e.type()).isEqualTo(FieldError.Type.TOO_LONG);
    });
  }

  @Test
  void sliceWith100000Devices_decodes_butFailsValidation() throws DecodeException {
    String text = slice(100_000, "");
    ResourceSlice slice = (ResourceSlice) CODEC.readAll(text, "huge.yaml").get(0);
    assertThat(slice.spec().devices()).hasSize(100_000);
    List<FieldError> errors = Validator.validate(slice);
    assertThat(errors).anySatisfy(e -> {
      assertThat(e.type()).isEqualTo(FieldError.Type.TOO_MANY);
      assertThat(e.field().toString()).isEqualTo("spec.devices");
    });
    assertThat(errors).hasSizeLessThan(10);
  }

  @Test
  void celExpressionOf10KiBPlus1_failsValidation() throws DecodeException {
    String overLimit = celOfLength(CEL_MAX_BYTES + 1);
    assertThat(overLimit).hasSize(10 * 1024 + 1);
    assertThat(Validator.validate(decodeClass(celOfLength(CEL_MAX_BYTES)))).isEmpty();
    assertThat(Validator.validate(decodeClass(overLimit))).singleElement().satisfies(e -> {
      assertThat(e.type()).isEqualTo(FieldError.Type.TOO_LONG);
      assertThat(e.field().toString()).isEqualTo("spec.selectors[0].cel.expression");
    });
  }

  @Test
  void readAll_withDocuments_numbersObjectsInOnePass() throws DecodeException {
    // The codec numbers the documents itself, so that no caller parses an input a second time,
    // without the codec's limits, only to number them.
    String text = documents(NODE, "# only a comment\n", """
        apiVersion: v1
        kind: List
        items:
        - {apiVersion: v1, kind: Node, metadata: {name: a}}
        - {apiVersion: v1, kind: Node, metadata: {name: b}}
        """, slice(1, ""));
    List<String> seen = new ArrayList<>();
    CODEC.readAll(text, "docs.yaml", (object, document) -> seen.add(object.getClass().getSimpleName() + "@" + document));
    assertThat(seen).containsExactly("Node@1", "Node@3", "Node@3", "ResourceSlice@4");
    assertThat(CODEC.readAll(text, "docs.yaml")).hasSize(4);
  }

  /* --- helpers --- */

  private static Arguments named(String name, String text, String expected) {
    return Arguments.of(Named.of(name, text), expected);
  }

  private static DeviceClass decodeClass(String expression) throws DecodeException {
    return (DeviceClass) CODEC.readAll(deviceClass("class-a", expression), "class.yaml").get(0);
  }
}
