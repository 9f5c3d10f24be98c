package io.github.dra4j.cel.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Scenario;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/*
 * Every conformance scenario allocated on snapshots derived from earlier ones, as a scheduler derives one per cycle: each
 * gives exactly the outcome of a snapshot built from scratch. Each earlier snapshot is used for
 * an allocation first, so that its caches (pools, selector results) are filled and carried over.
 */
final class IncrementalConformanceTest {
  @TestFactory
  Stream<DynamicTest> everyScenario_derivedSnapshotsAllocateAsFromScratch() {
    return EveryScenario.check(IncrementalConformanceTest::check);
  }

  @TestFactory
  Stream<DynamicContainer> everyScenarioOfTheOtherCorpora_derivedSnapshotsAllocateAsFromScratch() {
    return EveryScenario.checkOtherCorpora(IncrementalConformanceTest::check);
  }

  private static void check(Scenario s) {
    StructuredAllocator allocator = EveryScenario.allocator(s);
    List<ResourceSlice> slices = s.slices();
    List<ResourceClaim> inUse = s.allocatedClaims();
    ClusterSnapshot scratch = allocator.snapshot(slices, s.deviceClasses(), inUse);
    String expected = run(scratch, s);

    List<ResourceSlice> half = new ArrayList<>();
    for (int i = 0; i < slices.size(); i += 2) {
      half.add(slices.get(i));
    }
    ClusterSnapshot partial = warm(allocator.snapshot(half, s.deviceClasses(), List.of()), s);
    assertThat(run(allocator.snapshot(partial, slices, s.deviceClasses(), inUse), s))
        .as("from every other slice, nothing in use").isEqualTo(expected);

    List<ResourceSlice> backwards = new ArrayList<>(slices);
    Collections.reverse(backwards);
    ClusterSnapshot reversed = warm(allocator.snapshot(backwards, s.deviceClasses(), inUse), s);
    assertThat(run(allocator.snapshot(reversed, slices, s.deviceClasses(), inUse), s))
        .as("from the slices in reverse order").isEqualTo(expected);

    ClusterSnapshot byClaim = warm(allocator.snapshot(slices, s.deviceClasses(), List.of()), s);
    for (ResourceClaim c : inUse) {
      byClaim = warm(byClaim.withAllocated(List.of(c)), s);
    }
    assertThat(run(byClaim, s)).as("withAllocated claim by claim").isEqualTo(expected);

    List<ResourceClaim> more = new ArrayList<>(inUse);
    more.addAll(allocated(scratch, s));
    ClusterSnapshot busier = warm(allocator.snapshot(slices, s.deviceClasses(), more), s);
    assertThat(run(allocator.snapshot(busier, slices, s.deviceClasses(), inUse), s))
        .as("after the scenario's own allocation is released").isEqualTo(expected);

    StructuredAllocator defaults = EveryScenario.allFeatures();
    ClusterSnapshot other = warm(defaults.snapshot(slices, s.deviceClasses(), inUse), s);
    assertThat(run(allocator.snapshot(other, slices, s.deviceClasses(), inUse), s))
        .as("from a snapshot with all features on").isEqualTo(expected);
  }

  /** The scenario's claims with their allocation, or none when they cannot be allocated. */
  private static List<ResourceClaim> allocated(ClusterSnapshot snapshot, Scenario s) {
    List<ResourceClaim> out = new ArrayList<>();
    try {
      if (snapshot.allocate(s.nodeObject(), s.claimsToAllocate()) instanceof AllocationOutcome.Allocated a) {
        for (int i = 0; i < a.results().size(); i++) {
          out.add(s.claimsToAllocate().get(i).withAllocation(a.results().get(i)));
        }
      }
    } catch (AllocationException e) {
      return List.of();
    }
    return out;
  }

  private static ClusterSnapshot warm(ClusterSnapshot snapshot, Scenario s) {
    run(snapshot, s);
    return snapshot;
  }

  /** The outcome, its message and the results, with the random shareIDs blanked. */
  private static String run(ClusterSnapshot snapshot, Scenario s) {
    try {
      AllocationOutcome o = snapshot.allocate(s.nodeObject(), s.claimsToAllocate());
      if (o instanceof AllocationOutcome.Allocated a) {
        List<String> results = new ArrayList<>();
        for (AllocationResult r : a.results()) {
          results.add(r.toString().replaceAll("shareID=[^,)]+", "shareID=*"));
        }
        return "Allocated " + results;
      }
      return "Unsatisfiable " + ((AllocationOutcome.Unsatisfiable) o).explanation().summary();
    } catch (AllocationException e) {
      return "Error " + e.getMessage();
    }
  }
}
