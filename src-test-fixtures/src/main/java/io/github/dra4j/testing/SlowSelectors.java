package io.github.dra4j.testing;

/**
 * A valid cluster whose one device class has a selector that costs seconds per device, within
 * the CEL cost limit: the input of the deadline tests and of {@code DeadlineBenchmark}. Node
 * {@code node-1}, class {@code slow}, one slice of {@code driver-a} whose devices carry a
 * string attribute {@code text}, and the claim {@code default/claim-1} for one device of the
 * class.
 */
public final class SlowSelectors {

  /**
   * A regular expression that re2j needs about 3 s to match against a million a's (it does not
   * match), at a cost of about 314,000, under the limit.
   */
  public static final String REGEX = "device.attributes[\"driver-a\"].text.matches(\"(.*a){10}b\")";

  private SlowSelectors() {}

  /**
   * Returns the cluster as multi-document YAML.
   *
   * @param selector the class's CEL selector, without single quotes
   * @param devices how many devices the slice has
   * @param textLength how many a's each device's {@code text} attribute holds
   * @return the documents: Node, DeviceClass, ResourceSlice, ResourceClaim
   */
  public static String cluster(String selector, int devices, int textLength) {
    String text = "\"" + "a".repeat(textLength) + "\"";
    StringBuilder list = new StringBuilder();
    for (int i = 0; i < devices; i++) {
      list.append("    - {name: device-").append(i).append(", attributes: {text: {string: ").append(text).append("}}}\n");
    }
    return """
        apiVersion: v1
        kind: Node
        metadata: {name: node-1}
        ---
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: slow}
        spec:
          selectors:
          - cel: {expression: '%s'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: slice-1}
        spec:
          driver: driver-a
          pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
          nodeName: node-1
          devices:
        %s---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-1, namespace: default}
        spec:
          devices:
            requests:
            - name: req-0
              exactly: {deviceClassName: slow}
        """.formatted(selector, list);
  }
}
