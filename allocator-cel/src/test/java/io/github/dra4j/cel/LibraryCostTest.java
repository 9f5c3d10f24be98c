package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cel.common.types.CelKind;
import io.github.dra4j.core.DeviceView;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Estimated and actual costs of the Kubernetes library functions DRA selectors have. Expressions
 * and expected costs are the reference's k8s.io/apiserver/pkg/cel/library cost_test.go
 * (TestListsCost, TestIndexOfCost, TestIncludesCost, TestStringLibrary, TestQuantityCost,
 * TestSemverCost), whose estimator gives strings and bytes of unknown origin a size of 0 to 12.
 */
final class LibraryCostTest {

  private static final CelEnvironment ENVIRONMENT = CelEnvironment.of(CelEnvironment.Variant.stored());
  private static final DeviceView DEVICE = TestDevice.of("dra.example.com");

  /** testCostEstimator in cost_test.go. */
  private static final CostEstimator.Sizes TEST_SIZES = (path, type) ->
      type.kind() == CelKind.STRING || type.kind() == CelKind.BYTES ? new CostEstimator.Range(0, 12) : null;

  private static final String INTS = "[1, 2, 3, 4, 5]";
  private static final String UINTS = "[uint(1), uint(2), uint(3), uint(4), uint(5)]";
  private static final String DOUBLES = "[1.0, 2.0, 3.0, 4.0, 5.0]";
  private static final String BOOLS = "[false, true, false, true, false]";
  private static final String STRINGS = "['012345678901', '012345678901', '012345678901', '012345678901', '012345678901']";
  private static final String BYTES = "[bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), "
      + "bytes('012345678901'), bytes('012345678901')]";
  private static final String DURATIONS = "[duration('1s'), duration('2s'), duration('3s'), duration('4s'), duration('5s')]";
  private static final String TIMESTAMPS = "[timestamp('2011-01-01T00:00:00.000+01:00'), "
      + "timestamp('2011-01-02T00:00:00.000+01:00'), timestamp('2011-01-03T00:00:00.000+01:00'), "
      + "timestamp('2011-01-04T00:00:00.000+01:00'), timestamp('2011-01-05T00:00:00.000+01:00')]";
  private static final String STRING = "'01234567890123456789012345678901234567890123456789'";

  private static Arguments cost(String expression, long min, long max, long runtime) {
    return Arguments.of(expression, min, max, runtime);
  }

