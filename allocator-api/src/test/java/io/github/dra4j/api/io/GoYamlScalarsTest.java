package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.ResourceSlice;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plain YAML scalars read as sigs.k8s.io/yaml's YAMLToJSON reads them for kubectl and the API
 * server: go-yaml v2 resolves them, keys become JSON strings (convertToJSONableObject), values are
 * written by encoding/json; the expectations are what that Go code gives.
 */
final class GoYamlScalarsTest {
  private final List<DecodeException> warnings = new ArrayList<>();
  private final KubernetesCodec codec = KubernetesCodec.create().withFieldValidation(FieldValidation.STRICT, warnings::add);

  /* --- keys --- */

  static Stream<Arguments> keys() {
    return Stream.of(
        key("n", "false"), key("Y", "true"), key("yes", "true"), key("off", "false"), key("True", "true"),
        key("010", "8"), key("0x1F", "31"), key("0o17", "15"), key("0X1F", "31"), key("1_000", "1000"),
        key("-7", "-7"), key("1.5", "1.5"), key("1e3", "1000"), key("0.1", "0.1"),
        // FormatFloat(f, 'g', -1, 32): float32 digits, %e from exponent 6 or below -4
        key("3.14159265358979", "3.1415927"), key("1e6", "1e+06"), key("123456.0", "123456"),
        key("1e20", "1e+20"), key("0.0001", "0.0001"), key("0.00001", "1e-05"), key("-2.5e-10", "-2.5e-10"),
        key(".inf", ".inf"), key("-.Inf", "-.inf"), key(".NaN", ".nan"),
        key("2025-01-01", "2025-01-01"), key("10:30", "10:30"), key("'n'", "n"), key("\"010\"", "010"));
  }

