package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The content of a ResourceSlice. Exactly one of {@code nodeName}, {@code nodeSelector},
 * {@code allNodes} and {@code perDeviceNodeSelection} is set; {@code devices} and
 * {@code sharedCounters} never appear in the same slice (validation enforces both).
 *
 * @param driver the DRA driver name
 * @param pool the pool this slice belongs to
 * @param nodeName the node providing the devices, for node-local slices
 * @param nodeSelector the nodes that can access the devices
 * @param allNodes whether every node can access the devices
 * @param perDeviceNodeSelection whether each device says which nodes can access it
 * @param devices the devices of this slice, in publication order
 * @param sharedCounters counter sets that devices of the pool consume from
 * @param mixins KEP-5234 mixins that devices and counter sets of this slice may include
 */
public record ResourceSliceSpec(
    String driver,
    ResourcePool pool,
    @Nullable String nodeName,
    @Nullable NodeSelector nodeSelector,
    boolean allNodes,
    boolean perDeviceNodeSelection,
    List<Device> devices,
    List<CounterSet> sharedCounters,
    @Nullable ResourceSliceMixins mixins) {

  public ResourceSliceSpec {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pool, "pool");
    devices = Copies.list(devices);
    sharedCounters = Copies.list(sharedCounters);
  }
}
