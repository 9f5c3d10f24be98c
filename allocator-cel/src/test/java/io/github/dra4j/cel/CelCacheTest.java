package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.Features;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

final class CelCacheTest {

  private static final Features NONE = Features.none();

  @Test
  void create_isOneCompilerPerProcess() {
    assertThat(CelCompiler.create()).isSameAs(CelCompiler.create());
    assertThat(CelCompiler.forNewExpressions()).isSameAs(CelCompiler.forNewExpressions()).isNotSameAs(CelCompiler.create());
    assertThat(CelCompiler.create(4)).as("a sized cache is the caller's own").isNotSameAs(CelCompiler.create(4));
  }

  @Test
  void environments_areSharedByEveryCompiler() {
    CelEnvironment.Variant gated = new CelEnvironment.Variant(false, true, false);
    assertThat(CelEnvironment.of(CelEnvironment.Variant.stored())).isSameAs(CelEnvironment.of(CelEnvironment.Variant.stored()));
    assertThat(CelEnvironment.of(gated)).isSameAs(CelEnvironment.of(new CelEnvironment.Variant(false, true, false)))
        .isNotSameAs(CelEnvironment.of(CelEnvironment.Variant.stored()));
  }

  @Test
  void create_sharesCompiledSelectorsAcrossAllocators() {
    String expression = "device.driver == \"shared-" + System.nanoTime() + "\"";
    assertThat(CelCompiler.create().compile(expression, NONE)).isSameAs(CelCompiler.create().compile(expression, Features.all()));
  }

  @Test
  void compile_cachesSuccesses() {
    CelCompiler compiler = CelCompiler.create(16);
    CompiledSelector first = compiler.compile("device.driver == \"a\"", NONE);
    assertThat(compiler.compile("device.driver == \"a\"", NONE)).isSameAs(first);
    assertThat(compiler.compile("device.driver == \"a\"", Features.all())).as("stored expressions ignore gates").isSameAs(first);
    assertThat(compiler.cachedSelectors()).isEqualTo(1);
  }

  @Test
  void compile_doesNotCacheErrors() {
    CelCompiler compiler = CelCompiler.create(16);
    CompiledSelector first = compiler.compile("device.nope", NONE);
    CompiledSelector second = compiler.compile("device.nope", NONE);
    assertThat(first.compileError()).contains("undefined field 'nope'");
    assertThat(second).isNotSameAs(first);
    assertThat(second.compileError()).isEqualTo(first.compileError());
    assertThat(compiler.cachedSelectors()).isZero();
  }

  @Test
  void compile_staysBoundedAndKeepsWhatIsUsedOften() {
    CelCompiler compiler = CelCompiler.create(4);
    // Caffeine counts uses once the cache is half full.
    for (String filler : List.of("false", "true && false", "false || false")) {
      var unused = compiler.compile(filler, NONE);
    }
    CompiledSelector often = compiler.compile("true", NONE);
    for (int i = 0; i < 10; i++) {
      assertThat(compiler.compile("true", NONE)).isSameAs(often);
    }
    for (int i = 0; i < 50; i++) {
      var unused = compiler.compile("device.attributes[\"d\"].n == " + i, NONE);
      assertThat(compiler.cachedSelectors()).isLessThanOrEqualTo(4);
    }
    assertThat(compiler.compile("true", NONE)).as("used often, kept through a pass over one-off selectors").isSameAs(often);
  }

  @Test
  void create_rejectsEmptyCache() {
    assertThatThrownBy(() -> CelCompiler.create(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1");
  }

  @Test
  void newExpressions_keyIncludesFeatures() {
    CelCompiler compiler = CelCompiler.forNewExpressions();
    String expression = "device.allowMultipleAllocations";
    assertThat(compiler.compile(expression, NONE).compileError()).contains("undefined field 'allowMultipleAllocations'");
    CompiledSelector enabled = compiler.compile(expression, NONE.with(Map.of("DRAConsumableCapacity", true)));
    assertThat(enabled.compileError()).isNull();
    assertThat(enabled.matches(TestDevice.multi("d"))).isTrue();
    assertThat(compiler.compile(expression, NONE).compileError()).as("the disabled variant still fails").isNotNull();
  }

  @Test
  void concurrentCompileAndMatch_giveEveryThreadTheRightAnswer() throws Exception {
    CelCompiler compiler = CelCompiler.create(8);
    List<String> expressions = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      expressions.add("device.attributes[\"d\"].n == " + i + " || device.attributes[\"d\"].n > " + (i + 100));
    }
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int seed = t;
        futures.add(pool.submit(() -> {
          int checked = 0;
          for (int i = 0; i < 400; i++) {
            int e = (seed * 7 + i) % expressions.size();
            int n = (seed + i) % 25;
            CompiledSelector s = compiler.compile(expressions.get(e), NONE);
            boolean expected = n == e;
            assertThat(s.matches(TestDevice.of("d").attr("n", DeviceAttribute.ofInt(n)))).isEqualTo(expected);
            checked++;
          }
          return checked;
        }));
      }
      int total = 0;
      for (Future<Integer> f : futures) {
        total += f.get(2, TimeUnit.MINUTES);
      }
      assertThat(total).isEqualTo(8 * 400);
    } finally {
      pool.shutdownNow();
    }
    assertThat(compiler.cachedSelectors()).isBetween(1, 8);
  }
}
