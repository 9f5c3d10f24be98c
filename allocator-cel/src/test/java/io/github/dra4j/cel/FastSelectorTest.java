package io.github.dra4j.cel;

import static io.github.dra4j.cel.CelSelectorTableTest.D;
import static io.github.dra4j.cel.CelSelectorTableTest.attr;
import static io.github.dra4j.cel.CelSelectorTableTest.cap;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SelectorEvaluationException;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast path of simple selectors ({@link FastSelector}) against the program it short-cuts:
 * whenever the fast tree decides, the program gives the same boolean; when it says the program
 * returns a value, the program does not throw; and {@link CelSelector#matches} always equals the
 * program's outcome.
 */
final class FastSelectorTest {

  private static final CelCompiler STORED = CelSelectorTableTest.STORED;
  private static final CelCompiler NEW = CelSelectorTableTest.NEW;
  private static final String OTHER = "other.example.com";

  /** Expressions in and around the subset, with operands that error, throw or mistype. */
  static List<String> expressions() {
    List<String> e = new ArrayList<>(List.of(
        "true", "false", "!true", "true && false", "false || true",
        "device.driver == \"" + D + "\"", "\"" + D + "\" == device.driver", "device.driver != \"" + D + "\"",
        "\"" + D + "\" != device.driver", "device.driver == \"\"", "device.driver == \"gpu.\\u00e9xample.com\"",
        attr("string") + " == \"fish\"", "\"fish\" == " + attr("string"), attr("string") + " != \"fish\"",
        "\"fish\" != " + attr("string"), attr("string") + " == \"\\u0066ish\"", attr("string") + " == \"cat\"",
        "device.attributes[\"" + D + "\"][\"string\"] == \"fish\"", attr("string") + " == 1", attr("string") + " == true",
        attr("int") + " == 1", "1 == " + attr("int"), attr("int") + " != 1", attr("int") + " == -1",
        attr("int") + " == 3", attr("int") + " == 1u", attr("int") + " == 1.0", attr("int") + " == \"1\"",
        attr("int") + " == 9223372036854775807", attr("int") + " != -9223372036854775808",
        attr("bool") + " == true", "false == " + attr("bool"), attr("bool") + " != true", attr("bool") + " == 1",
        attr("bool"), "!" + attr("bool"), attr("string"), attr("int"), "device.attributes[\"" + D + "\"][\"bool\"]",
        attr("version") + " == \"1.0.0\"", attr("version") + " != \"1.0.0\"", attr("ints") + " == 1",
        attr("strings") + " == \"fish\"", attr("bools") + " == true", attr("versions") + " == \"1.0.0\"",
        attr("missing") + " == 1", attr("missing") + " != \"x\"", attr("missing"),
        "device.attributes[\"" + OTHER + "\"].name == true", "device.attributes[\"" + OTHER + "\"].name",
        "device.attributes.nodomain.x == 1", "device.attributes[\"no-such-domain\"][\"x\"] != 1",
        "device.attributes[\"" + D + "\"].other == \"fish\"",
        attr("missing") + " == 1 && device.driver == \"nope\"", "device.driver == \"nope\" && " + attr("missing") + " == 1",
        attr("missing") + " == 1 || device.driver == \"" + D + "\"", "device.driver == \"" + D + "\" || " + attr("missing") + " == 1",
        attr("missing") + " == 1 && " + attr("int") + " == 1", attr("missing") + " == 1 || " + attr("int") + " != 1",
        attr("version") + " == \"1.0.0\" && device.driver == \"nope\"", attr("string") + " && device.driver == \"nope\"",
        attr("string") + " || device.driver == \"" + D + "\"", attr("int") + " && " + attr("bool"),
        "device.driver == \"" + D + "\" && " + attr("int") + " == 1 && " + attr("string") + " == \"fish\" && " + attr("bool"),
        "device.driver == \"" + D + "\" || " + attr("int") + " == 2 || " + attr("string") + " == \"cat\"",
        "(device.driver == \"" + D + "\" || " + attr("int") + " == 2) && !(" + attr("string") + " == \"cat\")",
        "!(" + attr("missing") + " == 1) || device.driver == \"" + D + "\"",
        attr("int") + " == 1 && " + cap("memory") + ".isGreaterThan(quantity(\"1Ki\"))",
        cap("memory") + ".isGreaterThan(quantity(\"1Ki\")) && device.driver == \"nope\"",
        cap("memory") + ".isGreaterThan(quantity(\"1Ki\")) || device.driver == \"" + D + "\"",
        attr("int") + " > 0 && device.driver == \"nope\"", "device.driver == \"nope\" && " + attr("int") + " > 0",
        "has(" + attr("int") + ") && " + attr("int") + " == 1", attr("int") + " == 1 ? true : false",
        "[1, 2, 3].all(x, x > 0) && device.driver == \"nope\"", "device.driver == \"nope\" && [1, 2, 3].all(x, x > 0)",
        "device.allowMultipleAllocations == false && " + attr("int") + " == 1",
        "[device].all(device, device.driver == \"" + D + "\")",
        "cel.bind(device, device.attributes[\"" + D + "\"], device.int == 1)",
        attr("version") + ".isGreaterThan(semver(\"0.1.0\")) && " + attr("string") + " == \"fish\"",
        cap("memory") + ".compareTo(quantity(\"1Mi\")) == 0", cap("memory") + ".compareTo(quantity(\"1024Ki\")) != 0",
        "1 <= " + cap("memory") + ".compareTo(quantity(\"1Ki\"))", cap("missing") + ".isLessThan(quantity(\"1\"))",
        attr("version") + ".isLessThan(semver(\"1.0.1-rc.1\")) || device.driver == \"nope\"",
        attr("string") + ".isGreaterThan(semver(\"1.0.0\")) || device.driver == \"" + D + "\"",
        attr("versions") + ".isGreaterThan(semver(\"1.0.0\"))", attr("missing") + ".compareTo(semver(\"1.0.0\")) < 0",
        "device.capacity[\"" + OTHER + "\"].slots.compareTo(quantity(\"4\")) == 0"));
    for (String op : List.of(" && ", " || ")) {
      for (String left : List.of(attr("int") + " == 1", attr("missing") + " == 1", attr("version") + " == \"1\"", "true", "false")) {
        for (String right : List.of(attr("string") + " != \"fish\"", attr("missing") + " != 2", attr("bool"), "false", "true")) {
          e.add(left + op + right);
        }
      }
    }
    return e;
  }

  /** Fixed devices: every kind present, kinds swapped, attributes missing, another driver. */
  static List<DeviceView> devices() {
    List<DeviceView> d = new ArrayList<>();
    d.add(CelSelectorTableTest.gpu());
    d.add(CelSelectorTableTest.empty());
    d.add(TestDevice.of(D));
    d.add(TestDevice.of("gpu.\u00e9xample.com").attr(D + "/int", DeviceAttribute.ofInt(1)));
    d.add(TestDevice.of(D).attr("string", DeviceAttribute.ofString("cat")).attr("int", DeviceAttribute.ofInt(2))
        .attr("bool", DeviceAttribute.ofBool(false)).attr(OTHER + "/name", DeviceAttribute.ofBool(false)));
    d.add(TestDevice.of(D).attr("string", DeviceAttribute.ofInt(1)).attr("int", DeviceAttribute.ofString("1"))
        .attr("bool", DeviceAttribute.ofString("true")).attr("version", DeviceAttribute.ofInt(1)));
    d.add(TestDevice.of(D).attr("string", DeviceAttribute.ofVersion("1.0.0")).attr("int", DeviceAttribute.ofInts(List.of(1L)))
        .attr("bool", DeviceAttribute.ofBools(List.of(true))).attr("version", DeviceAttribute.ofVersion("v1.0")));
    d.add(TestDevice.of(D).attr("int", DeviceAttribute.ofInt(Long.MAX_VALUE)).attr("string", DeviceAttribute.ofString(""))
        .attr("bool", DeviceAttribute.ofBool(true)).attr("version", DeviceAttribute.ofString("1.0.0")));
    d.add(TestDevice.of(D).attr("int", DeviceAttribute.ofInt(-1)).attr("string", DeviceAttribute.ofStrings(List.of("fish"))));
    d.add(TestDevice.of("other.driver").attr(D + "/int", DeviceAttribute.ofInt(1)).attr(D + "/string", DeviceAttribute.ofString("fish")));
    d.add(TestDevice.multi(D).attr("int", DeviceAttribute.ofInt(1)).attr("bool", DeviceAttribute.ofBool(true)).cap("memory", "2Gi"));
    return d;
  }

  /** Fixed devices plus the random mixin devices of {@link CelDifferentialTest}. */
  static List<DeviceView> allDevices() {
    List<DeviceView> d = new ArrayList<>(devices());
    Random random = new Random(20261122);
    for (int round = 0; round < 40; round++) {
      ResolvedSlice slice = MixinResolver.resolve(CelDifferentialTest.randomSlice(random), true);
      if (slice.problems().isEmpty()) {
        d.addAll(slice.devices());
      }
    }
    return d;
  }

  static Stream<Named<CelCompiler>> compilers() {
    return Stream.of(Named.of("stored", STORED), Named.of("new-expressions", NEW));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compilers")
  void fastDecisionsEqualTheProgram(CelCompiler compiler) {
    List<DeviceView> devices = allDevices();
    int decided = 0;
    int values = 0;
    int fallbacks = 0;
    int compiled = 0;
    for (String expression : expressions()) {
      CompiledSelector s = compiler.compile(expression, Features.none());
      if (s.compileError() != null) {
        continue;
      }
      compiled++;
      CelSelector selector = (CelSelector) s;
      FastSelector.Node fast = selector.fastTree();
      for (DeviceView device : devices) {
        String program = programOutcome(selector, device);
        int decision = fast == null ? FastSelector.UNKNOWN : fast.eval(device);
        String where = expression + " on " + device;
        if (decision == FastSelector.TRUE || decision == FastSelector.FALSE) {
          assertThat(program).as(where).isEqualTo(String.valueOf(decision == FastSelector.TRUE));
          decided++;
        } else if (decision == FastSelector.VALUE) {
          assertThat(program).as("program returns a value: " + where).doesNotStartWith("thrown");
          values++;
        } else {
          fallbacks++;
        }
        assertThat(outcome(selector, device)).as(where).isEqualTo(program.replaceFirst("^thrown ", ""));
      }
    }
    // Every kind of decision occurs, so none of them is silently switched off.
    assertThat(compiled).isGreaterThan(100);
    assertThat(decided).isGreaterThan(2000);
    assertThat(values).isGreaterThan(200);
    assertThat(fallbacks).isGreaterThan(200);
  }

  @Test
  void expensiveOperandsLeaveTheAnswerToTheProgram() {
    String expensive = "(" + CelLimitsTest.EXPENSIVE + ")";
    String nope = "device.driver == \"nope\"";
    String yes = "device.driver == \"" + D + "\"";
    DeviceView device = CelSelectorTableTest.gpu();
    for (String expression : List.of(expensive + " && " + nope, expensive + " || " + yes, "!" + expensive + " || " + yes)) {
      CelSelector s = (CelSelector) STORED.compile(expression, Features.none());
      assertThat(s.fastTree()).as(expression).isNotNull();
      assertThat(s.fastTree().eval(device)).as(expression).isEqualTo(FastSelector.UNKNOWN);
      assertThat(outcome(s, device)).as(expression).isEqualTo("error: " + CostBudget.LIMIT_EXCEEDED);
    }
    for (String expression : List.of(nope + " && " + expensive, yes + " || " + expensive)) {
      CelSelector s = (CelSelector) STORED.compile(expression, Features.none());
      assertThat(s.fastTree().eval(device)).as(expression).isIn(FastSelector.TRUE, FastSelector.FALSE);
      assertThat(programOutcome(s, device)).as("short-circuit: " + expression)
          .isEqualTo(String.valueOf(s.fastTree().eval(device) == FastSelector.TRUE));
    }
  }

  /** One simple selector on one device: the fast tree exists and decides alone. */
  record Decided(String expression, DeviceView device, boolean expected) {}

  static Named<Decided> decided(String name, String expression, DeviceView device, boolean expected) {
    return Named.of(name, new Decided(expression, device, expected));
  }

  static Stream<Named<Decided>> simpleShapes() {
    DeviceView gpu = CelSelectorTableTest.gpu();
    DeviceView other = TestDevice.of("other.driver");
    String mig = "device.attributes[\"" + D + "\"].type == \"mig\"";
    DeviceView migDevice = TestDevice.of(D).attr("type", DeviceAttribute.ofString("mig"))
        .attr("profile", DeviceAttribute.ofString("1g.10gb")).attr("index", DeviceAttribute.ofInt(63));
    return Stream.of(
        decided("driver", "device.driver == \"" + D + "\"", gpu, true),
        decided("driver-other", "device.driver == \"" + D + "\"", other, false),
        decided("driver-left", "\"" + D + "\" == device.driver", other, false),
        decided("driver-not-equal", "device.driver != \"" + D + "\"", other, true),
        decided("string", "device.attributes[\"" + D + "\"].profile == \"1g.10gb\"", migDevice, true),
        decided("string-index", "device.attributes[\"" + D + "\"][\"profile\"] == \"2g.20gb\"", migDevice, false),
        decided("string-select-domain", "device.attributes.other.x == \"a\" || " + mig, migDevice, true),
        decided("int", "device.attributes[\"" + D + "\"].index == 63", migDevice, true),
        decided("int-left", "62 == device.attributes[\"" + D + "\"].index", migDevice, false),
        decided("int-negative", "device.attributes[\"" + D + "\"].index == -63", migDevice, false),
        decided("int-not-equal", "device.attributes[\"" + D + "\"].index != 63", migDevice, false),
        decided("bool", attr("bool") + " == true", gpu, true),
        decided("bool-bare", attr("bool"), gpu, true),
        decided("bool-negated", "!" + attr("bool"), gpu, false),
        decided("class", "device.driver == \"" + D + "\" && " + mig, migDevice, true),
        decided("class-other-driver", "device.driver == \"" + D + "\" && " + mig, other, false),
        decided("chain", mig + " && device.driver == \"" + D + "\" && "
            + "device.attributes[\"" + D + "\"].index == 63 && device.attributes[\"" + D + "\"].profile != \"x\"", migDevice, true),
        decided("chain-or", "device.attributes[\"" + D + "\"].index == 1 || device.attributes[\"" + D + "\"].index == 2 || "
            + "device.attributes[\"" + D + "\"].index == 63", migDevice, true),
        decided("false-left-of-opaque", "device.attributes[\"" + D + "\"].index == 1 && "
            + cap("memory") + ".compareTo(quantity(\"40Gi\")) >= 0", migDevice, false),
        decided("true-left-of-opaque", "device.attributes[\"" + D + "\"].index == 63 || "
            + "device.attributes[\"" + D + "\"].driverVersion.isGreaterThan(semver(\"0.9.0\"))", migDevice, true),
        decided("missing-left-of-false", attr("missing") + " == 1 && device.driver == \"nope\"", gpu, false),
        decided("missing-left-of-true", attr("missing") + " == 1 || device.driver == \"" + D + "\"", gpu, true),
        decided("quantity", cap("memory") + ".compareTo(quantity(\"40Gi\")) >= 0", gpu, false),
        decided("quantity-reversed", "0 > " + cap("memory") + ".compareTo(quantity(\"40Gi\"))", gpu, true),
        decided("quantity-greater", cap("memory") + ".isGreaterThan(quantity(\"1Ki\"))", gpu, true),
        decided("semver", attr("version") + ".isGreaterThan(semver(\"0.9.0\"))", gpu, true),
        decided("semver-less", attr("version") + ".isLessThan(semver(\"1.0.0\"))", gpu, false),
        decided("literal", "true", gpu, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("simpleShapes")
  void simpleShapesAreDecidedWithoutTheProgram(Decided c) {
    CelSelector s = (CelSelector) STORED.compile(c.expression(), Features.none());
    assertThat(s.compileError()).isNull();
    assertThat(s.fastTree()).isNotNull();
    assertThat(s.fastTree().eval(c.device())).isEqualTo(c.expected() ? FastSelector.TRUE : FastSelector.FALSE);
    assertThat(s.evaluate(c.device())).isEqualTo(c.expected());
    assertThat(s.matches(c.device())).isEqualTo(c.expected());
  }

  static Stream<Named<String>> outsideTheSubset() {
    return Stream.of(
        Named.of("comparison", attr("int") + " > 1"),
        Named.of("quantity-variable", cap("memory") + ".compareTo(" + cap("cores") + ") >= 0"),
        Named.of("semver-tolerant", attr("version") + ".isGreaterThan(semver(\"v0.9\", true))"),
        Named.of("uint", attr("int") + " == 1u"),
        Named.of("double", attr("int") + " == 1.0"),
        Named.of("attribute-to-attribute", attr("int") + " == " + attr("int")),
        Named.of("driver-to-attribute", "device.driver == " + attr("string")),
        Named.of("has", "has(" + attr("int") + ")"),
        Named.of("in", "\"" + D + "\" in device.attributes"),
        Named.of("ternary", attr("int") + " == 1 ? true : false"),
        Named.of("macro", attr("ints") + ".exists(x, x == 1)"),
        Named.of("capacity", "device.capacity[\"" + D + "\"].memory == quantity(\"1Gi\")"),
        Named.of("allowMultipleAllocations", "device.allowMultipleAllocations"),
        Named.of("only-opaque-operands", attr("int") + " > 1 && " + attr("int") + " < 5"),
        Named.of("shadowed-device", "[device].all(device, device.driver == \"" + D + "\")"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("outsideTheSubset")
  void otherShapesHaveNoFastTree(String expression) {
    CelSelector s = (CelSelector) STORED.compile(expression, Features.none());
    assertThat(s.compileError()).isNull();
    assertThat(s.fastTree()).isNull();
  }

  @Test
  void aFailingViewIsReportedAsTheProgramReportsIt() {
    CelSelector s = (CelSelector) STORED.compile(attr("int") + " == 1", Features.none());
    assertThat(s.fastTree()).isNotNull();
    DeviceView failing = new FixedDevice() {
      @Override
      public @Nullable DeviceAttribute attribute(String domain, String id) {
        throw new IllegalStateException("view broken");
      }
    };
    assertThatThrownBy(() -> s.matches(failing)).isInstanceOf(SelectorEvaluationException.class)
        .hasMessageContaining("view broken");
    assertThat(outcome(s, failing)).isEqualTo(programOutcome(s, failing).replaceFirst("^thrown ", ""));
  }

  @Test
  void compileErrorsHaveNoFastTree() {
    CelSelector s = (CelSelector) STORED.compile("device.driver == 1", Features.none());
    assertThat(s.compileError()).contains("found no matching overload for '_==_'");
    assertThat(s.fastTree()).isNull();
  }

  @Test
  void fastPathAllocatesNothing() {
    CelSelector s = (CelSelector) STORED.compile("device.driver == \"" + D + "\" && device.attributes[\"" + D
        + "\"].type == \"mig\" && (" + attr("index") + " == 63 || !" + attr("flag") + ")", Features.none());
    DeviceView device = new FixedDevice();
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    int matched = 0;
    for (int i = 0; i < 1_000; i++) {
      matched += s.matches(device) ? 1 : 0;
    }
    long before = threads.getThreadAllocatedBytes(id);
    for (int i = 0; i < 100_000; i++) {
      matched += s.matches(device) ? 1 : 0;
    }
    long allocated = threads.getThreadAllocatedBytes(id) - before;
    assertThat(matched).isEqualTo(101_000);
    // A few bytes for the measurement itself; one boxed value per call would be megabytes.
    assertThat(allocated).isLessThan(10_000);
  }

  /** A device whose lookups allocate nothing, unlike {@link TestDevice}. */
  private static class FixedDevice implements DeviceView {
    private static final DeviceAttribute MIG = DeviceAttribute.ofString("mig");
    private static final DeviceAttribute INDEX = DeviceAttribute.ofInt(63);

    @Override
    public String driver() {
      return D;
    }

    @Override
    public String pool() {
      return "pool";
    }

    @Override
    public String name() {
      return "device";
    }

    @Override
    public @Nullable DeviceAttribute attribute(String domain, String id) {
      if (!domain.equals(D)) {
        return null;
      }
      return id.equals("type") ? MIG : id.equals("index") ? INDEX : null;
    }

    @Override
    public @Nullable DeviceCapacity capacity(String domain, String id) {
      return null;
    }

    @Override
    public void forEachAttribute(EntryVisitor<DeviceAttribute> visitor) {
      visitor.visit(D, "type", MIG);
      visitor.visit(D, "index", INDEX);
    }

    @Override
    public void forEachCapacity(EntryVisitor<DeviceCapacity> visitor) {}

    @Override
    public boolean allowMultipleAllocations() {
      return false;
    }
  }

  /** {@return "true", "false", "error: message", or "thrown error: message" when the program threw} */
  private static String programOutcome(CelSelector s, DeviceView device) {
    try {
      return String.valueOf(s.evaluate(device));
    } catch (SelectorEvaluationException e) {
      boolean thrown = e.getCause() != null || CostBudget.LIMIT_EXCEEDED.equals(e.getMessage());
      return (thrown ? "thrown " : "") + "error: " + e.getMessage();
    }
  }

  private static String outcome(CompiledSelector s, DeviceView device) {
    try {
      return String.valueOf(s.matches(device));
    } catch (SelectorEvaluationException e) {
      return "error: " + e.getMessage();
    }
  }
}
