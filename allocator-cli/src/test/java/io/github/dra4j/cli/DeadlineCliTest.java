package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code allocate --timeout} holds inside selector evaluation: a valid cluster whose selector
 * spends seconds on each device (a regular expression over attribute values of a million
 * characters, within the cost limit) ends with exit 2 and the deadline named, instead of running
 * to the end of every evaluation.
 */
final class DeadlineCliTest {

  private static final String INPUT = """
      apiVersion: v1
      kind: Node
      metadata: {name: node-1}
      ---
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata: {name: slow}
      spec:
        selectors:
        - cel: {expression: 'device.attributes["driver-a"].text.matches("(.*a){10}b")'}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
        devices:
        - {name: device-1, attributes: {text: {string: %1$s}}}
        - {name: device-2, attributes: {text: {string: %1$s}}}
        - {name: device-3, attributes: {text: {string: %1$s}}}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: claim-1, namespace: default}
      spec:
        devices:
          requests:
          - name: req-0
            exactly: {deviceClassName: slow}
      """.formatted("a".repeat(1_000_000));

  @Test
  void timeout_stopsASlowSelectorWithExit2() {
    Cli.Result r = Cli.stdin(INPUT, "allocate", "--node", "node-1", "-f", "-", "--timeout", "300ms");
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("filter operation aborted: deadline ").contains(" exceeded")
        .contains("(--timeout reached; raise it to search longer)").doesNotContain("\tat ");
  }
}
