package io.github.dra4j.bench;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.util.List;

/**
 * A benchmark's cluster: what a snapshot is built from, the published slices, the device classes
 * and the claims that are already allocated; pass them to {@code
 * StructuredAllocator.snapshot(slices, classes, allocatedClaims)}, or {@link #cluster()} to
 * {@code StructuredAllocator.snapshot(Cluster)}.
 *
 * @param slices the ResourceSlices
 * @param classes the DeviceClasses
 * @param allocatedClaims claims whose devices are in use
 */
public record BenchCluster(List<ResourceSlice> slices, List<DeviceClass> classes, List<ResourceClaim> allocatedClaims) {
  /**
   * Copies the lists.
   *
   * @param slices see the record component
   * @param classes see the record component
   * @param allocatedClaims see the record component
   */
  public BenchCluster {
    slices = List.copyOf(slices);
    classes = List.copyOf(classes);
    allocatedClaims = List.copyOf(allocatedClaims);
  }

  /** {@return the device count over all slices} */
  public int deviceCount() {
    return slices.stream().mapToInt(s -> s.spec().devices().size()).sum();
  }

  /** {@return the same objects as a {@link Cluster}} */
  public Cluster cluster() {
    return Cluster.builder().slices(slices).classes(classes).claims(allocatedClaims).build();
  }
}
