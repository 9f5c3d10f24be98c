package io.github.dra4j.cli;

import static io.github.dra4j.testing.PathologicalInputs.CEL_MAX_BYTES;
import static io.github.dra4j.testing.PathologicalInputs.MIB;
import static io.github.dra4j.testing.PathologicalInputs.NODE;
import static io.github.dra4j.testing.PathologicalInputs.aliasBomb;
import static io.github.dra4j.testing.PathologicalInputs.celOfLength;
import static io.github.dra4j.testing.PathologicalInputs.claim;
import static io.github.dra4j.testing.PathologicalInputs.deepBlockNesting;
import static io.github.dra4j.testing.PathologicalInputs.deepFlowNesting;
import static io.github.dra4j.testing.PathologicalInputs.deviceClass;
import static io.github.dra4j.testing.PathologicalInputs.documents;
import static io.github.dra4j.testing.PathologicalInputs.halvedGroupSlice;
import static io.github.dra4j.testing.PathologicalInputs.overCostCel;
import static io.github.dra4j.testing.PathologicalInputs.selfIncludingMixinSlice;
import static io.github.dra4j.testing.PathologicalInputs.slice;
import static io.github.dra4j.testing.PathologicalInputs.stringAttribute;
import static org.assertj.core.api.Assertions.assertThat;

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

  private static final String CLASS = deviceClass("class-a", "device.driver == \"driver-a\"");
  private static final String CLAIM = claim(1, "");

  /** One case: the input, the commands that must exit 2, and text stderr must contain. */
  record Bad(String input, List<String> failing, String expected) {}

  static Stream<Arguments> cases() {
    return Stream.of(
        // malformed documents: every command
        bad("deep nesting", documents(NODE, deepFlowNesting(100_000)), "nesting", ALL),
        bad("deep block nesting", documents(NODE, deepBlockNesting(5_000)), "nesting", ALL),
        bad("alias bomb", documents(NODE, aliasBomb()), "alias", ALL),
        bad("quantity 1e1000000", documents(NODE, slice(1, "capacity: {mem: {value: 1e1000000}}")),
            "spec.devices[0].capacity", ALL),
        bad("quantity of 10,000 digits", documents(NODE, slice(1, "capacity: {mem: {value: \""
            + "9".repeat(10_000) + "\"}}")), "spec.devices[0].capacity", ALL),
        bad("integer of 10,000 digits", documents(NODE, slice(1, "attributes: {n: {int: "
            + "9".repeat(10_000) + "}}")), "spec.devices[0].attributes", ALL),
        bad("attribute string over 1 MiB", documents(NODE, stringAttribute(MIB + 1)), "string", ALL),
        // valid documents breaking API limits: validate
        bad("attribute string of 1 MiB", documents(NODE, stringAttribute(MIB)),
            "spec.devices[0].attributes", VALIDATE),
        bad("slice with 100,000 devices", documents(NODE, slice(100_000, "")), "spec.devices", VALIDATE),
        bad("mixin include repeated 10,000 times", documents(NODE, selfIncludingMixinSlice(10_000)),
            "includes", VALIDATE),
        // selectors and searches: validate and allocate, or allocate
        bad("CEL expression of 10 KiB + 1", documents(NODE,
            deviceClass("class-a", celOfLength(CEL_MAX_BYTES + 1)), slice(1, ""), CLAIM),
            "class-a", List.of("validate", "allocate")),
        bad("class selector without CEL (fuzz finding)", documents(NODE, CLASS.replace("- cel:", "- {}\n  - cel:"),
            slice(1, ""), CLAIM), "CEL expression empty", List.of("allocate")),
        bad("class selector with a misspelled cel", documents(NODE, CLASS.replace("- cel:", "- NULLcel:"),
            slice(1, ""), CLAIM), "spec.selectors[0].NULLcel: unknown field \"NULLcel\"",
            List.of("validate", "allocate", "flatten")),
        bad("CEL over the cost limit", documents(NODE, deviceClass("class-a", overCostCel()), slice(1, ""), CLAIM),
            "cost", List.of("allocate")),
        bad("distinctAttribute and matchAttribute failing late over 128 devices", documents(NODE, CLASS,
            halvedGroupSlice(128, 16), claim(9, "constraints: [{distinctAttribute: driver-a/group},"
                + " {matchAttribute: driver-a/half}]")), "stepBudget",
            List.of("allocate")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void badInput_exitsWithOneClearMessage(Bad bad) {
    for (String command : List.of("validate", "flatten", "allocate")) {
      Cli.Result r = command.equals("allocate")
          ? Cli.stdin(bad.input(), "allocate", "--node", "node-1", "-f", "-")
          : Cli.stdin(bad.input(), command, "-f", "-");
      String err = r.err();
      assertThat(r.exit()).as(() -> command + ": " + head(r)).isNotEqualTo(Dra4j.EXIT_INTERNAL);
      assertThat(err).as(command).doesNotContain("\tat ").doesNotContain("Exception:")
          .doesNotContain("internal error");
      if (bad.failing().contains(command)) {
        assertThat(r.exit()).as(() -> command + ": " + head(r)).isEqualTo(Dra4j.EXIT_ERROR);
        assertThat(err).as(command).containsIgnoringCase(bad.expected());
        assertThat(err.lines().count()).as(() -> command + ": " + head(r)).isLessThanOrEqualTo(5);
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
}
