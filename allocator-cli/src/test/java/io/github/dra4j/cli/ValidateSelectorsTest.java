package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code validate} compiles CEL selectors as the API server does for new objects. */
final class ValidateSelectorsTest {
  /** Five levels of nested {@code all} over attribute maps: the reference's just-over-limit cost. */
  private static final String TOO_EXPENSIVE = "device.attributes.all(x, device.attributes.all(y, "
      + "device.attributes.all(z, device.attributes.all(w, device.attributes.all(v, "
      + "device.attributes.all(u, true))))))";

  /** {@return the expression as a single-quoted YAML scalar} */
  private static String quoted(String expression) {
    return "'" + expression.replace("'", "''") + "'";
  }

  private static String deviceClass(String expression) {
    return String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: DeviceClass",
        "metadata: {name: gpu}",
        "spec: {selectors: [{cel: {expression: 'true'}}, {cel: {expression: " + quoted(expression) + "}}]}",
        "");
  }

  private static String claim(String expression) {
    return String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaim",
        "metadata: {name: c, namespace: default}",
        "spec:",
        "  devices:",
        "    requests:",
        "    - name: r",
        "      firstAvailable:",
        "      - {name: a, deviceClassName: gpu}",
        "      - {name: b, deviceClassName: gpu, selectors: [{cel: {expression: " + quoted(expression) + "}}]}",
        "");
  }

  private static String template(String expression) {
    return String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceClaimTemplate",
        "metadata: {name: t, namespace: default}",
        "spec:",
        "  spec:",
        "    devices:",
        "      requests:",
        "      - name: r",
        "        exactly: {deviceClassName: gpu, selectors: [{cel: {expression: " + quoted(expression) + "}}]}",
        "");
  }

  /** The class that claims and templates name, so that only their selectors are in question. */
  private static final String GPU = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\n---\n";

  static Stream<Arguments> cases() {
    String cls = "spec.selectors[1].cel.expression";
    String sub = "spec.devices.requests[0].firstAvailable[1].selectors[0].cel.expression";
    String tpl = "spec.spec.devices.requests[0].exactly.selectors[0].cel.expression";
    return Stream.of(
        // input, exit, what stderr must hold (empty: stdout says valid)
        Arguments.of(deviceClass("device.driver == \"gpu.example.com\""), 0, ""),
        Arguments.of(deviceClass("device.atributes[\"x\"].model == \"a\""), 2,
            "DeviceClass/gpu: " + cls + ": Invalid value:"),
        Arguments.of(deviceClass("device.driver == "), 2, "DeviceClass/gpu: " + cls + ": Invalid value:"),
        Arguments.of(deviceClass(TOO_EXPENSIVE), 2,
            "DeviceClass/gpu: " + cls + ": Forbidden: too complex, exceeds cost limit"),
        Arguments.of(GPU + claim("device.attributes[\"x\"].?model.orValue(\"\") == \"a\""), 0, ""),
        Arguments.of(GPU + claim("device.driver + 1"), 2, "ResourceClaim/default/c: " + sub + ": Invalid value:"),
        Arguments.of(GPU + template("device.capacity[\"x\"].memory.isGreaterThan(quantity(\"1Gi\"))"), 0, ""),
        Arguments.of(GPU + template("1 == "), 2, "ResourceClaimTemplate/default/t: " + tpl + ": Invalid value:"));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void reportsWhatTheApiServerRefuses(String input, int exit, String error) {
    Cli.Result r = Cli.stdin(input, "validate", "-f", "-");
    assertThat(r.exit()).as(r.err()).isEqualTo(exit);
    if (error.isEmpty()) {
      assertThat(r.out()).endsWith(" valid\n");
    } else {
      assertThat(r.err()).contains(error);
    }
  }
}
