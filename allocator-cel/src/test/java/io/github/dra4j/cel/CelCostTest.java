package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The runtime cost of evaluations, with cel-go's unit costs. The expressions and devices are the
 * reference's compile_test.go cases whose worst case is what the given device costs, so the
 * expected numbers are the reference's {@code expectCost}.
 */
final class CelCostTest {

  private static final String D = "dra.example.com";
  private static final CelCompiler COMPILER = CelCompiler.create();

  record Case(String expression, DeviceView device, long cost) {}

  static Named<Case> cost(String name, String expression, DeviceView device, long cost) {
    return Named.of(name, new Case(expression, device, cost));
  }

  static Stream<Named<Case>> referenceCosts() {
    DeviceView none = TestDevice.of("");
    DeviceView named = TestDevice.of(D);
    String attrs = "device.attributes[\"" + D + "\"]";
    String caps = "device.capacity[\"" + D + "\"]";
    return Stream.of(
        cost("domain-check-negative", "\"no-such-domain\" in device.attributes", none, 3),
        cost("domain-check-positive", "\"dra.example.com\" in device.attributes",
            TestDevice.of("").attr("dra.example.com/something", DeviceAttribute.ofBool(true)), 3),
        cost("empty-driver-name", "device.driver == \"\"", none, 2),
        cost("real-driver-name", "device.driver == \"dra.example.com\"", named, 4),
        cost("driver-name-qualifier", attrs + ".name", TestDevice.of(D).attr("name", DeviceAttribute.ofBool(true)), 4),
        cost("int", attrs + ".name > 0", TestDevice.of(D).attr("name", DeviceAttribute.ofInt(1)), 5),
        cost("string", attrs + ".name == \"fish\"", TestDevice.of(D).attr("name", DeviceAttribute.ofString("fish")), 5),
        cost("list-of-int", attrs + ".names.size() == 2",
            TestDevice.of(D).attr("names", DeviceAttribute.ofInts(List.of(1L, 2L))), 6),
        cost("version", attrs + ".name.isGreaterThan(semver(\"0.0.1\"))",
            TestDevice.of(D).attr("name", DeviceAttribute.ofVersion("1.0.0")), 6),
        cost("quantity", caps + ".name.isGreaterThan(quantity(\"1Ki\"))", TestDevice.of(D).cap("name", "1Mi"), 6),
        cost("check-positive", "\"name\" in " + caps + " && " + caps + ".name.isGreaterThan(quantity(\"1Ki\"))",
            TestDevice.of(D).cap("name", "1Mi"), 10),
        cost("many", attrs + ".a && " + attrs + ".b && " + attrs + ".c", TestDevice.of(D)
            .attr("a", DeviceAttribute.ofBool(true)).attr("b", DeviceAttribute.ofBool(true))
            .attr("c", DeviceAttribute.ofBool(true)), 12),
        cost("allow_multiple_allocations", "device.allowMultipleAllocations == true", TestDevice.multi(D), 3),
        // Not a worst case: `in` on a list costs its actual size (3), not the declared maximum (64).
        cost("in-operator-on-list", "1 in " + attrs + ".names",
            TestDevice.of(D).attr("names", DeviceAttribute.ofInts(List.of(1L, 2L, 3L))), 4 + 3),
        // The Kubernetes library charges includes the traversal of its receiver (cost.go CallCost).
        cost("includes-on-list", attrs + ".names.includes(1)",
            TestDevice.of(D).attr("names", DeviceAttribute.ofInts(List.of(1L, 2L, 3L))), 4 + 3),
        cost("includes-on-string", attrs + ".name.includes(\"fish\")",
            TestDevice.of(D).attr("name", DeviceAttribute.ofString("a".repeat(25))), 4 + 2),
        // The Kubernetes base environment sets interpreter.PresenceTestHasCost(false).
        cost("presence-test", "has(" + attrs + ".name)", TestDevice.of(D).attr("name", DeviceAttribute.ofInt(1)), 3));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("referenceCosts")
  void cost_ofOneEvaluationEqualsCelGos(Case c) {
    CelSelector s = (CelSelector) COMPILER.compile(c.expression(), Features.all());
    assertThat(s.compileError()).isNull();
    assertThat(s.cost(c.device())).isEqualTo(c.cost());
  }

  /**
   * A 4,000-character string matched against itself as a pattern: cel-go charges
   * ceil(0.1 * (1 + 4,000)) * ceil(0.25 * 4,000) = 401,000 units per call.
   */
  private static String matchesItself(int calls) {
    return "cel.bind(s, \"" + "a".repeat(4000) + "\", " + String.join(" && ", Collections.nCopies(calls, "s.matches(s)")) + ")";
  }

  @Test
  void justUnderTheRuntimeLimitRuns() {
    CelSelector s = (CelSelector) COMPILER.compile(matchesItself(2), Features.all());
    assertThat(s.cost(TestDevice.of(D))).isBetween(802_000L, CostBudget.MAX_COST);
    assertThat(s.matches(TestDevice.of(D))).isTrue();
  }

  @Test
  void justOverTheRuntimeLimitStops() {
    CelSelector s = (CelSelector) COMPILER.compile(matchesItself(3), Features.all());
    assertThatThrownBy(() -> s.matches(TestDevice.of(D)))
        .isInstanceOf(SelectorEvaluationException.class)
        .hasMessage(CostBudget.LIMIT_EXCEEDED);
  }

  /** The reference's "expensive" case (compile_test.go) with {@code levels} nested {@code all} macros. */
  private static String nestedAll(int levels) {
    String list = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]";
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < levels; i++) {
      b.append(list).append(".all(x").append(i).append(", ");
    }
    return b.append("int('1'.find('[0-9]*')) < 100").append(")".repeat(levels)).toString();
  }

  @Test
  void theReferencesExpensiveCaseStopsAtTheRuntimeLimit() {
    // Seven levels: 10^7 evaluations of the body, "actual cost limit exceeded" in the reference.
    CelSelector s = (CelSelector) COMPILER.compile(nestedAll(7), Features.all());
    assertThat(s.compileError()).isNull();
    assertThatThrownBy(() -> s.matches(TestDevice.of(D)))
        .isInstanceOf(SelectorEvaluationException.class)
        .hasMessage(CostBudget.LIMIT_EXCEEDED);
  }

  @Test
  void fiveLevelsOfItRunJustUnderTheLimit() {
    // Worst-case estimate 855,551; every iteration runs, as every body is true.
    CelSelector s = (CelSelector) COMPILER.compile(nestedAll(5), Features.all());
    assertThat(s.cost(TestDevice.of(D))).isBetween(800_000L, CostBudget.MAX_COST);
    assertThat(s.matches(TestDevice.of(D))).isTrue();
  }

  @Test
  void sizesCountCodePoints() {
    // "é" is one code point: 10 of them cost ceil(0.1 * 10) = 1 for startsWith.
    CelSelector s = (CelSelector) COMPILER.compile("\"" + "é".repeat(10) + "\".startsWith(\"é\")", Features.all());
    assertThat(s.cost(TestDevice.of(D))).isEqualTo(1);
  }
}
