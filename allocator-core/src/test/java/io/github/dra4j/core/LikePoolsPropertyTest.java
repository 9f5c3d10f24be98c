package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
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
 * device, counter set and mixin lists) with other counter amounts on the same devices, a counter
 * set lacking a counter the devices consume (invalid), devices without their counter slice,
 * equal device and mixin lists that are other objects, mixins that differ in one value between
 * nodes, devices whose attribute count passes the limit under one driver only, pools of another
 * driver with the same pool name, slice names that sort the other way round, some gates off, and
 * devices allocated at the start or by commits after some nodes were searched. Every node's
 * pools (validity, reason, counter sets, counters left, binding conditions, devices), usage and
 * answers equal the alone-built ones.
 */
final class LikePoolsPropertyTest {
  private static final String DRIVER_B = "driver-b";
  private static final DeviceClass CLASS_B = CoreFixtures.deviceClass("class-b", "driver == " + DRIVER_B);
  private static final List<DeviceClass> CLASSES = List.of(CLASS_A, CLASS_B);
  private static final ResourceSliceMixins DEVICE_MIXINS = deviceMixins("2E+1");
  private static final ResourceSliceMixins COUNTER_MIXINS = counterMixins("100");
  /* The device slices' templates, with the mixins lists their copies draw from. */
  private static final List<Template> DEVICE_TEMPLATES = List.of(
      new Template(devices(false), List.of(), List.of()),
      new Template(devices(false), List.of(), List.of()),
      new Template(devices(true), List.of(), List.of()),
      new Template(mixedDevices(), List.of(), List.of(DEVICE_MIXINS, DEVICE_MIXINS, deviceMixins("2E+1"),
          deviceMixins("6E+1"))),
      new Template(wideDevices(), List.of(), List.of(DEVICE_MIXINS, deviceMixins("2E+1"))));
  /* The counter slices' templates; one without counter sets leaves the devices alone in their pool. */
  private static final List<Template> COUNTER_TEMPLATES = List.of(
      new Template(List.of(), counters("8", "100"), List.of()),
      new Template(List.of(), counters("6", "100"), List.of()),
      new Template(List.of(), List.of(Builders.counterSet("set-0", Builders.counters("mem", "8")),
          Builders.counterSet("set-1", Builders.counters("mem", "8"))), List.of()),
      new Template(List.of(), List.of(Builders.counterSet("set-0", Builders.counters("mem", "8"), "base"),
          Builders.counterSet("set-1", Builders.counters("mem", "8"), "base")),
          List.of(COUNTER_MIXINS, COUNTER_MIXINS, counterMixins("100"), counterMixins("90"))),
      new Template(List.of(), List.of(), List.of()));
  /*
   * The gate a run turns off, if any (""). Off, DRAResourceSliceMixins drops what uses mixins (a
   * pool that lost something is never shared) and DRAPartitionableDevices the counter slices.
   */
  private static final List<String> GATES_OFF = List.of("", "", "", "DRAResourceSliceMixins",
      "DRAPartitionableDevices", "DRADeviceBindingConditions");
  private static final List<List<String>> DRIVERS = List.of(List.of(DRIVER), List.of(DRIVER_B),
      List.of(DRIVER, DRIVER_B));
  private static final List<ResourceClaim> PROBES = List.of(claim("probe-one", request("r", 1)),
      claim("probe-two", request("r", 2)), claim("probe-b", requestOf(CLASS_B, 1)));

