package io.github.dra4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/* A persistent map equals a copied HashMap with the same replacements, and never changes itself. */
final class PersistentMapTest {
  @ParameterizedTest(name = "{0} keys")
  @ValueSource(ints = {0, 1, 31, 32, 33, 1024, 1025, 40_000})
  void replacementsEqualCopyingAndLeaveTheOriginalAlone(int size) {
    Map<String, Integer> plain = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      plain.put("node-" + i, i);
    }
    PersistentMap<String, Integer> map = PersistentMap.of(plain);
    PersistentMap<String, Integer> original = map;
    Map<String, Integer> expected = new HashMap<>(plain);
    SplittableRandom random = new SplittableRandom(size);
    for (int step = 0; step < 50 && size > 0; step++) {
      Map<String, Integer> change = new HashMap<>();
      for (int k = random.nextInt(1, 4); k > 0; k--) {
        change.put("node-" + random.nextInt(size), -step);
      }
      map = map.with(change);
      expected.putAll(change);
    }

    assertThat(map).isEqualTo(expected).hasSize(size);
    assertThat(map.keySet()).containsExactlyElementsOf(plain.keySet());
    assertThat(original).isEqualTo(plain);
    assertThat(map.get("missing")).isNull();
    assertThat(map.containsKey("missing")).isFalse();
    assertThatThrownBy(() -> original.with(Map.of("missing", 1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("missing");
  }
}
