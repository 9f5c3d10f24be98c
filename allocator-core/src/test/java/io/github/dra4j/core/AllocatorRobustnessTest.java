package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.DRIVER;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.allRequest;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.validation.Validator;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pathological inputs for the allocator: each ends with a clear error or a bounded result. The
 * bounds are asserted as counts (search steps, allocateOne calls), which do not depend on the
 * machine; what the bounded work costs is measured by BacktrackingBenchmark and
 * HostileInputBenchmark in allocator-bench.
 */
final class AllocatorRobustnessTest {

  /* --- search budget --- */

  @Test
  void distinctAttribute_failingLateOver128Devices_endsByStepBudget() {
    // 128 devices in 8 groups; 9 requests must all take devices of distinct groups. Every
    // partial choice of 8 succeeds, so only the 9th request fails: 128*112*...*16 paths.
    List<Device> devices = new ArrayList<>();
    for (int i = 0; i < 128; i++) {
      devices.add(device("dev-" + i).attr("group", (long) (i % 8)).build());
    }
    List<DeviceRequest> requests = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      requests.add(request("req-" + i, 1));
      names.add("req-" + i);
    }
    ResourceClaim claim = claim("claim-0",
        List.of(DeviceConstraint.distinctAttribute(DRIVER + "/group", names)),
        requests.toArray(DeviceRequest[]::new));
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all())
        .snapshot(List.of(slice("slice-0", "pool-0", devices)), List.of(CLASS_A), List.of());

    assertThatThrownBy(() -> snapshot.allocate(node(NODE), List.of(claim),
        AllocationOptions.defaults().withPruning(false)))
        .isInstanceOf(SearchBudgetExceededException.class)
        .hasMessageContaining("stepBudget")
        .satisfies(e -> assertThat(((SearchBudgetExceededException) e).steps())
            .isEqualTo(AllocationOptions.DEFAULT_STEP_BUDGET + 1));
    // With pruning, the distinctAttribute bound (8 values, 9 requests) decides it at once.
    assertThat(snapshot.allocate(node(NODE), List.of(claim)).isAllocated()).isFalse();
  }

  /* --- fuzz findings --- */

  @Test
  void deviceClassWithoutName_isNeverFound() {
    // Found by AllocatorFuzzTest: a class whose metadata lost its name crashed the snapshot.
    DeviceClass nameless = new DeviceClass(ObjectMeta.builder().build(), CLASS_A.spec());
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all())
        .snapshot(List.of(slice("slice-0", "pool-0", CoreFixtures.devices("dev-0"))), List.of(nameless, CLASS_A), List.of());
    assertThat(snapshot.allocate(node(NODE), List.of(claim("c", request("req-0", 1)))).isAllocated()).isTrue();
  }

  @Test
  void classSelectorWithoutCel_isAnInvalidInputError() {
    // Found by AllocatorFuzzTest: "- NULLcel: {...}" decodes to a selector without CEL, which
    // crashed selector evaluation. Request selectors get this error up front, as in the reference.
    DeviceClass noCel = new DeviceClass(ObjectMeta.named("class-a"),
        new DeviceClassSpec(List.of(new DeviceSelector(null)), List.of(), null));
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all())
        .snapshot(List.of(slice("slice-0", "pool-0", CoreFixtures.devices("dev-0"))), List.of(noCel), List.of());
    assertThatThrownBy(() -> snapshot.allocate(node(NODE), List.of(claim("c", request("req-0", 1)))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("class class-a: selector #0: CEL expression empty (unsupported selector type?)")
        .satisfies(e -> assertThat(((InvalidInputException) e).path()).hasToString("spec.selectors[0]"));
  }

  /* --- 100,000 devices --- */

  @Test
  void hundredThousandDevices_validationRejects_allocatorStaysBounded() {
    List<Device> devices = new ArrayList<>(100_000);
    for (int i = 0; i < 100_000; i++) {
      devices.add(device("dev-" + i).attr("index", (long) i).build());
    }
    ResourceSlice huge = slice("huge", "pool-0", devices);

    List<FieldError> errors = Validator.validate(huge);
    assertThat(errors).anySatisfy(e -> {
      assertThat(e.type()).isEqualTo(FieldError.Type.TOO_MANY);
      assertThat(e.field().toString()).isEqualTo("spec.devices");
    });

    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all())
        .snapshot(List.of(huge), List.of(CLASS_A), List.of());
    AllocationOutcome one = snapshot.allocate(node(NODE), List.of(claim("one", request("req-0", 1))));
    assertThat(one.isAllocated()).isTrue();
    AllocationOutcome none = snapshot.allocate(node(NODE),
        List.of(claim("none", request("req-0", 1, "false"))));
    assertThat(none.isAllocated()).isFalse();
    assertThatThrownBy(() -> snapshot.allocate(node(NODE), List.of(claim("all", allRequest("req-0")))))
        .isInstanceOf(AllocationException.class)
        .hasMessageContaining("claim default/all");
    // A request that no device matches costs one pass over the devices, not a search: it ends
    // within 200,000 steps.
    assertThat(snapshot.allocate(node(NODE), List.of(claim("none", request("req-0", 1, "false"))),
        AllocationOptions.defaults().withStepBudget(200_000)).isAllocated()).isFalse();
  }

  /* --- mixins cannot loop --- */

  @Test
  void mixins_selfNamedAndRepeatedIncludes_terminateWithProblems() {
    // A device may only include mixins, and mixins include nothing: no cycle can be written.
    // The closest malformed inputs are a mixin named like the device that includes it and an
    // includes list repeating that name 10,000 times.
    List<String> includes = Collections.nCopies(10_000, "dev-0");
    Device self = new Device("dev-0", Map.of(), Map.of(), List.of(), includes, null, null, false,
        List.of(), List.of(), List.of(), false, false);
    ResourceSliceMixins mixins = new ResourceSliceMixins(
        List.of(new DeviceMixin("dev-0", Map.of("model", DeviceAttribute.ofString("a")), Map.of())),
        List.of(), List.of());
    ResourceSlice slice = new ResourceSlice(ObjectMeta.named("loop"), new ResourceSliceSpec(DRIVER,
        ResourcePool.of("pool-0", 1, 1), NODE, null, false, false, List.of(self), List.of(), mixins));

    ResolvedSlice resolved = MixinResolver.resolve(slice, true);
    assertThat(resolved.problems()).anySatisfy(p -> assertThat(p.field().toString()).contains("includes"));
    assertThat(resolved.devices().get(0).attribute(DRIVER, "model")).isEqualTo(DeviceAttribute.ofString("a"));

    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all())
        .snapshot(List.of(slice), List.of(CLASS_A), List.of());
    try {
      assertThat(snapshot.allocate(node(NODE), List.of(claim("c", request("req-0", 1)))).isAllocated())
          .isFalse();
    } catch (AllocationException e) {
      assertThat(e.getMessage()).contains("pool-0");
    }
  }
}
