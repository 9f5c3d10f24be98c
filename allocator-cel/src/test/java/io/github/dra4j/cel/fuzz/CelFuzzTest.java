package io.github.dra4j.cel.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SelectorEvaluationException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Fuzzes CEL selectors: any expression compiles or carries a compile error, and evaluating it on
 * a fixed device gives a boolean or a {@link SelectorEvaluationException}, within the cost
 * limit. Both the stored-expression and the new-expression environments are exercised, and a
 * second compile of the same text gives the same answer (the cache).
 *
 * <p>{@code mvn verify} replays the seed corpus in {@code CelFuzzTestInputs/compileAndMatch}
 * (every selector of the scenario corpus plus hand-written edge cases);
 * {@code docs/robustness.md} gives the fuzzing command.
 */
final class CelFuzzTest {
  private static final CelCompiler STORED = CelCompiler.create(64);
  private static final CelCompiler NEW = CelCompiler.forNewExpressions();
  private static final DeviceView DEVICE = new FixedDevice();

  @FuzzTest(maxDuration = "2m")
  void compileAndMatch(byte[] data) {
    String expression = new String(data, StandardCharsets.UTF_8);
    check(STORED, expression);
    check(NEW, expression);
  }

  private static void check(CelCompiler compiler, String expression) {
    CompiledSelector selector = compiler.compile(expression, Features.all());
    assertThat(selector.expression()).isEqualTo(expression);
    if (selector.compileError() != null) {
      assertThat(selector.compileError()).isNotBlank();
      assertThatThrownBy(() -> selector.matches(DEVICE)).isInstanceOf(SelectorEvaluationException.class);
      return;
    }
    Boolean first = matches(selector);
    assertThat(matches(compiler.compile(expression, Features.all()))).isEqualTo(first);
  }

  private static @Nullable Boolean matches(CompiledSelector selector) {
    try {
      return selector.matches(DEVICE);
    } catch (SelectorEvaluationException e) {
      assertThat(e.getMessage()).isNotBlank();
      return null;
    }
  }

  /** One device with an attribute of every type and two capacities, in two domains. */
  private static final class FixedDevice implements DeviceView {
    private static final String DRIVER = "driver-a";
    private static final Map<String, DeviceAttribute> ATTRIBUTES = Map.of(
        "driver-a/model", DeviceAttribute.ofString("A100"),
        "driver-a/generation", DeviceAttribute.ofString("v5"),
        "driver-a/index", DeviceAttribute.ofInt(3),
        "driver-a/selected", DeviceAttribute.ofBool(true),
        "driver-a/driverVersion", DeviceAttribute.ofVersion("1.2.3-rc.1+build"),
        "driver-a/cores", DeviceAttribute.ofInts(List.of(0L, 1L, 2L)),
        "driver-a/tags", DeviceAttribute.ofStrings(List.of("a", "b")),
        "example.com/numa", DeviceAttribute.ofInt(1),
        "example.com/type", DeviceAttribute.ofString("Y"));
    private static final Map<String, DeviceCapacity> CAPACITY = Map.of(
        "driver-a/memory", DeviceCapacity.of("40Gi"),
        "driver-a/capacity-0", DeviceCapacity.of("2"),
        "example.com/slots", DeviceCapacity.of("100m"));

    @Override
    public String driver() {
      return DRIVER;
    }

    @Override
    public String pool() {
      return "pool-a";
    }

    @Override
    public String name() {
      return "device-0";
    }

    @Override
    public @Nullable DeviceAttribute attribute(String domain, String id) {
      return ATTRIBUTES.get(domain + "/" + id);
    }

    @Override
    public @Nullable DeviceCapacity capacity(String domain, String id) {
      return CAPACITY.get(domain + "/" + id);
    }

    @Override
    public void forEachAttribute(EntryVisitor<DeviceAttribute> visitor) {
      ATTRIBUTES.forEach((name, value) -> visitor.visit(domain(name), id(name), value));
    }

    @Override
    public void forEachCapacity(EntryVisitor<DeviceCapacity> visitor) {
      CAPACITY.forEach((name, value) -> visitor.visit(domain(name), id(name), value));
    }

    @Override
    public boolean allowMultipleAllocations() {
      return true;
    }

    private static String domain(String name) {
      return name.substring(0, name.indexOf('/'));
    }

    private static String id(String name) {
      return name.substring(name.indexOf('/') + 1);
    }
  }
}
