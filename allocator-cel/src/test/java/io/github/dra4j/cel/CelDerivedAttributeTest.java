package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.CompiledAttribute;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Derived attributes (DRADerivedAttributes) as compile.go gives them: validateOutputType with
 * DerivedAttribute at compile time, valToDeviceAttribute at run time.
 */
final class CelDerivedAttributeTest {
  private static final String D = "dra.example.com";
  private static final TestDevice DEVICE = TestDevice.of(D)
      .attr("numa", DeviceAttribute.ofInt(1))
      .attr("model", DeviceAttribute.ofString("a100"))
      .attr("cores", DeviceAttribute.ofInts(List.of(0L, 1L)))
      .cap("memory", "80Gi");

  private static DeviceAttribute eval(String expression) {
    CompiledAttribute a = CelCompiler.create().compileAttribute(expression, Features.all());
    assertThat(a.compileError()).isNull();
    return a.evaluate(DEVICE);
  }

  @Test
  void scalarsAndLists_becomeAttributes() {
    assertThat(eval("device.attributes[\"" + D + "\"].numa")).isEqualTo(DeviceAttribute.ofInt(1));
    assertThat(eval("device.attributes[\"" + D + "\"].numa + 1")).isEqualTo(DeviceAttribute.ofInt(2));
    assertThat(eval("device.attributes[\"" + D + "\"].model")).isEqualTo(DeviceAttribute.ofString("a100"));
    assertThat(eval("device.driver == \"" + D + "\"")).isEqualTo(DeviceAttribute.ofBool(true));
    assertThat(eval("semver(\"1.2.3\")")).isEqualTo(DeviceAttribute.ofVersion("1.2.3"));
    assertThat(eval("device.attributes[\"" + D + "\"].cores")).isEqualTo(DeviceAttribute.ofInts(List.of(0L, 1L)));
    assertThat(eval("[\"a\", \"b\"]")).isEqualTo(DeviceAttribute.ofStrings(List.of("a", "b")));
    assertThat(eval("[semver(\"1.0.0\")]")).isEqualTo(DeviceAttribute.ofVersions(List.of("1.0.0")));
    // an empty list has no element type: the constraints treat it as a value of unknown type
    assertThat(eval("device.attributes[\"" + D + "\"].cores.filter(c, c > 5)"))
        .isEqualTo(DeviceAttribute.ofStrings(List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "dyn(1.5) | unsupported CEL return type: float64",
      "dyn(1u) | unsupported CEL return type: uint64",
      "dyn(device.capacity['dra.example.com'].memory) | unsupported CEL return type: *resource.Quantity",
      "[1, 'a'] | expected list element at index 1 to be int, got string",
      "[dyn(1.5)] | unsupported list element type: float64",
      "device.attributes['dra.example.com'].missing | no such key: missing",
  })
  void unsupportedValues_areRuntimeErrors(String expression, String error) {
    CompiledAttribute a = CelCompiler.create().compileAttribute(expression, Features.all());
    assertThat(a.compileError()).isNull();
    assertThatThrownBy(() -> a.evaluate(DEVICE)).isInstanceOf(SelectorEvaluationException.class)
        .hasMessage(error);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "1.5 | must evaluate to a primitive scalar (string, integer, boolean, semver) or a list of these scalars, not double",
      "{'a': 1} | must evaluate to a primitive scalar (string, integer, boolean, semver) or a list of these scalars, not map(string, int)",
      "[[1]] | must evaluate to a primitive scalar (string, integer, boolean, semver) or a list of these scalars, not list(list(int))",
      "device.capacity['dra.example.com'].memory | must evaluate to a primitive scalar (string, integer, boolean, semver) or a list of these scalars, not kubernetes.Quantity",
  })
  void resultTypes_areCheckedAtCompileTime(String expression, String error) {
    assertThat(CelCompiler.create().compileAttribute(expression, Features.all()).compileError()).isEqualTo(error);
  }

  @Test
  void newExpressionsWithoutListTypes_mayNotEvaluateToLists() {
    Features noLists = Features.all().with(java.util.Map.of("DRAListTypeAttributes", false));
    assertThat(CelCompiler.forNewExpressions().compileAttribute("[1]", noLists).compileError())
        .isEqualTo("must evaluate to a primitive scalar (string, integer, boolean, semver), not list(int)");
    // the allocator compiles stored expressions: lists stay allowed whatever the gate
    assertThat(CelCompiler.create().compileAttribute("[1]", noLists).compileError()).isNull();
  }

  @Test
  void selectorsAndDerivedAttributes_areCachedApart() {
    CelCompiler compiler = CelCompiler.create();
    assertThat(compiler.compile("1", Features.all()).compileError()).isNotNull();
    assertThat(compiler.compileAttribute("1", Features.all()).compileError()).isNull();
    assertThat(compiler.compile("true", Features.all()).compileError()).isNull();
    assertThat(compiler.compileAttribute("true", Features.all()).evaluate(DEVICE)).isEqualTo(DeviceAttribute.ofBool(true));
  }
}
