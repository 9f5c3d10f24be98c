package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.Features;
import java.util.Collections;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The worst-case cost estimate of selectors, the reference's CompilationResult.MaxCost. The
 * expressions and expected costs are the {@code expectCost} of the reference's
 * k8s.io/dynamic-resource-allocation cel/compile_test.go.
 */
final class CelCostEstimateTest {

  private static final CelEnvironment ENVIRONMENT = CelEnvironment.of(CelEnvironment.Variant.stored());
  private static final String ATTRS = "device.attributes[\"dra.example.com\"]";
  private static final String CAPS = "device.capacity[\"dra.example.com\"]";
  /** max(DeviceAttributeMaxValueLength, ResourceSliceMaxAttributeValuesPerDevice), maxElementsListTypeEnabled there. */
  private static final long MAX_ELEMENTS = 64;

  static Stream<Arguments> referenceEstimates() {
    return Stream.of(
        Arguments.of("true", 0),
        Arguments.of("false", 0),
        Arguments.of("device.attributes[\"no-such-domain\"].noSuchAttr.isGreaterThan(quantity(\"0\"))", 6),
        Arguments.of("device.attributes[\"no-such-domain\"][\"noSuchAttr\"].isGreaterThan(quantity(\"0\"))", 6),
        Arguments.of("\"no-such-domain\" in device.attributes", 3),
        Arguments.of("\"dra.example.com\" in device.attributes", 3),
        Arguments.of("device.driver == \"\"", 2),
        Arguments.of("device.driver == \"dra.example.com\"", 4),
        Arguments.of(ATTRS + ".name", 4),
        Arguments.of(ATTRS + "[\"name\"]", 4),
        Arguments.of("cel.bind(dra, " + ATTRS + ", dra.name)", 15),
        Arguments.of("device.attributes[\"other.example.com\"].name", 4),
        Arguments.of(ATTRS + ".name > 0", 5),
        Arguments.of(ATTRS + ".name == \"fish\"", 5),
        Arguments.of(ATTRS + ".name.exists(x, x > 0)", 5 + (3 + 3) * MAX_ELEMENTS),
        Arguments.of(ATTRS + ".name.exists(x, x == true)", 5 + (3 + 3) * MAX_ELEMENTS),
        Arguments.of(ATTRS + ".name.exists(x, x == \"fish\")", 5 + (3 + 3) * MAX_ELEMENTS),
        Arguments.of(ATTRS + ".names", 4),
        Arguments.of(ATTRS + ".name.includes(\"fish\")", 4 + 48),
        Arguments.of(ATTRS + ".names.size() == 2", 6),
        Arguments.of(ATTRS + ".names.exists(x, x > 0)", 5 + (3 + 3) * MAX_ELEMENTS),
        Arguments.of(ATTRS + ".names.all(x, x != \"\")", 5 + (2 + 2) * MAX_ELEMENTS),
        Arguments.of(ATTRS + ".names.all(x, x.isGreaterThan(semver(\"0.0.1\")))", 5 + (2 + 4) * MAX_ELEMENTS),
        Arguments.of(ATTRS + ".attr.includes(\"fish\")", 4 + 48),
        Arguments.of(ATTRS + ".name.includes(true)", 4 + 48),
        Arguments.of(ATTRS + ".name.includes(1)", 4 + 48),
        Arguments.of(ATTRS + ".name.includes(semver(\"1.0.0\"))", 4 + 48 + 1),
        Arguments.of(ATTRS + ".name.includes(\"value-48\")", 4 + 48),
        Arguments.of("1 in " + ATTRS + ".names", 4 + 64),
        Arguments.of(ATTRS + ".name.isGreaterThan(semver(\"0.0.1\"))", 6),
        Arguments.of(ATTRS + ".name.isGreaterThan(semver(\"v0.0.1\", true)) && isSemver(\"v1.0.0\", true)", 7),
        Arguments.of(ATTRS + ".name.exists(x, x.isGreaterThan(semver(\"0.0.1\")))", 5 + (3 + 4) * MAX_ELEMENTS),
        Arguments.of(CAPS + ".name.isGreaterThan(quantity(\"1Ki\"))", 6),
        Arguments.of("\"name\" in " + CAPS + " && " + CAPS + ".name.isGreaterThan(quantity(\"1Ki\"))", 10),
        Arguments.of("!(\"name\" in " + CAPS + ") || " + CAPS + ".name.isGreaterThan(quantity(\"1Ki\"))", 11),
        Arguments.of("\n" + CAPS + ".quantity.isGreaterThan(quantity(\"1Ki\")) &&\n"
            + ATTRS + ".bool &&\n"
            + ATTRS + ".int > 0 &&\n"
            + ATTRS + ".string == \"fish\" &&\n"
            + ATTRS + ".version.isGreaterThan(semver(\"0.0.1\")) &&\n"
            + CAPS + "[\"quantity\"].isGreaterThan(quantity(\"1Ki\")) &&\n"
            + ATTRS + "[\"bool\"] &&\n"
            + ATTRS + "[\"int\"] > 0 &&\n"
            + ATTRS + "[\"string\"] == \"fish\" &&\n"
            + ATTRS + "[\"version\"].isGreaterThan(semver(\"0.0.1\"))\n", 52),
        Arguments.of(ATTRS + ".a && " + ATTRS + ".b && " + ATTRS + ".c", 12),
        Arguments.of("device.attributes.exists_one(x, x == \"dra.example.com\")", 164),
        Arguments.of(ATTRS + ".exists_one(x, x == \"services\")", 133),
        Arguments.of(ATTRS + ".services.split(\"example\").size() >= 2", 19),
        Arguments.of(ATTRS + ".services.matches(\"[^a]?sym\")", 18),
        Arguments.of("device.capacity.exists_one(x, x == \"dra.example.com\")", 164),
        Arguments.of(CAPS + ".exists_one(x, x == \"memory\")", 133),
        Arguments.of(nestedAll(7), 85_555_551),
        Arguments.of("device.allowMultipleAllocations == true", 3),
        Arguments.of("device.allowMultipleAllocations == false", 3));
  }

