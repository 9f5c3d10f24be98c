package io.github.dra4j.cel;

import static io.github.dra4j.cel.CelSelectorTableTest.D;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Selectors read without CEL ({@link SimpleSelectors}) against CEL-Java: every expression of the
 * subset compiles in every environment variant to exactly the fast tree read from its text, and
 * everything outside the subset is left to CEL-Java.
 */
final class SimpleSelectorsTest {

  private static final List<CelEnvironment.Variant> VARIANTS = List.of(CelEnvironment.Variant.stored(),
      new CelEnvironment.Variant(false, false, false), new CelEnvironment.Variant(false, true, true));

  static List<String> inSubset() {
    String attr = "device.attributes[\"" + D + "\"]";
    return List.of(
        "device.driver == \"" + D + "\"", "device.driver != '" + D + "'", "device.driver == \"\"",
        "  device . driver==\"x\"\n", "device.driver == \"gpu.\u00e9xample.com\"",
        attr + ".profile == \"1g.5gb\"", attr + ".profile != \"1g.5gb+me\"", attr + "[\"profile\"] == 'mig'",
        attr + ".count == 0", attr + ".count == 7", attr + ".count != 123456789012345678",
        attr + ".on == true", attr + ".on != false", "device.attributes.nodomain.x == 1",
        "device.attributes[''].x == \"y\"", "device.attributes[\"d\"]._a1 == \"it's\"",
        "device.driver == \"" + D + "\" && " + attr + ".type == \"gpu\"",
        "device.driver == \"a\" || device.driver == \"b\" || device.driver == \"c\"",
        "device.driver == \"a\" && " + attr + ".x == 1 || " + attr + ".y == true && device.driver != \"b\"",
        "device.driver == \"a\" && device.driver == \"b\" && device.driver == \"c\" && device.driver == \"d\""
            + " && device.driver == \"e\" && device.driver == \"f\" && device.driver == \"g\"");
  }

  static List<String> outsideSubset() {
    String attr = "device.attributes[\"" + D + "\"]";
    return List.of(
        "true", "(device.driver == \"a\")", "!(device.driver == \"a\")", "\"a\" == device.driver",
        "device.driver == 1", "device.driver == true", "device.driver == \"a\\u0062\"", "device.driver == \"a\\\"\"",
        "device.driver == r\"a\"", "device.driver == b\"a\"", "device.driver == \"\"\"a\"\"\"",
        "device.driver == '''a'''", attr + ".x == 1u", attr + ".x == 1.0", attr + ".x == 1e3", attr + ".x == 0x1",
        attr + ".x == 01", attr + ".x == -1", attr + ".x == 1234567890123456789", attr + ".x == null",
        attr + ".in == 1", attr + ".if == 1", "device.attributes.null.x == 1", attr + " == 1",
        attr + ".x.y == 1", attr + ".x", "device.driver == \"a\" // comment", "device.driver == \"a\" &&",
        "device.driver == \"a\" & device.driver == \"b\"", "device.driver == \"a\" ||| device.driver == \"b\"",
        "device.driver = \"a\"", "device.driver == \"a\".size()", "devices.driver == \"a\"",
        "device.capacity[\"" + D + "\"].memory == 1", attr + ".x > 1", "device.driver == \"a",
        "device.driver == \"\u0001\"", "device.driver\f== \"a\"", "device.driver == \"\ud83d\ude00\"",
        "device.attributes[\"d\"]." + "x".repeat(3000) + " == 1");
  }

  @ParameterizedTest
  @MethodSource("inSubset")
  void subsetReadsAsCelJavaCompiles(String expression) {
    assertSameTree(expression);
  }

  @Test
  void randomSubsetExpressionsReadAsCelJavaCompiles() {
    Random random = new Random(20261128);
    for (int i = 0; i < 300; i++) {
      assertSameTree(random(random));
    }
  }

