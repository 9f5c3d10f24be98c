package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.core.internal.mixin.ResolvedCounterSet;
import io.github.dra4j.testing.Builders;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * Pools validated once per slice content (LikePools) against each node's pools built in a
 * snapshot of that node alone, where nothing is shared: nodes stamped from templates (the same
 * device and counter set lists) with other counter amounts on the same devices, a counter set
 * lacking a counter the devices consume (invalid), equal device lists that are other objects,
 * slice names that sort the other way round, and devices allocated at the start or by commits
 * after some nodes were searched. Every node's pools (validity, reason, counter sets, counters
 * left, binding conditions, devices), usage and answers equal the alone-built ones.
 */
final class LikePoolsPropertyTest {
  private static final List<Device> DEVICES = devices(false);
  private static final List<Device> EQUAL_DEVICES = devices(false);
  private static final List<Device> WAITING_DEVICES = devices(true);
  private static final List<List<CounterSet>> COUNTERS = List.of(
      counters("8", "100"), counters("6", "100"), counters("8", "100"),
      List.of(Builders.counterSet("set-0", Builders.counters("mem", "8")),
          Builders.counterSet("set-1", Builders.counters("mem", "8"))));
  private static final List<ResourceClaim> PROBES = List.of(claim("probe-one", request("r", 1)),
      claim("probe-two", request("r", 2)));

  static LongStream seeds() {
    return LongStream.range(0, 16);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void poolsOfLikeSlicesEqualPoolsBuiltAlone(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    int nodes = 6 + random.nextInt(6);
    List<Node> nodeList = new ArrayList<>();
    Map<String, List<ResourceSlice>> slicesOf = new LinkedHashMap<>();
    List<ResourceSlice> all = new ArrayList<>();
    List<ResourceClaim> live = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      String name = "node-" + n;
      nodeList.add(CoreFixtures.node(name));
      List<Device> devices = List.of(DEVICES, DEVICES, EQUAL_DEVICES, WAITING_DEVICES).get(random.nextInt(4));
      List<CounterSet> counters = COUNTERS.get(random.nextInt(COUNTERS.size()));
      boolean swapped = random.nextBoolean(); // the counter slice sorts first
      List<ResourceSlice> own = List.of(
          stamped(name, swapped ? "b-devices" : "a-devices", devices, List.of()),
          stamped(name, swapped ? "a-counters" : "b-counters", List.of(), counters));
      slicesOf.put(name, own);
      all.addAll(own);
      if (random.nextInt(4) == 0) {
        live.add(CoreFixtures.allocated("start-" + n, name, "dev-" + random.nextInt(4)));
      }
    }
    ClusterSnapshot shared = allocator.snapshot(all, List.of(CLASS_A), live);
    for (Node node : nodeList) {
      if (random.nextBoolean()) {
        var unused = shared.pools(node); // gathered before the commits: their successors are patched, not gathered
      }
    }
    for (int step = 0; step < 4; step++) {
      Node node = nodeList.get(random.nextInt(nodes));
      ResourceClaim c = claim("c-" + step, request("r", 1));
      if (outcome(shared, node, c) instanceof AllocationOutcome.Allocated a) {
        ResourceClaim placed = c.withAllocation(a.results().get(0));
        live.add(placed);
        shared = shared.withAllocated(List.of(placed));
      }
    }
    for (Node node : nodeList) {
      ClusterSnapshot alone = allocator.snapshot(slicesOf.get(node.name()), List.of(CLASS_A), live);
      assertThat(describe(shared.pools(node))).as("pools of %s", node.name()).isEqualTo(describe(alone.pools(node)));
      assertThat(shared.usage(node)).as("usage of %s", node.name()).isEqualTo(alone.usage(node));
      for (ResourceClaim probe : PROBES) {
        assertThat(answer(shared, node, probe)).as("%s on %s", probe.name(), node.name())
            .isEqualTo(answer(alone, node, probe));
      }
    }
  }

  /* Four devices, two per counter set, taking 4 of "mem" and 20 of "engines" (kept as 2E+1). */
  private static List<Device> devices(boolean bindingConditions) {
    List<Device> out = new ArrayList<>();
    for (int d = 0; d < 4; d++) {
      Builders.DeviceBuilder b = Builders.device("dev-" + d).consumes("set-" + d / 2, "mem", "4", "engines", "2E+1");
      out.add((bindingConditions && d == 3 ? b.bindingConditions("ready") : b).build());
    }
    return List.copyOf(out);
  }

  private static List<CounterSet> counters(String mem, String engines) {
    return List.of(Builders.counterSet("set-0", Builders.counters("mem", mem, "engines", engines)),
        Builders.counterSet("set-1", Builders.counters("mem", mem, "engines", engines)));
  }

  /* A node's slice sharing the template's lists, as a cluster generator stamps it. */
  private static ResourceSlice stamped(String node, String suffix, List<Device> devices, List<CounterSet> counters) {
    return new ResourceSlice(ObjectMeta.builder().name(node + "-" + suffix).build(), new ResourceSliceSpec(DRIVER,
        new ResourcePool(node, 1, 2), node, null, false, false, devices, counters, null));
  }

  private static List<String> describe(List<Pool> pools) {
    List<String> out = new ArrayList<>();
    for (Pool p : pools) {
      Map<String, Map<String, BigDecimal>> sets = new LinkedHashMap<>();
      for (Map.Entry<String, ResolvedCounterSet> e : p.counterSets.entrySet()) {
        Map<String, BigDecimal> counters = new LinkedHashMap<>();
        e.getValue().forEachCounter((name, q) -> counters.put(name, q.value()));
        sets.put(e.getKey(), counters);
      }
      out.add(p.id + " incomplete=" + p.incomplete + " invalid=" + p.invalid + " reason=" + p.invalidReason
          + " sets=" + sets + " left=" + p.available() + " overcommitted=" + p.overcommitted
          + " binding=" + p.hasBindingConditions + " dropped=" + p.dropped + " targeting=" + ids(p.targeting)
          + " others=" + ids(p.notTargeting));
    }
    return out;
  }

  private static List<String> ids(List<Pool.PoolSlice> slices) {
    List<String> out = new ArrayList<>();
    for (Pool.PoolSlice s : slices) {
      for (DeviceEntry d : s.devices()) {
        out.add(s.slice().name + "/" + d.id + (d.allocatedAny ? "*" : ""));
      }
    }
    return out;
  }

  /* The outcome, or null when the node's pool is invalid and nothing else fits (an error). */
  private static @Nullable AllocationOutcome outcome(ClusterSnapshot snapshot, Node node, ResourceClaim claim) {
    try {
      return snapshot.allocate(node, List.of(claim));
    } catch (NodeAllocationException e) {
      return null;
    }
  }

  /* The devices, or the explanation of the claims (the pools of other nodes aside), or the error. */
  private static String answer(ClusterSnapshot snapshot, Node node, ResourceClaim claim) {
    try {
      AllocationOutcome o = snapshot.allocate(node, List.of(claim));
      return o instanceof AllocationOutcome.Allocated ? CoreFixtures.devicesOf(o).toString()
          : ((AllocationOutcome.Unsatisfiable) o).explanation().claims().toString();
    } catch (NodeAllocationException e) {
      return "error: " + e.getMessage();
    }
  }
}
