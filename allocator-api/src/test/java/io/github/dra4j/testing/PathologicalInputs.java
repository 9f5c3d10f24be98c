package io.github.dra4j.testing;

import java.util.Collections;

/**
 * Pathological inputs (deep nesting, alias bombs, huge slices and strings) as YAML text, shared by the robustness tests of the codec,
 * the CEL compiler and the command line, so that every layer is tested with the same documents.
 * Each method builds a fresh string; callers that use one input several times keep it.
 */
public final class PathologicalInputs {
  /** One mebibyte, the codec's string limit ({@code KubernetesCodec.MAX_STRING_LENGTH}). */
  public static final int MIB = 1024 * 1024;
  /** The API server's limit on a CEL expression, in bytes. */
  public static final int CEL_MAX_BYTES = 10 * 1024;
  /** The node every input here uses. */
  public static final String NODE = """
      apiVersion: v1
      kind: Node
      metadata: {name: node-1}
      """;

  /** A slice's metadata and spec up to its devices and mixins. */
  private static final String SLICE_SPEC = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: slice-1}
      spec:
        driver: driver-a
        pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
        nodeName: node-1
      """;

  private PathologicalInputs() {}

  /** {@return documents joined with {@code ---} lines} */
  public static String documents(String... documents) {
    return String.join("---\n", documents);
  }

  /** {@return a document whose {@code metadata} opens {@code depth} YAML flow lists} */
  public static String deepFlowNesting(int depth) {
    return "metadata: " + "[".repeat(depth);
  }

  /** {@return a JSON object whose {@code metadata} opens {@code depth} arrays} */
  public static String deepJsonNesting(int depth) {
    return "{\"metadata\": " + "[".repeat(depth);
  }

  /** {@return a document of {@code depth} nested block mappings} */
  public static String deepBlockNesting(int depth) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      b.append(" ".repeat(i)).append('k').append(i).append(":\n");
    }
    return b.append(" ".repeat(depth)).append("v\n").toString();
  }

  /** {@return "billion laughs": ten levels of aliases, each naming the previous nine times} */
  public static String aliasBomb() {
    StringBuilder b = new StringBuilder(
        "kind: Lol\nmetadata:\n  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (int i = 1; i < 10; i++) {
      String previous = "*a" + (i - 1);
      b.append("  a").append(i).append(": &a").append(i).append(" [")
          .append(String.join(", ", Collections.nCopies(9, previous))).append("]\n");
    }
    return b.toString();
  }

  /**
   * Returns a slice {@code slice-1} of driver {@code driver-a} on {@code node-1} with
   * {@code count} devices {@code dev-0 ...}.
   *
   * @param count the number of devices
   * @param firstDeviceFields more fields of {@code dev-0}, as a flow mapping's content
   *     ({@code "attributes: {a: {int: 1}}"}), or empty
   * @return the document
   */
  public static String slice(int count, String firstDeviceFields) {
    StringBuilder b = new StringBuilder(sliceHeader());
    for (int i = 0; i < count; i++) {
      b.append("  - {name: dev-").append(i);
      if (i == 0 && !firstDeviceFields.isEmpty()) {
        b.append(", ").append(firstDeviceFields);
      }
      b.append("}\n");
    }
    return b.toString();
  }

  /** {@return a slice with one device whose string attribute {@code s} has {@code length} characters} */
  public static String stringAttribute(int length) {
    return slice(1, "attributes: {s: {string: " + "x".repeat(length) + "}}");
  }

  /**
   * Returns a slice of {@code count} devices whose int attribute named group is the device
   * index modulo {@code groups}, and whose int attribute named half is 0 for the lower half of
   * the groups and 1 for the upper. Under {@code distinctAttribute} group and {@code
   * matchAttribute} half, more requests than half the groups fail only at the last request,
   * although each constraint alone has values enough: no bound of the search sees the two
   * together, so the search is exponential.
   *
   * @param count the number of devices
   * @param groups the number of distinct groups, even
   * @return the document
   */
  public static String halvedGroupSlice(int count, int groups) {
    StringBuilder b = new StringBuilder(sliceHeader());
    for (int i = 0; i < count; i++) {
      int group = i % groups;
      b.append("  - {name: dev-").append(i).append(", attributes: {group: {int: ").append(group)
          .append("}, half: {int: ").append(group < groups / 2 ? 0 : 1).append("}}}\n");
    }
    return b.toString();
  }

  /**
   * Returns a slice whose only device {@code m} includes the mixin {@code m}, {@code repeats}
   * times: the closest a well-formed document comes to an include cycle.
   *
   * @param repeats how often the include is repeated
   * @return the document
   */
  public static String selfIncludingMixinSlice(int repeats) {
    String includes = String.join(", ", Collections.nCopies(repeats, "m"));
    return SLICE_SPEC + """
          mixins:
            device:
            - {name: m, attributes: {model: {string: a}}}
          devices:
          - {name: m, includes: [%s]}
        """.formatted(includes);
  }

  /** {@return a device class with one CEL selector} */
  public static String deviceClass(String name, String expression) {
    return """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: %s}
        spec:
          selectors:
          - cel: {expression: '%s'}
        """.formatted(name, expression.replace("'", "''"));
  }

  /**
   * Returns claim {@code default/claim-0} with {@code requests} requests {@code req-0 ...} for
   * one device of class {@code class-a} each.
   *
   * @param requests the number of requests
   * @param deviceClaimFields more fields of {@code spec.devices}, one YAML line
   *     ({@code "constraints: [...]"}), or empty
   * @return the document
   */
  public static String claim(int requests, String deviceClaimFields) {
    StringBuilder b = new StringBuilder("""
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-0, namespace: default}
        spec:
          devices:
        """);
    if (!deviceClaimFields.isEmpty()) {
      b.append("    ").append(deviceClaimFields).append('\n');
    }
    b.append("    requests:\n");
    for (int i = 0; i < requests; i++) {
      b.append("    - {name: req-").append(i).append(", exactly: {deviceClassName: class-a}}\n");
    }
    return b.toString();
  }

  /** {@return a CEL expression of exactly {@code bytes} bytes: the driver compared with a long string} */
  public static String celOfLength(int bytes) {
    String prefix = "device.driver == \"";
    return prefix + "x".repeat(bytes - prefix.length() - 1) + "\"";
  }

  /** {@return a CEL expression comparing two lists of 1,000 elements pairwise: about 10^6 steps, over the cost limit} */
  public static String overCostCel() {
    String list = "[" + "1,".repeat(999) + "1]";
    return list + ".all(x, " + list + ".all(y, x == y))";
  }

  private static String sliceHeader() {
    return SLICE_SPEC + "  devices:\n";
  }
}