  @ParameterizedTest
  @MethodSource("outsideSubset")
  void outsideTheSubsetCelJavaCompiles(String expression) {
    assertThat(SimpleSelectors.parse(expression)).as(expression).isNull();
  }

  @Test
  void theCompilerReturnsTheSubsetWithoutCompilingAndTheProgramWhenTheTreeDoesNotDecide() {
    String expression = "device.attributes[\"" + D + "\"].missing == \"x\" && device.driver == \"" + D + "\"";
    CompiledSelector simple = CelCompiler.create().compile(expression, Features.none());
    CelSelector compiled = CelEnvironment.of(CelEnvironment.Variant.stored()).compile(expression);
    assertThat(simple).isNotSameAs(compiled);
    assertThat(simple.compileError()).isNull();
    assertThat(((CelSelector) simple).fastTree()).isEqualTo(compiled.fastTree());
    DeviceView withAttribute = TestDevice.of(D).attr("missing", DeviceAttribute.ofString("x"));
    assertThat(simple.matches(withAttribute)).isTrue();
    assertThat(simple.matches(TestDevice.of("other"))).isFalse();
    // Missing: the tree leaves the answer to the program, which fails as CEL-Java's does.
    DeviceView without = TestDevice.of(D);
    String message = messageOf(compiled, without);
    assertThat(message).startsWith("no such key: missing");
    assertThatThrownBy(() -> simple.matches(without)).isInstanceOf(SelectorEvaluationException.class)
        .hasMessage(message);
    assertThat(((CelSelector) simple).costTracked()).isEqualTo(compiled.costTracked());
  }

  private static String messageOf(CompiledSelector selector, DeviceView device) {
    try {
      throw new AssertionError("no exception but " + selector.matches(device));
    } catch (SelectorEvaluationException e) {
      return String.valueOf(e.getMessage());
    }
  }

  private static void assertSameTree(String expression) {
    FastSelector.Node read = SimpleSelectors.parse(expression);
    assertThat(read).as("read: " + expression).isNotNull();
    for (CelEnvironment.Variant v : VARIANTS) {
      CelSelector compiled = CelEnvironment.of(v).compile(expression);
      assertThat(compiled.compileError()).as(v + ": " + expression).isNull();
      assertThat(read).as(v + ": " + expression).isEqualTo(compiled.fastTree());
    }
  }

  /** A random expression of the subset, with random spacing and quotes. */
  private static String random(Random r) {
    int terms = 1 + r.nextInt(9);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < terms; i++) {
      if (i > 0) {
        b.append(space(r)).append(r.nextBoolean() ? "&&" : "||").append(space(r));
      }
      b.append(comparison(r));
    }
    return space(r) + b + space(r);
  }

  private static String comparison(Random r) {
    String op = space(r) + (r.nextBoolean() ? "==" : "!=") + space(r);
    if (r.nextInt(3) == 0) {
      return "device" + space(r) + "." + space(r) + "driver" + op + quoted(r, "drv" + r.nextInt(3));
    }
    String domain = r.nextBoolean() ? "[" + quoted(r, r.nextBoolean() ? D : "x.y") + "]" : ".dom";
    String id = r.nextBoolean() ? "." + (r.nextBoolean() ? "model" : "_id9") : "[" + quoted(r, "a b") + "]";
    String literal = switch (r.nextInt(4)) {
      case 0 -> quoted(r, "v" + r.nextInt(3));
      case 1 -> Long.toString(Math.floorMod(r.nextLong(), 1_000_000_000_000_000_000L));
      case 2 -> r.nextBoolean() ? "true" : "false";
      default -> Integer.toString(r.nextInt(10));
    };
    return "device.attributes" + domain + id + op + literal;
  }

  private static String quoted(Random r, String text) {
    return r.nextBoolean() ? "\"" + text + "\"" : "'" + text + "'";
  }

  private static String space(Random r) {
    return List.of("", " ", "  ", "\n", "\t").get(r.nextInt(5));
  }
}