  @ParameterizedTest
  @MethodSource("referenceEstimates")
  void worstCaseCostIsTheReferences(String expression, long expected) {
    assertThat(ENVIRONMENT.estimateCost(expression, CostEstimator.DRA_SIZES).max()).isEqualTo(expected);
  }

  /**
   * The reference's "expensive" case, from the API server's admission policy tests, with
   * {@code levels} nested {@code all} macros: each level costs 41 plus 10 times the next, so 5
   * levels cost 855,551 and 6 cost 8,555,551 (7, the reference's case, 85,555,551).
   */
  private static String nestedAll(int levels) {
    String list = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]";
    String[] vars = {"x", "y", "z", "z2", "z3", "z4", "z5"};
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < levels; i++) {
      b.append(list).append(".all(").append(vars[i]).append(", ");
    }
    return b.append("int('1'.find('[0-9]*')) < 100").append(String.join("", Collections.nCopies(levels, ")")))
        .toString();
  }

  @Test
  void newExpressionJustUnderTheLimitCompiles() {
    assertThat(ENVIRONMENT.estimateCost(nestedAll(5), CostEstimator.DRA_SIZES).max()).isEqualTo(855_551);
    CompiledSelector s = CelCompiler.forNewExpressions().compile(nestedAll(5), Features.all());
    assertThat(s.compileError()).isNull();
  }

  @Test
  void newExpressionJustOverTheLimitIsTooComplex() {
    assertThat(ENVIRONMENT.estimateCost(nestedAll(6), CostEstimator.DRA_SIZES).max()).isEqualTo(8_555_551);
    CompiledSelector s = CelCompiler.forNewExpressions().compile(nestedAll(6), Features.all());
    assertThat(s.compileError()).isEqualTo("too complex, exceeds cost limit");
  }

  @Test
  void storedExpressionsAreNotLimitedByTheirEstimate() {
    // The reference's allocator compiles with DisableCostEstimation (cache.go): only the runtime limit applies.
    CompiledSelector s = CelCompiler.create().compile(nestedAll(7), Features.all());
    assertThat(s.compileError()).isNull();
  }

  @Test
  void onlySelectorsWithinAThousandthOfTheLimitRunWithoutCostAccounting() {
    CelSelector cheap = (CelSelector) CelCompiler.create().compile(ATTRS + ".model == \"a100\"", Features.all());
    CelSelector moderate = (CelSelector) CelCompiler.create().compile(
        "device.attributes[\"a\"].exists_one(x, x == \"b\") && " + ATTRS + ".services.matches(\"[^a]?sym\")",
        Features.all());
    CelSelector costly = (CelSelector) CelCompiler.create().compile(nestedAll(3), Features.all());
    assertThat(cheap.costTracked()).isFalse();
    assertThat(ENVIRONMENT.estimateCost(nestedAll(3), CostEstimator.DRA_SIZES).max()).isEqualTo(8_551);
    assertThat(costly.costTracked()).isTrue();
    assertThat(moderate.costTracked()).isFalse();
  }

  @Test
  void aCompileErrorComesBeforeTheEstimate() {
    CompiledSelector s = CelCompiler.forNewExpressions().compile(nestedAll(7) + " && 1", Features.all());
    assertThat(s.compileError()).startsWith("compilation failed: ");
  }
}
