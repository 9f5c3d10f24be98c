package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.devices;
import static io.github.dra4j.core.CoreFixtures.exactly;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.DeviceTaintRuleSpec;
import io.github.dra4j.api.DeviceTaintSelector;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * DeviceTaintRules applied as resourceslice/tracker applyPatches applies them: matched by
 * driver, pool and device, after the device's own taints, only under DRADeviceTaintRules, with
 * effect only under DRADeviceTaints.
 */
final class DeviceTaintRulesTest {
  private static final String KEY = "example.com/unhealthy";

  /* pool-1: device-1, device-2 (device-2 includes a mixin); pool-2: device-3. */
  private static final List<ResourceSlice> SLICES = List.of(
      Builders.slice("slice-1", DRIVER, "pool-1", NODE, device("device-1"), device("device-2").includes("gpu"))
          .deviceMixins(Builders.mixin("gpu").attr("model", "a100")).build(),
      slice("slice-2", "pool-2", devices("device-3")));

  static DeviceTaintRule rule(String name, @Nullable DeviceTaintSelector selector, String effect) {
    return DeviceTaintRule.of(ObjectMeta.named(name),
        DeviceTaintRuleSpec.of(selector, new DeviceTaint(KEY, "true", effect, null)));
  }

  static DeviceTaintSelector select(@Nullable String driver, @Nullable String pool, @Nullable String device) {
    return DeviceTaintSelector.of(driver, pool, device);
  }

  record Case(Features features, List<DeviceTaintRule> rules, ResourceClaim claim, @Nullable List<String> devices) {}

  private static Named<Case> row(String name, List<DeviceTaintRule> rules, ResourceClaim claim,
      String... devices) {
    return Named.of(name, new Case(Features.all(), rules, claim, devices.length == 0 ? null : List.of(devices)));
  }

  private static final ResourceClaim ONE = claim("claim-0", request("req-0", 1));

  private static ResourceClaim tolerating(String operator, @Nullable String value, @Nullable String effect) {
    return claim("claim-0", exactly("req-0", Builders.CLASS, 1).toleration(KEY, operator, value, effect).build());
  }

