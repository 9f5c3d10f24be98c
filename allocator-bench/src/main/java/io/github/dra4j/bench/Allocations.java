package io.github.dra4j.bench;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import java.util.ArrayList;
import java.util.List;

/** Builds allocators and snapshots for the benchmarks and checks outcomes outside timed code. */
final class Allocations {
  private Allocations() {}

  /** {@return an allocator with every feature on and the CEL compiler} */
  static StructuredAllocator allocator() {
    return StructuredAllocator.builder()
        .features(Features.all())
        .selectorCompiler(CelCompiler.create())
        .build();
  }

  /** {@return a snapshot of the cluster} */
  static ClusterSnapshot snapshot(StructuredAllocator allocator, BenchCluster cluster) {
    return allocator.snapshot(cluster.slices(), cluster.classes(), cluster.allocatedClaims());
  }

  /**
   * Returns the allocated device names of each claim, failing when the outcome is not an
   * allocation: a benchmark that measures the wrong outcome measures nothing.
   */
  static List<List<String>> requireAllocated(AllocationOutcome outcome) {
    if (!(outcome instanceof AllocationOutcome.Allocated allocated)) {
      throw new IllegalStateException("expected an allocation, got " + outcome);
    }
    List<List<String>> devices = new ArrayList<>();
    for (AllocationResult result : allocated.results()) {
      List<String> names = new ArrayList<>();
      for (DeviceRequestAllocationResult r : result.devices().results()) {
        names.add(r.device());
      }
      devices.add(names);
    }
    return devices;
  }

  /** Fails unless the single claim got exactly the expected device. */
  static void requireDevice(AllocationOutcome outcome, String device) {
    List<List<String>> devices = requireAllocated(outcome);
    if (!devices.equals(List.of(List.of(device)))) {
      throw new IllegalStateException("expected device " + device + ", got " + devices);
    }
  }
}