  static LongStream seeds() {
    return LongStream.range(0, 96);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void poolsOfLikeSlicesEqualPoolsBuiltAlone(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    String off = draw(random, GATES_OFF);
    Features features = off.isEmpty() ? Features.all() : Features.all().with(Map.of(off, false));
    String gates = off.isEmpty() ? "every gate on" : off + " off";
    StructuredAllocator allocator = CoreFixtures.allocator(features);
    int nodes = 6 + random.nextInt(6);
    // a cluster stamps its nodes from a few templates: two device and three counter slice templates per run
    List<Template> deviceTemplates = List.of(draw(random, DEVICE_TEMPLATES), draw(random, DEVICE_TEMPLATES));
    List<Template> counterTemplates = List.of(draw(random, COUNTER_TEMPLATES), draw(random, COUNTER_TEMPLATES),
        draw(random, COUNTER_TEMPLATES));
    List<Node> nodeList = new ArrayList<>();
    Map<String, List<ResourceSlice>> slicesOf = new LinkedHashMap<>();
    List<ResourceSlice> all = new ArrayList<>();
    List<ResourceClaim> live = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      String name = "node-" + n;
      nodeList.add(CoreFixtures.node(name));
      Template devices = draw(random, deviceTemplates);
      Template counters = draw(random, counterTemplates);
      ResourceSliceMixins deviceMixins = devices.mixins.isEmpty() ? null : draw(random, devices.mixins);
      ResourceSliceMixins counterMixins = counters.mixins.isEmpty() ? null : draw(random, counters.mixins);
      // driver-a's pool, driver-b's pool of the same name, or both: driver-a's built first
      List<String> drivers = draw(random, DRIVERS);
      boolean swapped = random.nextBoolean(); // the counter slice sorts first
      int count = counters.counters.isEmpty() ? 1 : 2;
      List<ResourceSlice> own = new ArrayList<>();
      for (String driver : drivers) {
        String prefix = name + "-" + driver + "-";
        own.add(stamped(driver, name, prefix + (swapped ? "b-devices" : "a-devices"), count, devices, deviceMixins));
        if (count == 2) {
          own.add(stamped(driver, name, prefix + (swapped ? "a-counters" : "b-counters"), count, counters,
              counterMixins));
        }
      }
      slicesOf.put(name, own);
      all.addAll(own);
      if (random.nextInt(4) == 0) {
        live.add(Builders.allocatedClaim("start-" + n,
            Builders.result("in-use", drivers.get(0), name, "dev-" + random.nextInt(4))));
      }
    }
    ClusterSnapshot shared = allocator.snapshot(all, CLASSES, live);
    for (Node node : nodeList) {
      if (random.nextBoolean()) {
        var unused = shared.pools(node); // gathered before the commits: their successors are patched, not gathered
      }
    }
    for (int step = 0; step < 4; step++) {
      Node node = nodeList.get(random.nextInt(nodes));
      ResourceClaim c = claim("c-" + step, requestOf(random.nextInt(3) == 0 ? CLASS_B : CLASS_A, 1));
      if (outcome(shared, node, c) instanceof AllocationOutcome.Allocated a) {
        ResourceClaim placed = c.withAllocation(a.results().get(0));
        live.add(placed);
        shared = shared.withAllocated(List.of(placed));
      }
    }
    for (Node node : nodeList) {
      ClusterSnapshot alone = allocator.snapshot(slicesOf.get(node.name()), CLASSES, live);
      assertThat(describe(shared.pools(node))).as("pools of %s, %s", node.name(), gates)
          .isEqualTo(describe(alone.pools(node)));
      assertThat(shared.usage(node)).as("usage of %s", node.name()).isEqualTo(alone.usage(node));
      for (ResourceClaim probe : PROBES) {
        assertThat(answer(shared, node, probe)).as("%s on %s", probe.name(), node.name())
            .isEqualTo(answer(alone, node, probe));
      }
    }
  }

  static List<String> gates() {
    return Features.GATE_NAMES;
  }

