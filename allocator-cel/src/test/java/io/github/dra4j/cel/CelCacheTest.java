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
  void compile_cachesSuccesses() {
    CelCompiler compiler = CelCompiler.create();
    CompiledSelector first = compiler.compile("device.driver == \"a\"", NONE);
    assertThat(compiler.compile("device.driver == \"a\"", NONE)).isSameAs(first);
    assertThat(compiler.compile("device.driver == \"a\"", Features.all())).as("stored expressions ignore gates").isSameAs(first);
    assertThat(compiler.cachedSelectors()).isEqualTo(1);
  }

  @Test
  void compile_doesNotCacheErrors() {
    CelCompiler compiler = CelCompiler.create();
    CompiledSelector first = compiler.compile("device.nope", NONE);
    CompiledSelector second = compiler.compile("device.nope", NONE);
    assertThat(first.compileError()).contains("undefined field 'nope'");
    assertThat(second).isNotSameAs(first);
    assertThat(second.compileError()).isEqualTo(first.compileError());
    assertThat(compiler.cachedSelectors()).isZero();
  }

  @Test
  void compile_evictsLeastRecentlyUsed() {
    CelCompiler compiler = CelCompiler.create(2);
    CompiledSelector a = compiler.compile("true", NONE);
    CompiledSelector b = compiler.compile("false", NONE);
    assertThat(compiler.compile("true", NONE)).isSameAs(a);
    var unused = compiler.compile("true && true", NONE);
    assertThat(compiler.cachedSelectors()).isEqualTo(2);
    assertThat(compiler.compile("true", NONE)).as("recently used, kept").isSameAs(a);
    assertThat(compiler.compile("false", NONE)).as("least recently used, evicted").isNotSameAs(b);
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
