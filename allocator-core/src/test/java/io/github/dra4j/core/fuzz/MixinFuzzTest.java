package io.github.dra4j.core.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.MixinFlattener;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounters;
import io.github.dra4j.core.internal.mixin.ResolvedDevice;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fuzzes mixin resolution on decoded slices: resolving (gate on and off) and walking every
 * lazy view never throws and terminates, and {@link MixinFlattener} either flattens or fails
 * with its documented {@link IllegalArgumentException}; a flattened slice resolves to the same
 * effective attributes, capacities and counters as the lazy views.
 *
 * <p>{@code mvn verify} replays the seed corpus in {@code MixinFuzzTestInputs/resolve} (the
 * scenarios that use mixins); {@code docs/robustness.md} gives the fuzzing command.
 */
final class MixinFuzzTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  @FuzzTest(maxDuration = "2m")
  void resolve(byte[] data) {
    List<Object> objects;
    try {
      objects = CODEC.readAll(new String(data, StandardCharsets.UTF_8), "fuzz.yaml");
    } catch (DecodeException e) {
      return;
    }
    for (Object o : objects) {
      if (o instanceof ResourceSlice) {
        check((ResourceSlice) o);
      }
    }
  }

  private static void check(ResourceSlice slice) {
    walk(MixinResolver.resolve(slice, false));
    ResolvedSlice resolved = MixinResolver.resolve(slice, true);
    List<String> lazy = walk(resolved);
    ResourceSlice flat;
    try {
      flat = MixinFlattener.flatten(slice);
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).contains("cannot flatten mixins");
      return;
    }
    assertThat(flat.spec().mixins()).isNull();
    assertThat(walk(MixinResolver.resolve(flat, true))).isEqualTo(lazy);
  }

  /** Reads every effective entry of every view, as the allocator would. */
  private static List<String> walk(ResolvedSlice resolved) {
    StringBuilder out = new StringBuilder();
    for (ResolvedDevice device : resolved.devices()) {
      Map<String, Object> entries = new TreeMap<>();
      device.forEachAttribute((domain, id, value) -> entries.put("a " + domain + "/" + id, value));
      device.forEachCapacity((domain, id, value) -> entries.put("c " + domain + "/" + id, value));
      for (ResolvedCounters counters : device.consumesCounters()) {
        counters.forEachCounter((name, value) ->
            entries.put("u " + counters.counterSet() + "/" + name, value.toString()));
      }
      out.append(device.name()).append(entries).append('\n');
    }
    for (ResolvedCounterSet counterSet : resolved.counterSets()) {
      Map<String, String> counters = new TreeMap<>();
      counterSet.forEachCounter((name, value) -> counters.put(name, value.toString()));
      out.append(counterSet.counterSet()).append(counters).append('\n');
    }
    return List.of(out.toString().split("\n"));
  }
}
