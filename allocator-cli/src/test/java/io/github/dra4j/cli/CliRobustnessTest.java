package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pathological inputs through the command line: each ends with exit 2 and a short explanation
 * naming the problem, never a stack trace or an internal error (exit 3). Malformed documents
 * fail in every command; objects that decode but break an API rule fail {@code validate}
 * ({@code allocate} does not validate, as the scheduler does not) and never crash the others;
 * selectors and searches that cannot finish fail {@code allocate}.
 */
final class CliRobustnessTest {
  private static final Duration LOOSE = Duration.ofSeconds(20);

  private static final String NODE = """
      apiVersion: v1
      kind: Node
      metadata: {name: node-1}
      """;
  private static final String CLASS = deviceClass("class-a", "device.driver == \"driver-a\"");
  private static final String CLAIM = claim(1, "");

  /** One case: the input, the commands that must exit 2, and text stderr must contain. */
  record Bad(String input, List<String> failing, String expected) {}

  static Stream<Arguments> cases() {
    String devices100k = slice(100_000, "");
    return Stream.of(
        // malformed documents: every command
        bad("deep nesting", NODE + "---\nmetadata: " + "[".repeat(100_000), "nesting", ALL),
        bad("deep block nesting", NODE + "---\n" + deepBlocks(5_000), "nesting", ALL),
        bad("alias bomb", NODE + "---\n" + billionLaughs(), "alias", ALL),
        bad("quantity 1e1000000", docs(NODE, slice(1, "capacity: {mem: {value: 1e1000000}}")),
            "spec.devices[0].capacity", ALL),
        bad("quantity of 10,000 digits", docs(NODE, slice(1, "capacity: {mem: {value: \""
            + "9".repeat(10_000) + "\"}}")), "spec.devices[0].capacity", ALL),
        bad("integer of 10,000 digits", docs(NODE, slice(1, "attributes: {n: {int: "
            + "9".repeat(10_000) + "}}")), "spec.devices[0].attributes", ALL),
        bad("attribute string over 1 MiB", docs(NODE, slice(1, "attributes: {s: {string: "
            + "x".repeat(1024 * 1024 + 1) + "}}")), "string", ALL),
        // valid documents breaking API limits: validate
        bad("attribute string of 1 MiB", docs(NODE, slice(1, "attributes: {s: {string: "
            + "x".repeat(1024 * 1024) + "}}")), "spec.devices[0].attributes", VALIDATE),
        bad("slice with 100,000 devices", docs(NODE, devices100k), "spec.devices", VALIDATE),
        bad("mixin include repeated 10,000 times", docs(NODE, mixinSlice()), "includes", VALIDATE),
        // selectors and searches: validate and allocate, or allocate
        bad("CEL expression of 10 KiB + 1", docs(NODE, deviceClass("class-a",
            "device.driver == \"" + "x".repeat(10 * 1024 - 18) + "\""), slice(1, ""), CLAIM),
            "class-a", List.of("validate", "allocate")),
        bad("class selector without CEL (fuzz finding)", docs(NODE, CLASS.replace("- cel:", "- NULLcel:"),
            slice(1, ""), CLAIM), "CEL expression empty", List.of("allocate")),
        bad("CEL over the cost limit", docs(NODE, deviceClass("class-a", costly()), slice(1, ""), CLAIM),
            "cost", List.of("allocate")),
        bad("distinctAttribute failing late over 128 devices", docs(NODE, CLASS, groupSlice(),
            claim(9, "constraints: [{distinctAttribute: driver-a/group}]")), "stepBudget",
            List.of("allocate")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void badInput_exitsWithOneClearMessage(Bad bad) {
    for (String command : List.of("validate", "flatten", "allocate")) {
      long start = System.nanoTime();
      Cli.Result r = command.equals("allocate")
          ? Cli.stdin(bad.input(), "allocate", "--node", "node-1", "-f", "-")
          : Cli.stdin(bad.input(), command, "-f", "-");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).as(command).isLessThan(LOOSE);
      String err = r.err();
      assertThat(r.exit()).as("%s: %s", command, head(r)).isNotEqualTo(Dra4j.EXIT_INTERNAL);
      assertThat(err).as(command).doesNotContain("\tat ").doesNotContain("Exception:")
          .doesNotContain("internal error");
      if (bad.failing().contains(command)) {
        assertThat(r.exit()).as("%s: %s", command, head(r)).isEqualTo(Dra4j.EXIT_ERROR);
        assertThat(err).as(command).containsIgnoringCase(bad.expected());
        assertThat(err.lines().count()).as("%s: %s", command, head(r)).isLessThanOrEqualTo(5);
        assertThat(err.length()).as(command).isLessThan(4096);
      }
    }
  }

  /* --- inputs --- */

  private static final List<String> ALL = List.of("validate", "flatten", "allocate");
  private static final List<String> VALIDATE = List.of("validate");

  private static Arguments bad(String name, String input, String expected, List<String> failing) {
    return Arguments.of(Named.of(name, new Bad(input, failing, expected)));
  }

  private static String head(Cli.Result r) {
    String s = r.toString();
    return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
  }

  private static String docs(String... documents) {
    return String.join("---\n", documents);
  }

  private static String deviceClass(String name, String expression) {
    return """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: %s}
        spec:
          selectors:
          - cel: {expression: '%s'}
        """.formatted(name, expression.replace("'", "''"));
  }

  /** A claim for {@code count} requests of one device each, with extra device-claim fields. */
  private static String claim(int count, String extra) {
    StringBuilder b = new StringBuilder("""
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-0, namespace: default}
        spec:
          devices:
        """);
    if (!extra.isEmpty()) {
      b.append("    ").append(extra).append('\n');
    }
    b.append("    requests:\n");
    for (int i = 0; i < count; i++) {
      b.append("    - {name: req-").append(i).append(", exactly: {deviceClassName: class-a}}\n");
    }
    return b.toString();
  }

  /** A slice of {@code count} devices, the first with extra fields (a flow mapping's content). */
  private static String slice(int count, String firstDeviceFields) {
    StringBuilder b = new StringBuilder("""
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: slice-1}
        spec:
          driver: driver-a
          pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
          nodeName: node-1
          devices:
        """);
    for (int i = 0; i < count; i++) {
      b.append("  - {name: dev-").append(i);
      if (i == 0 && !firstDeviceFields.isEmpty()) {
        b.append(", ").append(firstDeviceFields);
      }
      b.append("}\n");
    }
    return b.toString();
  }

  private static String groupSlice() {
    StringBuilder b = new StringBuilder(slice(0, ""));
    for (int i = 0; i < 128; i++) {
      b.append("  - {name: dev-").append(i).append(", attributes: {group: {int: ").append(i % 8)
          .append("}}}\n");
    }
    return b.toString();
  }

  private static String mixinSlice() {
    String includes = String.join(", ", Collections.nCopies(10_000, "m"));
    return """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: slice-1}
        spec:
          driver: driver-a
          pool: {name: pool-1, generation: 1, resourceSliceCount: 1}
          nodeName: node-1
          mixins:
            device:
            - {name: m, attributes: {model: {string: a}}}
          devices:
          - {name: m, includes: [%s]}
        """.formatted(includes);
  }

  private static String deepBlocks(int depth) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      b.append(" ".repeat(i)).append("k").append(i).append(":\n");
    }
    return b.append(" ".repeat(depth)).append("v\n").toString();
  }

  private static String billionLaughs() {
    StringBuilder b = new StringBuilder("kind: Lol\nmetadata:\n  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (int i = 1; i < 10; i++) {
      String prev = "*a" + (i - 1);
      String[] refs = new String[9];
      Arrays.fill(refs, prev);
      b.append("  a").append(i).append(": &a").append(i).append(" [").append(String.join(", ", refs)).append("]\n");
    }
    return b.toString();
  }

  /** Sums a list of 1,000 elements 1,000 times: about 10^6 steps, over the cost limit. */
  private static String costly() {
    return "[" + "1,".repeat(999) + "1].all(x, [" + "1,".repeat(999) + "1].all(y, x == y))";
  }
}