  static Stream<Arguments> libraryCosts() {
    List<Arguments> c = new ArrayList<>();
    // TestListsCost: 10 for the list literal, the rest the function.
    c.add(cost(INTS + ".sum()", 15, 15, 15));
    c.add(cost(UINTS + ".sum()", 20, 20, 20));
    c.add(cost(DOUBLES + ".sum()", 15, 15, 15));
    c.add(cost(DURATIONS + ".sum()", 20, 20, 20));
    for (String f : List.of(".isSorted()", ".max()", ".min()")) {
      c.add(cost(INTS + f, 15, 15, 15));
      c.add(cost(UINTS + f, 20, 20, 20));
      c.add(cost(DOUBLES + f, 15, 15, 15));
      c.add(cost(BOOLS + f, 15, 15, 15));
      c.add(cost(STRINGS + f, 15, 25, 15));
      c.add(cost(DURATIONS + f, 20, 20, 20));
      c.add(cost(TIMESTAMPS + f, 20, 20, 20));
    }
    // TestIndexOfCost.
    for (String f : List.of(".indexOf(%s)", ".lastIndexOf(%s)")) {
      c.add(cost(INTS + String.format(f, "3"), 15, 15, 15));
      c.add(cost(UINTS + String.format(f, "uint(3)"), 21, 21, 21));
      c.add(cost(DOUBLES + String.format(f, "3.0"), 15, 15, 15));
      c.add(cost(BOOLS + String.format(f, "true"), 15, 15, 15));
      c.add(cost(STRINGS + String.format(f, "'x'"), 15, 25, 15));
      c.add(cost(BYTES + String.format(f, "bytes('x')"), 26, 36, 26));
      c.add(cost(DURATIONS + String.format(f, "duration('3s')"), 21, 21, 21));
      c.add(cost(TIMESTAMPS + String.format(f, "timestamp('2011-01-03T00:00:00.000+01:00')"), 21, 21, 21));
      c.add(cost(STRING + String.format(f, "'123'"), 5, 5, 5));
    }
    // TestStringLibrary.
    c.add(cost("'ABCDEFGHIJ abcdefghij'.lowerAscii()", 3, 3, 3));
    c.add(cost("'ABCDEFGHIJ abcdefghij'.lowerAscii() == 'abcdefghij ABCDEFGHIJ'.lowerAscii()", 7, 9, 9));
    c.add(cost("'ABCDEFGHIJ abcdefghij'.upperAscii()", 3, 3, 3));
    c.add(cost("'ABCDEFGHIJ abcdefghij'.upperAscii() == 'abcdefghij ABCDEFGHIJ'.upperAscii()", 7, 9, 9));
    c.add(cost("'abc 123 def 123'.replace('123', '456')", 3, 3, 3));
    c.add(cost("'abc 123 def 123'.replace('', 'x')", 3, 3, 3));
    c.add(cost("'abc 123 def 123'.replace('123', '')", 3, 3, 3));
    c.add(cost("'abc 123 def 123'.replace('123', '456', 1)", 3, 3, 3));
    c.add(cost("'abc 123 def 123'.split(' ')", 3, 3, 3));
    c.add(cost("'abc 123 def 123'.split(' ', 1)", 3, 3, 3));
    c.add(cost("'abc 123 def 123'.substring(5)", 2, 2, 2));
    c.add(cost("'abc 123 def 123'.substring(5, 8)", 2, 2, 2));
    c.add(cost("'  abc 123 def 123  '.trim()", 2, 2, 2));
    c.add(cost("['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join(' ')", 11, 23, 15));
    c.add(cost("['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join()", 10, 22, 13));
    c.add(cost("'abc 123 def 123'.find('123')", 2, 2, 2));
    c.add(cost("'abc 123 def 123'.findAll('123')", 2, 2, 2));
    c.add(cost("'abc 123 def 123'.findAll('123', 1)", 2, 2, 2));
    // TestQuantityCost.
    c.add(cost("quantity(\"12Mi\")", 1, 1, 1));
    c.add(cost("isQuantity(\"20\")", 1, 1, 1));
    c.add(cost("isQuantity(\"20M\")", 1, 1, 1));
    c.add(cost("quantity(\"200M\") == quantity(\"200M\")", 3, 3, 3));
    c.add(cost("quantity(\"200M\") == quantity(\"0.2G\") && quantity(\"0.2G\") == quantity(\"200M\")", 3, 6, 6));
    c.add(cost("quantity(\"2M\") == quantity(\"0.002G\") && quantity(\"2000k\") == quantity(\"2M\") "
        + "&& quantity(\"0.002G\") == quantity(\"2000k\")", 3, 9, 9));
    c.add(cost("quantity(\"50M\").isLessThan(quantity(\"50Mi\"))", 3, 3, 3));
    c.add(cost("quantity(\"50Mi\").isGreaterThan(quantity(\"50M\"))", 3, 3, 3));
    c.add(cost("quantity(\"200M\").compareTo(quantity(\"0.2G\")) > 0", 4, 4, 4));
    c.add(cost("quantity(\"50k\").add(quantity(\"20\")) == quantity(\"50.02k\")", 5, 5, 5));
    c.add(cost("quantity(\"50k\").sub(quantity(\"20\")) == quantity(\"49.98k\")", 5, 5, 5));
    c.add(cost("quantity(\"50k\").sub(20) == quantity(\"49980\")", 4, 4, 4));
    c.add(cost("quantity(\"50k\").add(20).sub(quantity(\"100k\")).asInteger() > 0", 6, 6, 6));
    c.add(cost("quantity(\"50k\").add(20).sub(quantity(\"100k\")).sub(-50000).asInteger() > 0", 7, 7, 7));
    c.add(cost("quantity(\"50k\").asInteger() > 0", 3, 3, 3));
    c.add(cost("quantity(\"50\").isInteger()", 2, 2, 2));
    c.add(cost("quantity(\"50.703k\").asApproximateFloat() > 0.0", 3, 3, 3));
    // TestSemverCost.
    c.add(cost("semver(\"1.0.0\")", 1, 1, 1));
    c.add(cost("semver(\"1234.56789012345.67890123456789\")", 4, 4, 4));
    c.add(cost("isSemver(\"1.0.0\")", 1, 1, 1));
    c.add(cost("isSemver(\"1234.56789012345.67890123456789\")", 4, 4, 4));
    c.add(cost("semver(\"1.2.3\").major()", 2, 2, 2));
    c.add(cost("semver(\"1.2.3\").minor()", 2, 2, 2));
    c.add(cost("semver(\"1.2.3\").patch()", 2, 2, 2));
    c.add(cost("semver(\"1.0.0\").isLessThan(semver(\"1.1.0\"))", 3, 3, 3));
    c.add(cost("semver(\"1.1.0\").isGreaterThan(semver(\"1.0.0\"))", 3, 3, 3));
    c.add(cost("semver(\"1.0.0\").compareTo(semver(\"1.2.3\"))", 3, 3, 3));
    return c.stream();
  }

  @ParameterizedTest
  @MethodSource("libraryCosts")
  void estimatedAndActualCostsAreTheReferences(String expression, long min, long max, long runtime) {
    assertThat(ENVIRONMENT.estimateCost(expression, TEST_SIZES)).isEqualTo(new CostEstimator.Range(min, max));
    assertThat(ENVIRONMENT.runtimeCost(expression, DEVICE)).isEqualTo(runtime);
  }

  /**
   * TestIncludesCost's actual costs: the traversal of the receiver. Its estimates are not DRA's,
   * whose {@code includes} is estimated at the longest list attribute (see CelCostEstimateTest).
   */
  static Stream<Arguments> includesRuntimeCosts() {
    return Stream.of(
        Arguments.of(INTS + ".includes(3)", 15),
        Arguments.of(UINTS + ".includes(uint(3))", 21),
        Arguments.of(DOUBLES + ".includes(3.0)", 15),
        Arguments.of(BOOLS + ".includes(true)", 15),
        Arguments.of(STRINGS + ".includes('x')", 15),
        Arguments.of(BYTES + ".includes(bytes('x'))", 26),
        Arguments.of(DURATIONS + ".includes(duration('3s'))", 21),
        Arguments.of(TIMESTAMPS + ".includes(timestamp('2011-01-03T00:00:00.000+01:00'))", 21),
        Arguments.of(STRING + ".includes('123')", 5));
  }

  @ParameterizedTest
  @MethodSource("includesRuntimeCosts")
  void includesCostsTheTraversalOfItsReceiver(String expression, long runtime) {
    assertThat(ENVIRONMENT.runtimeCost(expression, DEVICE)).isEqualTo(runtime);
  }
}
