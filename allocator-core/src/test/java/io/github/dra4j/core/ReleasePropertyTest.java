package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.exactly;
import static io.github.dra4j.core.CoreFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * Releasing claims incrementally (withoutAllocated) against building the snapshot from scratch
 * with the claims still allocated: random commits and releases on nodes whose devices share a
 * counter set, a device shared by capacity (consumable capacity) and a pool every node sees, with
 * releases by newer copies of a claim, of several claims at once and of unknown claims, now
 * and then a step from an older snapshot, snapshots left unsearched (so that a node's pools
 * come from some steps back) and snapshots built again from the line's latest
 * (StructuredAllocator.snapshot(previous, ...)), which later commits derive from. After every
 * step, every node gives the same answers (the same devices, or the same explanation) and the
 * same usage, which a fresh snapshot also gives before any search (its pools have no layout to
 * read in-use and counter flags from).
 */
final class ReleasePropertyTest {
  private static final List<Node> NODES = List.of(CoreFixtures.node("node-0"), CoreFixtures.node("node-1"),
      CoreFixtures.node("node-2"));
  private static final List<ResourceClaim> PROBES = List.of(
      claim("probe-one", request("r", 1)),
      claim("probe-two", request("r", 2)),
      claim("probe-share", exactly("r", Builders.CLASS, 1).capacity("memory", "3Gi").build()));

  private record State(ClusterSnapshot snapshot, List<ResourceClaim> live) {}

  static LongStream seeds() {
    return LongStream.range(0, 12);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void releasingIncrementallyEqualsASnapshotBuiltFromScratch(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    List<ResourceSlice> slices = slices();
    List<State> history = new ArrayList<>();
    history.add(new State(allocator.snapshot(slices, List.of(CLASS_A), List.of()), List.of()));
    int released = 0;
    for (int step = 0; step < 80; step++) {
      State now = random.nextInt(10) == 0 ? history.get(random.nextInt(history.size())) : history.get(history.size() - 1);
      List<ResourceClaim> live = new ArrayList<>(now.live());
      ClusterSnapshot next;
      if (!live.isEmpty() && random.nextInt(3) == 0) {
        List<ResourceClaim> leaving = new ArrayList<>();
        leaving.add(live.remove(random.nextInt(live.size())));
        if (!live.isEmpty() && random.nextBoolean()) {
          leaving.add(live.remove(random.nextInt(live.size())));
        }
        List<ResourceClaim> asked = new ArrayList<>();
        for (ResourceClaim c : leaving) {
          asked.add(random.nextBoolean() ? c : newerCopy(c));
        }
        if (random.nextInt(4) == 0) {
          asked.add(claim("unknown-" + step, request("r", 1)));
        }
        next = now.snapshot().withoutAllocated(asked);
        released += leaving.size();
      } else {
        ResourceClaim c = claim("c-" + step, PROBES.get(random.nextInt(PROBES.size())).spec().devices().requests()
            .toArray(io.github.dra4j.api.DeviceRequest[]::new));
        Node node = NODES.get(random.nextInt(NODES.size()));
        if (!(now.snapshot().allocate(node, List.of(c)) instanceof AllocationOutcome.Allocated a)) {
          continue;
        }
        ResourceClaim placed = c.withAllocation(a.results().get(0));
        live.add(placed);
        next = now.snapshot().withAllocated(List.of(placed));
      }
      if (random.nextInt(8) == 0) {
        // built again from the line, as a scheduler starting a cycle does: its pool entries keep
        // the line's (shared name index, built pools), and later commits derive from them
        next = allocator.snapshot(next, slices, List.of(CLASS_A), live);
      }
      history.add(new State(next, List.copyOf(live)));
      if (random.nextInt(3) == 0) {
        continue; // not searched: the next snapshot takes its nodes' pools from two steps back
      }
      ClusterSnapshot fresh = allocator.snapshot(slices, List.of(CLASS_A), live);
      List<List<PoolUsage>> freshUsage = new ArrayList<>(); // before any search: pools without layouts
      for (Node node : NODES) {
        freshUsage.add(fresh.usage(node));
      }
      for (int n = 0; n < NODES.size(); n++) {
        Node node = NODES.get(n);
        for (ResourceClaim probe : PROBES) {
          assertThat(describe(next.allocate(node, List.of(probe))))
              .as("step %d, %s on %s", step, probe.name(), node.name())
              .isEqualTo(describe(fresh.allocate(node, List.of(probe))));
        }
        assertThat(next.usage(node)).as("step %d, usage of %s against a fresh snapshot's, searched", step, node.name())
            .isEqualTo(fresh.usage(node));
        assertThat(next.usage(node)).as("step %d, usage of %s against a fresh snapshot's before any search", step,
            node.name()).isEqualTo(freshUsage.get(n));
      }
    }
    assertThat(released).as("claims released (the stream exercises releases)").isGreaterThan(5);
  }

  /*
   * Per node: a counter set of 8 "mem", 1 "share" and 100 "engines", and three devices taking 4,
   * 0.5 and 20 (two at a time; a half leaves the counters left in tenths while a device is
   * allocated, whole once it is released; 100 and 20 are kept as 1E+2 and 2E+1, so that the scale
   * of what is left depends on which devices are allocated, as usage reports it); a second
   * counter set of 5 "mem" and two devices taking 4 and 3 (one at a time), so that a commit in one
   * set leaves what is remembered of the other's devices (whether they fit alone) standing; and a
   * device shared by capacity (8Gi of memory); one pool of two devices every node sees.
   */
  private static List<ResourceSlice> slices() {
    List<ResourceSlice> out = new ArrayList<>();
    for (Node node : NODES) {
      String n = node.name();
      out.add(Builders.slice(n + "-devices", DRIVER, n, n,
          Builders.device("dev-0").consumes("set", "mem", "4", "share", "0.5", "engines", "20"),
          Builders.device("dev-1").consumes("set", "mem", "4", "share", "0.5", "engines", "20"),
          Builders.device("dev-2").consumes("set", "mem", "4", "share", "0.5", "engines", "20"),
          Builders.device("dev-3").consumes("other", "mem", "4"),
          Builders.device("dev-4").consumes("other", "mem", "3"),
          Builders.device("share").allowMultipleAllocations(true).capacity("memory", "8Gi")).resourceSliceCount(2).build());
      out.add(Builders.counterSlice(n + "-counters", DRIVER, n, n,
          Builders.counterSet("set", Builders.counters("mem", "8", "share", "1", "engines", "100")),
          Builders.counterSet("other", Builders.counters("mem", "5"))).resourceSliceCount(2).build());
    }
    out.add(Builders.slice("network", DRIVER, "network", null,
        Builders.device("net-0"), Builders.device("net-1")).allNodes(true).build());
    return out;
  }

  private static ResourceClaim newerCopy(ResourceClaim c) {
    return new ResourceClaim(c.metadata().toBuilder().uid("newer").build(), c.spec(), c.status());
  }

  /* The devices, without the random share IDs; or the explanation. */
  private static String describe(AllocationOutcome o) {
    return o instanceof AllocationOutcome.Allocated ? CoreFixtures.devicesOf(o).toString()
        : ((AllocationOutcome.Unsatisfiable) o).explanation().toString();
  }
}
