package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Derived attributes (DRADerivedAttributes) end to end: {@code validate} compiles their CEL as
 * the API server does, {@code allocate} evaluates it for the constraints, and the gate turns the
 * field into an error.
 */
final class DerivedAttributesCliTest {
  private static final String OBJECTS = """
      apiVersion: v1
      kind: Node
      metadata: {name: node-1}
      ---
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata: {name: class-a}
      spec:
        selectors:
        - cel: {expression: 'device.driver == "driver-a"'}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-a}
      spec:
        driver: driver-a
        pool: {name: pool-a, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        devices:
        - {name: gpu-0, attributes: {numa: {int: 0}}}
        - {name: gpu-1, attributes: {numa: {int: 1}}}
        - {name: nic-0, attributes: {socket: {string: "1"}}}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: claim-0, namespace: default}
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: class-a
              selectors:
              - cel: {expression: 'has(device.attributes["driver-a"].numa)'}
              derivedAttributes:
              - {name: derived/numa, expression: 'device.attributes["driver-a"].numa'}
          - name: nic
            exactly:
              deviceClassName: class-a
              selectors:
              - cel: {expression: 'has(device.attributes["driver-a"].socket)'}
              derivedAttributes:
              - {name: derived/numa, expression: EXPRESSION}
          constraints:
          - {matchAttribute: derived/numa}
      """;

  private static String objects(String nicExpression) {
    return OBJECTS.replace("EXPRESSION", nicExpression);
  }

  @Test
  void allocate_matchesOnDerivedValues() {
    Cli.Result r = Cli.stdin(objects("'int(device.attributes[\"driver-a\"].socket)'"), "allocate", "--node", "node-1",
        "-f", "-", "-o", "json");
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out().replace(" ", "")).contains("\"device\":\"gpu-1\"").contains("\"device\":\"nic-0\"");
  }

  @Test
  void allocate_gateOff_isAnError() {
    Cli.Result r = Cli.stdin(objects("'int(device.attributes[\"driver-a\"].socket)'"), "allocate", "--node", "node-1",
        "--feature-gates", "DRADerivedAttributes=false", "-f", "-");
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).contains("cannot handle request with derived attributes, the feature is disabled");
  }

  @Test
  void validate_compilesTheExpressionAsTheApiServer() {
    Cli.Result ok = Cli.stdin(objects("'int(device.attributes[\"driver-a\"].socket)'"), "validate", "-f", "-");
    assertThat(ok.exit()).as(ok.toString()).isZero();

    Cli.Result bad = Cli.stdin(objects("'{\"a\": 1}'"), "validate", "-f", "-");
    assertThat(bad.exit()).as(bad.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(bad.err()).contains("ResourceClaim/default/claim-0: spec.devices.requests[1].exactly.derivedAttributes[0]"
        + ".expression: Invalid value: \"{\"a\": 1}\": must evaluate to a primitive scalar (string, integer, boolean,"
        + " semver) or a list of these scalars, not map(string, int)");
  }
}