  private static Arguments key(String yaml, String json) {
    return Arguments.of(Named.of(yaml, yaml), json);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keys")
  void plainKey_becomesTheJsonKeyKubernetesWrites(String yaml, String json) throws Exception {
    UnknownObject o = (UnknownObject) codec.readAll("kind: ConfigMap\ndata: {" + yaml + ": 1}\n", "k.yaml").get(0);

    assertThat(o.content().json()).isEqualTo("{\"kind\":\"ConfigMap\",\"data\":{\"" + json + "\":1}}");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedKeys")
  void keyKubernetesRefuses_isAnError(String yaml, String detail) {
    assertThatThrownBy(() -> codec.readAll("kind: ConfigMap\ndata:\n  " + yaml + ": 1\n", "k.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("k.yaml, document 1")
        .hasMessageContaining(detail)
        .hasMessageContaining("line 3");
  }

  static Stream<Arguments> refusedKeys() {
    return Stream.of(
        Arguments.of(Named.of("null", "null"), "unsupported map key: null"),
        Arguments.of(Named.of("~", "~"), "unsupported map key: null"),
        Arguments.of(Named.of("uint64", "18446744073709551615"), "unsigned 64-bit integer"));
  }

  /* --- values --- */

  static Stream<Arguments> values() {
    return Stream.of(
        value("yes", "true"), value("N", "false"), value("010", "8"), value("0b101", "5"), value("1_000", "1000"),
        value("+12", "12"), value("9223372036854775808", "9223372036854775808"),
        value("18446744073709551615", "18446744073709551615"),
        // beyond uint64: a float64, as strconv.ParseFloat then encoding/json give it
        value("123456789012345678901234567890", "1.2345678901234568E+29"),
        value("2.50", "2.5"), value("100.0", "100"), value("1e3", "1000"), value("1e21", "1E+21"),
        value("1e20", "100000000000000000000"), value("0.000001", "0.000001"), value("1e-7", "1E-7"),
        value("0x_1F", "31"), value("10:30", "\"10:30\""),
        value("2025-01-01T00:00:00Z", "\"2025-01-01T00:00:00Z\""), value("0x1234567890abcdef12", "\"0x1234567890abcdef12\""));
  }

  private static Arguments value(String yaml, String json) {
    return Arguments.of(Named.of(yaml, yaml), json);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("values")
  void plainValue_becomesTheJsonKubernetesWrites(String yaml, String json) throws Exception {
    UnknownObject o = (UnknownObject) codec.readAll("kind: ConfigMap\nv: " + yaml + "\n", "v.yaml").get(0);

    assertThat(o.content().json()).isEqualTo("{\"kind\":\"ConfigMap\",\"v\":" + json + "}");
  }

  @Test
  void infinityAndNaN_areRefusedAsJsonCannotHoldThem() {
    for (String v : List.of(".inf", "-.INF", ".nan")) {
      assertThatThrownBy(() -> codec.readAll("kind: ConfigMap\nv: " + v + "\n", "v.yaml"))
          .isInstanceOf(DecodeException.class)
          .hasMessageContaining("v.yaml, document 1")
          .hasMessageContaining("json: unsupported value");
    }
  }

  /* --- where a field wants a string --- */

  @Test
  void booleanInAStringField_isRefusedAsTheApiServerRefusesIt() {
    String yaml = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\n"
        + "spec: {driver: d, pool: {name: p}, devices: [{name: a, attributes: {x: {string: Y}}}]}\n";

    assertThatThrownBy(() -> codec.readAll(yaml, "s.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("s.yaml, document 1 (ResourceSlice/s), spec.devices[0].attributes.x.string: "
            + "expected a string, got boolean true: the plain value Y is read as true, as kubectl does; quote it");
  }

  @Test
  void quotedScalars_stayStrings() throws Exception {
    String yaml = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: s}\n"
        + "spec: {driver: d, pool: {name: p}, devices: [{name: a, attributes: {x: {string: 'Y'}, z: {string: \"010\"}}}]}\n";

    ResourceSlice s = (ResourceSlice) codec.readAll(yaml, "s.yaml").get(0);

    assertThat(s.spec().devices().get(0).attributes().get("x").toString()).contains("Y");
    assertThat(s.spec().devices().get(0).attributes().get("z").toString()).contains("010");
    assertThat(warnings).isEmpty();
  }

  /* --- warnings beyond kubectl --- */

  @Test
  void changedPlainScalars_areWarnedWithFileDocumentObjectAndPath() throws Exception {
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: other}\n---\n"
        + "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: c}\n"
        + "spec: {config: [{opaque: {driver: d, parameters: {n: 1, mode: on, size: 010, ok: true, id: 7}}}]}\n";

    DeviceClass c = (DeviceClass) codec.readAll(yaml, "c.yaml").get(1);

    assertThat(c.spec().config().get(0).opaque().parameters().json())
        .isEqualTo("{\"false\":1,\"mode\":true,\"size\":8,\"ok\":true,\"id\":7}");
    assertThat(warnings).extracting(DecodeException::getMessage).containsExactly(
        "c.yaml, document 2 (DeviceClass/c), spec.config[0].opaque.parameters.false: "
            + "key n is read as false, as kubectl does; quote it",
        "c.yaml, document 2 (DeviceClass/c), spec.config[0].opaque.parameters.mode: "
            + "value on is read as true, as kubectl does; quote it if a string is meant",
        "c.yaml, document 2 (DeviceClass/c), spec.config[0].opaque.parameters.size: "
            + "value 010 is read as 8, as kubectl does; quote it if a string is meant");
  }

  @Test
  void listItems_warnUnderTheirOwnObject() throws Exception {
    String yaml = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n"
        + "- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: b}\n  data: {Y: x}\n";

    List<Object> objects = codec.readAll(yaml, "l.yaml");

    assertThat(objects).hasSize(2);
    assertThat(warnings).extracting(DecodeException::objectRef).containsExactly("ConfigMap/b");
    assertThat(warnings).extracting(DecodeException::path).containsExactly("items[1].data.true");
  }
}
