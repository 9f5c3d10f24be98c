package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.allocated;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/* What the bounds take as twins, and the proofs they give. */
final class SearchBoundsTest {
  /** The devices: "base" and one per way a device can differ from it (or, for "same", not). */
  private static List<Device> devices() {
    return List.of(
        device("base").attr("model", "a").capacity("mem", "8Gi").build(),
        device("same").attr("model", "a").capacity("mem", "8Gi").build(),
        device("attribute").attr("model", "b").capacity("mem", "8Gi").build(),
        device("capacity").attr("model", "a").capacity("mem", "16Gi").build(),
        device("taint").attr("model", "a").capacity("mem", "8Gi").taint("k", null, "NoSchedule").build(),
        device("in-use").attr("model", "a").capacity("mem", "8Gi").build(),
        device("extra-attribute").attr("model", "a").attr("rack", "r1").capacity("mem", "8Gi").build(),
        device("multiple").attr("model", "a").capacity("mem", "8Gi").allowMultipleAllocations(true).build());
  }

  private static SearchBounds bounds(List<ResourceSlice> slices, List<ResourceClaim> inUse, ResourceClaim claim) {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(slices, List.of(CLASS_A), inUse);
    Node node = node(NODE);
    AllocationRun run = AllocationRun.of(snapshot, node, List.of(claim), snapshot.pools(node),
        AllocationOptions.defaults());
    return Objects.requireNonNull(SearchBounds.make(run.plan(), run.pools(), run.features(), run.matcher(),
        List.of(), run.derived()));
  }

  @ParameterizedTest(name = "{0} is a twin of base: {1}")
  @CsvSource({"same, true", "attribute, false", "capacity, false", "taint, false", "in-use, false",
      "extra-attribute, false", "multiple, false"})
  void twins_onlyWhenNothingButTheNameDiffers(String name, boolean twin) {
    List<Device> devices = devices();
    SearchBounds b = bounds(List.of(slice("slice-1", "pool-1", devices)),
        List.of(allocated("holder", "pool-1", "in-use")),
        claim("claim-0", request("req-0", 1), request("req-1", 1, "attr model == a")));
    int base = b.twinClass(0, 0);
    int other = b.twinClass(0, indexOf(devices, name));
    assertThat(base).isNotNegative();
    assertThat(other == base).isEqualTo(twin);
    if (name.equals("multiple")) {
      assertThat(other).isEqualTo(-1);
    }
  }

  @Test
  void twins_neverAcrossSlices() {
    Device d = device("gpu").attr("model", "a").build();
    ResourceSlice first = Builders.slice("slice-1", CoreFixtures.DRIVER, "pool-1", NODE).resourceSliceCount(2)
        .devices(List.of(d)).build();
    ResourceSlice second = Builders.slice("slice-2", CoreFixtures.DRIVER, "pool-1", NODE).resourceSliceCount(2)
        .devices(List.of(device("gpu-2").attr("model", "a").build())).build();
    SearchBounds b = bounds(List.of(first, second), List.of(), claim("claim-0", request("req-0", 1)));
    assertThat(b.twinClass(0, 0)).isNotEqualTo(b.twinClass(0, 1));
  }