  static Stream<Named<Case>> cases() {
    String ns = DeviceTaint.EFFECT_NO_SCHEDULE;
    String ne = DeviceTaint.EFFECT_NO_EXECUTE;
    return Stream.of(
        row("no-rules", List.of(), ONE, "req-0=pool-1/device-1"),
        row("driver-matches-every-device", List.of(rule("r", select(DRIVER, null, null), ns)), ONE),
        row("other-driver", List.of(rule("r", select("driver-b", null, null), ns)), ONE, "req-0=pool-1/device-1"),
        row("pool", List.of(rule("r", select(DRIVER, "pool-1", null), ns)), ONE, "req-0=pool-2/device-3"),
        row("pool-of-any-driver", List.of(rule("r", select(null, "pool-1", null), ns)), ONE, "req-0=pool-2/device-3"),
        row("other-pool", List.of(rule("r", select(DRIVER, "pool-3", null), ns)), ONE, "req-0=pool-1/device-1"),
        row("device", List.of(rule("r", select(DRIVER, "pool-1", "device-1"), ne)), ONE, "req-0=pool-1/device-2"),
        row("device-name-in-any-pool", List.of(rule("r", select(null, null, "device-1"), ne)), ONE,
            "req-0=pool-1/device-2"),
        row("device-with-mixins", List.of(rule("r", select(null, null, "device-1"), ns),
            rule("s", select(null, null, "device-2"), ns)), ONE, "req-0=pool-2/device-3"),
        row("device-in-other-pool", List.of(rule("r", select(DRIVER, "pool-2", "device-1"), ns)), ONE,
            "req-0=pool-1/device-1"),
        row("no-selector-matches-every-device", List.of(rule("r", null, ns)), ONE),
        row("empty-selector-matches-every-device", List.of(rule("r", select(null, null, null), ne)), ONE),
        row("several-rules", List.of(rule("r", select(null, "pool-1", "device-1"), ns),
            rule("s", select(null, "pool-1", "device-2"), ne)), claim("claim-0", request("req-0", 2))),
        row("several-rules-leave-one-pool", List.of(rule("r", select(null, "pool-1", "device-1"), ns),
            rule("s", select(null, "pool-1", "device-2"), ne)), ONE, "req-0=pool-2/device-3"),
        row("effect-none", List.of(rule("r", null, DeviceTaint.EFFECT_NONE)), ONE, "req-0=pool-1/device-1"),
        row("unknown-effect-is-none", List.of(rule("r", null, "Future")), ONE, "req-0=pool-1/device-1"),
        row("tolerated-exists", List.of(rule("r", null, ne)), tolerating("Exists", null, null),
            "req-0=pool-1/device-1"),
        row("tolerated-equal", List.of(rule("r", null, ns)), tolerating("Equal", "true", ns),
            "req-0=pool-1/device-1"),
        row("toleration-of-other-value", List.of(rule("r", null, ns)), tolerating("Equal", "false", null)),
        row("no-schedule-toleration-not-no-execute", List.of(rule("r", select(null, "pool-1", null), ne)),
            tolerating("Exists", null, ns), "req-0=pool-2/device-3"),
        row("toleration-covers-one-rule-only", List.of(rule("r", select(null, "pool-2", null), ns),
            rule("s", select(null, "pool-1", null), ne)), tolerating("Exists", null, ns), "req-0=pool-2/device-3"),
        Named.of("rules-gate-off", new Case(Features.all().with(Map.of("DRADeviceTaintRules", false)),
            List.of(rule("r", null, ns)), ONE, List.of("req-0=pool-1/device-1"))),
        Named.of("taints-gate-off", new Case(Features.all().with(Map.of("DRADeviceTaints", false)),
            List.of(rule("r", null, ns)), ONE, List.of("req-0=pool-1/device-1"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void rules_keepTaintedDevicesOut_unlessToleratedOrGatedOff(Case tc) {
    List<ResourceSlice> before = List.copyOf(SLICES);
    ClusterSnapshot snapshot = CoreFixtures.allocator(tc.features()).snapshot(SLICES, List.of(CLASS_A), List.of(), tc.rules());
    AllocationOutcome outcome = snapshot.allocate(node(NODE), List.of(tc.claim()));
    if (tc.devices() == null) {
      assertThat(outcome).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    } else {
      assertThat(outcome.isAllocated()).as("outcome %s", outcome).isTrue();
      assertThat(CoreFixtures.devicesOf(outcome)).containsExactly(tc.devices());
    }
    assertThat(SLICES).isEqualTo(before);
  }

  @Test
  void result_carriesTheTolerationOfTheRuleTaint() {
    ResourceClaim claim = tolerating("Exists", null, null);
    AllocationOutcome outcome = CoreFixtures.allocator(Features.all())
        .snapshot(SLICES, List.of(CLASS_A), List.of(), List.of(rule("r", null, DeviceTaint.EFFECT_NO_EXECUTE)))
        .allocate(node(NODE), List.of(claim));
    AllocationResult result = ((AllocationOutcome.Allocated) outcome).results().get(0);
    assertThat(result.devices().results()).singleElement().satisfies(r -> {
      assertThat(r.device()).isEqualTo("device-1");
      assertThat(r.tolerations()).containsExactly(new DeviceToleration(KEY, "Exists", null, null, null));
    });
  }

  @Test
  void explanation_namesTheRuleLikeASliceTaint() {
    List<ResourceSlice> slices = List.of(slice("slice-1", "pool-1",
        List.of(device("device-1").taint("own", null, DeviceTaint.EFFECT_NO_SCHEDULE).build(),
            device("device-2").build())));
    AllocationOutcome outcome = CoreFixtures.allocator(Features.all())
        .snapshot(slices, List.of(CLASS_A), List.of(),
            List.of(rule("bad-gpu", select(null, null, "device-2"), DeviceTaint.EFFECT_NO_EXECUTE)))
        .allocate(node(NODE), List.of(ONE));
    Explanation e = ((AllocationOutcome.Unsatisfiable) outcome).explanation();
    Explanation.RequestExplanation r = e.claims().get(0).requests().get(0);
    assertThat(r.rejections()).singleElement().satisfies(j -> {
      assertThat(j.reason()).isEqualTo(Explanation.Reason.UNTOLERATED_TAINT);
      assertThat(j.examples()).containsExactly("driver-a/pool-1/device-1", "driver-a/pool-1/device-2");
      assertThat(j.detail()).isEqualTo("taint own:NoSchedule");
    });
    // Each device is explained on its own: the second one's taint comes from the rule.
    Explanation alone = ((AllocationOutcome.Unsatisfiable) CoreFixtures.allocator(Features.all())
        .snapshot(List.of(slice("slice-1", "pool-1", devices("device-2"))), List.of(CLASS_A), List.of(),
            List.of(rule("bad-gpu", select(null, null, "device-2"), DeviceTaint.EFFECT_NO_EXECUTE)))
        .allocate(node(NODE), List.of(ONE))).explanation();
    assertThat(alone.claims().get(0).requests().get(0).rejections()).singleElement()
        .satisfies(j -> assertThat(j.detail())
            .isEqualTo("taint example.com/unhealthy=true:NoExecute (DeviceTaintRule bad-gpu)"));
  }

  @Test
  void derivedSnapshots_followTheRules() {
    StructuredAllocator allocator = CoreFixtures.allocator(Features.all());
    DeviceTaintRule pool1 = rule("r", select(null, "pool-1", null), DeviceTaint.EFFECT_NO_SCHEDULE);
    ClusterSnapshot plain = allocator.snapshot(SLICES, List.of(CLASS_A), List.of());
    ClusterSnapshot tainted = allocator.snapshot(plain, SLICES, List.of(CLASS_A), List.of(), List.of(pool1));
    ClusterSnapshot again = allocator.snapshot(tainted, SLICES, List.of(CLASS_A), List.of(), List.of(pool1));
    ClusterSnapshot untainted = allocator.snapshot(again, SLICES, List.of(CLASS_A), List.of());

    assertThat(allocatedDevices(plain)).containsExactly("req-0=pool-1/device-1");
    assertThat(allocatedDevices(tainted)).containsExactly("req-0=pool-2/device-3");
    assertThat(allocatedDevices(again)).containsExactly("req-0=pool-2/device-3");
    assertThat(allocatedDevices(untainted)).containsExactly("req-0=pool-1/device-1");
    assertThat(allocatedDevices(plain)).as("the earlier snapshot is unchanged").containsExactly("req-0=pool-1/device-1");

    PoolId p1 = new PoolId(DRIVER, "pool-1");
    PoolId p2 = new PoolId(DRIVER, "pool-2");
    assertThat(tainted.index().pools().get(p1)).isNotSameAs(plain.index().pools().get(p1));
    assertThat(tainted.index().pools().get(p2)).as("untouched pool taken over").isSameAs(plain.index().pools().get(p2));
    assertThat(again.index().pools().get(p1)).as("same rules: taken over").isSameAs(tainted.index().pools().get(p1));
    // Taints change no selector result: a re-tainted pool keeps its devices' uids.
    assertThat(tainted.index().pools().get(p1).slices.get(0).devices.get(0).uid)
        .isEqualTo(plain.index().pools().get(p1).slices.get(0).devices.get(0).uid);

    // In-use state and rule taints of one pool change together: both are applied.
    List<ResourceClaim> inUse = List.of(CoreFixtures.allocated("other", "pool-1", "device-1"));
    List<DeviceTaintRule> device2 = List.of(rule("d", select(null, null, "device-2"), DeviceTaint.EFFECT_NO_SCHEDULE));
    ClusterSnapshot both = allocator.snapshot(plain, SLICES, List.of(CLASS_A), inUse, device2);
    assertThat(allocatedDevices(both)).containsExactly("req-0=pool-2/device-3")
        .isEqualTo(allocatedDevices(allocator.snapshot(SLICES, List.of(CLASS_A), inUse, device2)));

    ClusterSnapshot withClaim = tainted.withAllocated(List.of(CoreFixtures.allocated("other", "pool-2", "device-3")));
    assertThat(withClaim.allocate(node(NODE), List.of(ONE))).as("withAllocated keeps the rules")
        .isInstanceOf(AllocationOutcome.Unsatisfiable.class);
  }

  private static List<String> allocatedDevices(ClusterSnapshot s) {
    return CoreFixtures.devicesOf(s.allocate(node(NODE), List.of(ONE))).get(0);
  }
}
