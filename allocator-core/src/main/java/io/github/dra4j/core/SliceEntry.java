package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.TaintRules.RuleTaint;
import io.github.dra4j.core.internal.mixin.ResolvedDevice;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/*
 * One ResourceSlice of the snapshot with its mixins resolved once and its devices converted.
 * Immutable; shared with successor snapshots while the slice and its pool's in-use state stay.
 */
final class SliceEntry {
  /** The feature a node declares (status.declaredFeatures) when its kubelet skips optional node operations. */
  static final String OPTIONAL_NODE_OPERATIONS = "DRAOptionalNodeOperations";

  final ResourceSlice slice;
  final ResolvedSlice resolved;
  final PoolId poolId;
  final String name;
  final long generation;
  final long resourceSliceCount;
  final List<DeviceEntry> devices;
  /** Published {@code sharedCounters} non-empty: a counter-set slice (KEP-4815). */
  final boolean hasSharedCounters;
  /**
   * A device declares compatibility groups (KEP-5963): with DRADeviceCompatibilityGroups off the
   * slice is ignored, so that its pool is incomplete rather than allocated without the groups.
   */
  final boolean usesCompatibilityGroups;
  /** Lists {@code skipNodeOperations} (KEP-5945): its devices need the node to declare the feature. */
  final boolean skipsNodeOperations;

  /** @param ruleTaints the DeviceTaintRule taints of the slice's pool */
  SliceEntry(ResourceSlice slice, ResolvedSlice resolved, UidCounter uids, AllocatedState state,
      List<RuleTaint> ruleTaints) {
    this.slice = slice;
    this.resolved = resolved;
    this.poolId = new PoolId(slice.spec().driver(), slice.spec().pool().name());
    String n = slice.metadata().name();
    this.name = n == null ? "" : n;
    this.generation = slice.spec().pool().generation();
    this.resourceSliceCount = slice.spec().pool().resourceSliceCount();
    this.hasSharedCounters = !slice.spec().sharedCounters().isEmpty();
    this.usesCompatibilityGroups = usesCompatibilityGroups(slice);
    this.skipsNodeOperations = !slice.spec().skipNodeOperations().isEmpty();
    List<DeviceEntry> list = new ArrayList<>(resolved.devices().size());
    for (ResolvedDevice d : resolved.devices()) {
      list.add(new DeviceEntry(this, d, uids.next(), state, ruleTaints));
    }
    this.devices = List.copyOf(list);
  }

  /**
   * The same slice with another in-use state or other rule taints: the resolution and the
   * devices' views are kept. Devices keep their uids unless uids is given (compaction of the
   * uid space); selector results, bound to uids, do not depend on taints.
   */
  SliceEntry(SliceEntry previous, AllocatedState state, @Nullable UidCounter uids, List<RuleTaint> ruleTaints) {
    this(previous, (slice, d) -> new DeviceEntry(slice, d, uids == null ? d.uid : uids.next(), state, ruleTaints));
  }

  /** The same slice with the claims of {@code added} allocated too (ClusterSnapshot.withAllocated). */
  SliceEntry(SliceEntry previous, AllocatedState added) {
    this(previous, (slice, d) -> new DeviceEntry(slice, d, added));
  }

  /* The same slice, each device entry replaced by its successor in the new slice entry. */
  private SliceEntry(SliceEntry previous, BiFunction<SliceEntry, DeviceEntry, DeviceEntry> successor) {
    this.slice = previous.slice;
    this.resolved = previous.resolved;
    this.poolId = previous.poolId;
    this.name = previous.name;
    this.generation = previous.generation;
    this.resourceSliceCount = previous.resourceSliceCount;
    this.hasSharedCounters = previous.hasSharedCounters;
    this.usesCompatibilityGroups = previous.usesCompatibilityGroups;
    this.skipsNodeOperations = previous.skipsNodeOperations;
    List<DeviceEntry> list = new ArrayList<>(previous.devices.size());
    for (DeviceEntry d : previous.devices) {
      list.add(successor.apply(this, d));
    }
    this.devices = List.copyOf(list);
  }

  /** Mirrors sliceUsesCompatibilityGroups: a device of the slice declares groups on a consumption. */
  private static boolean usesCompatibilityGroups(ResourceSlice slice) {
    for (var device : slice.spec().devices()) {
      for (var consumption : device.consumesCounters()) {
        if (!consumption.compatibilityGroups().isEmpty()) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@return whether the gates let the slice be seen at all} */
  boolean visible(Features features) {
    return features.deviceCompatibilityGroups() || !usesCompatibilityGroups;
  }

  boolean perDeviceNodeSelection() {
    return slice.spec().perDeviceNodeSelection();
  }

  @Override
  public String toString() {
    return name;
  }

  /**
   * {@return whether devices of slices with {@code skipNodeOperations} may be allocated on the
   * node} The kubelet of a node that does not declare DRAOptionalNodeOperations would wait for a
   * driver whose operations the slice skips.
   */
  static boolean nodeOperationsOptional(Features features, Node node) {
    return features.optionalNodeOperations() && node.declares(OPTIONAL_NODE_OPERATIONS);
  }
}