  @Test
  void proof_namesTheCounterAndTheSets() {
    List<Device> devices = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      devices.add(device("part-" + i).consumes("gpu-" + (i % 2), "slices", "1").build());
    }
    ResourceSlice counters = Builders.counterSlice("counters", CoreFixtures.DRIVER, "pool-1", NODE,
        Builders.counterSet("gpu-0", Builders.counters("slices", "1")),
        Builders.counterSet("gpu-1", Builders.counters("slices", "1"))).resourceSliceCount(2).build();
    ResourceSlice parts = CoreFixtures.slice("parts", "pool-1", 1, 2, NODE, devices);
    SearchBounds b = bounds(List.of(counters, parts), List.of(), claim("claim-0", request("req-0", 3)));
    assertThat(b.proof).isEqualTo("the claims need at least 3 units of counter slices over 2 counter sets"
        + " (gpu-0 ... gpu-1), only 2 are left");
  }

  @Test
  void proof_namesTheDistinctAttributeThatLacksValues() {
    List<Device> devices = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      devices.add(device("gpu-" + i).attr("numa", (long) (i % 2)).build());
    }
    SearchBounds b = bounds(List.of(slice("slice-1", "pool-1", devices)), List.of(),
        claim("claim-0", List.of(io.github.dra4j.api.DeviceConstraint.distinctAttribute("driver-a/numa", List.of())),
            request("req-0", 2), request("req-1", 1)));
    assertThat(b.proof).isEqualTo("claim default/claim-0: the devices its requests can take cannot satisfy"
        + " distinctAttribute driver-a/numa (too few distinct values)");
  }

  /*
   * --- horizons: a request for all devices that a constraint covers ---
   * d-1 and d-3 are twins; the request for all devices takes d-1, x-2 and d-3, and its
   * matchAttribute rejects x-2 once d-1 is in. With req-0 on d-1 it fails at d-1 (in use); with
   * req-0 on d-3 it reaches x-2 and throws. Passing over d-3 as a twin of the failed d-1 would
   * hide that error.
   */

  private static List<Device> horizonDevices() {
    return List.of(device("d-1").attr("model", "a").build(), device("x-2").attr("model", "b").build(),
        device("d-3").attr("model", "a").build());
  }

  private static ResourceClaim horizonClaim() {
    return claim("claim-0",
        List.of(io.github.dra4j.api.DeviceConstraint.matchAttribute("driver-a/model", List.of("req-1"))),
        request("req-0", 1, "attr model == a"), CoreFixtures.allRequest("req-1"));
  }

  @Test
  void twins_notAmongTheDevicesOfAConstrainedRequestForAllDevices() {
    SearchBounds b = bounds(List.of(slice("slice-1", "pool-1", horizonDevices())), List.of(), horizonClaim());
    assertThat(b.twinClass(0, 0)).isEqualTo(-1);
    assertThat(b.twinClass(0, 2)).isEqualTo(-1);
    assertThat(b.proof).isNull();
  }

  @Test
  void horizon_prunedSearchMeetsTheErrorThePlainSearchMeets() {
    ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all())
        .snapshot(List.of(slice("slice-1", "pool-1", horizonDevices())), List.of(CLASS_A), List.of());
    for (long pruneAfter : new long[] {0, AllocationOptions.NO_PRUNING}) {
      AllocationOptions options = AllocationOptions.defaults().withPruneAfterSteps(pruneAfter);
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> snapshot.allocate(node(NODE), List.of(horizonClaim()), options))
          .as("prune after %d", pruneAfter)
          .isInstanceOf(InvalidInputException.class)
          .hasMessageContaining("cannot add device driver-a/pool-1/x-2 because a claim constraint would not be satisfied");
    }
  }

  @Test
  void proof_onlyOfTheRequestsBeforeTheFirstHorizon() {
    // Three devices for req-0 (needs four): unsatisfiable before the horizon, so no error is hidden.
    ResourceClaim claim = claim("claim-0",
        List.of(io.github.dra4j.api.DeviceConstraint.matchAttribute("driver-a/model", List.of("req-1"))),
        request("req-0", 4), CoreFixtures.allRequest("req-1"));
    SearchBounds b = bounds(List.of(slice("slice-1", "pool-1", horizonDevices())), List.of(), claim);
    assertThat(b.proof).startsWith("the claims need at least 4 devices");
    // The same devices needed behind the horizon prove nothing: the search throws there first.
    ResourceClaim behind = claim("claim-0",
        List.of(io.github.dra4j.api.DeviceConstraint.matchAttribute("driver-a/model", List.of("req-0"))),
        CoreFixtures.allRequest("req-0"), request("req-1", 4));
    assertThat(bounds(List.of(slice("slice-1", "pool-1", horizonDevices())), List.of(), behind).proof).isNull();
  }

  private static int indexOf(List<Device> devices, String name) {
    for (int i = 0; i < devices.size(); i++) {
      if (devices.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException(name);
  }
}