  /*
   * One LikePools serves one snapshot, whose gates never change, so no snapshot can show a key
   * that ignores them: the key itself must tell the same slices under other gates apart.
   */
  @ParameterizedTest(name = "{0} off")
  @MethodSource("gates")
  void shapesOfTheSameSlicesDifferUnderOtherGates(String gate) {
    List<ResourceSlice> slices = List.of(stamped(DRIVER, "node-0", "a-devices", 2, DEVICE_TEMPLATES.get(0), null),
        stamped(DRIVER, "node-0", "b-counters", 2, COUNTER_TEMPLATES.get(0), null));
    List<SliceEntry> entries = CoreFixtures.allocator(Features.all()).snapshot(slices, CLASSES, List.of()).index()
        .slicesOnNode().get("node-0");
    List<SliceEntry> targeting = entries.subList(0, 1);
    List<SliceEntry> counterSets = entries.subList(1, 2);
    LikePools.Shape shape = new LikePools.Shape(Features.all(), targeting, counterSets, List.of());
    assertThat(new LikePools.Shape(Features.all(), targeting, counterSets, List.of())).isEqualTo(shape);
    assertThat(new LikePools.Shape(Features.all().with(Map.of(gate, false)), targeting, counterSets, List.of()))
        .isNotEqualTo(shape);
  }

  /* A slice template: its devices or counter sets, and the mixins lists a copy may carry (empty: none). */
  private record Template(List<Device> devices, List<CounterSet> counters, List<ResourceSliceMixins> mixins) {}

  private static <T> T draw(SplittableRandom random, List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
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

  /* The same devices taking their "engines" from a consumption mixin and their model from a device mixin. */
  private static List<Device> mixedDevices() {
    List<Device> out = new ArrayList<>();
    for (int d = 0; d < 4; d++) {
      out.add(Builders.device("dev-" + d).includes("gpu")
          .consumes(Builders.consumption("set-" + d / 2, Builders.counters("mem", "4"), "engines")).build());
    }
    return List.copyOf(out);
  }

  /*
   * The same devices with 32 attribute names under driver-a, the limit, and 33 under driver-b:
   * their own "model" is the mixin's "driver-a/model" only in a slice of driver-a, so the same
   * objects make a valid pool of driver-a and an invalid one of driver-b.
   */
  private static List<Device> wideDevices() {
    List<Device> out = new ArrayList<>();
    for (int d = 0; d < 4; d++) {
      out.add(Builders.device("dev-" + d).attr("model", "a100").includes("wide")
          .consumes("set-" + d / 2, "mem", "4", "engines", "2E+1").build());
    }
    return List.copyOf(out);
  }

  /* The device slices' mixins, made anew for each call; engines is what a device's consumption includes. */
  private static ResourceSliceMixins deviceMixins(String engines) {
    Builders.DeviceMixinBuilder wide = Builders.mixin("wide").attr(DRIVER + "/model", "a100");
    for (int i = 0; i < 31; i++) {
      wide.attr("k" + i, i);
    }
    List<DeviceMixin> device = List.of(Builders.mixin("gpu").attr("model", "a100").build(), wide.build());
    return new ResourceSliceMixins(device,
        List.of(Builders.consumptionMixin("engines", Builders.counters("engines", engines))), List.of());
  }

  /* The counter slices' mixins, made anew for each call; engines is what every counter set includes. */
  private static ResourceSliceMixins counterMixins(String engines) {
    return new ResourceSliceMixins(List.of(), List.of(),
        List.of(Builders.counterSetMixin("base", Builders.counters("engines", engines))));
  }

  private static List<CounterSet> counters(String mem, String engines) {
    return List.of(Builders.counterSet("set-0", Builders.counters("mem", mem, "engines", engines)),
        Builders.counterSet("set-1", Builders.counters("mem", mem, "engines", engines)));
  }

  private static DeviceRequest requestOf(DeviceClass deviceClass, long count) {
    return CoreFixtures.exactly("r", deviceClass.name(), count).build();
  }

  /* A node's slice in its pool of the node's name, sharing the template's lists, as a cluster generator stamps it. */
  private static ResourceSlice stamped(String driver, String node, String name, int count, Template template,
      @Nullable ResourceSliceMixins mixins) {
    return new ResourceSlice(ObjectMeta.builder().name(name).build(), new ResourceSliceSpec(driver,
        new ResourcePool(node, 1, count), node, null, false, false, template.devices, template.counters, mixins));
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
