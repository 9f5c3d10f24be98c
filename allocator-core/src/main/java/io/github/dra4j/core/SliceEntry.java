package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.TaintRules.RuleTaint;
import io.github.dra4j.core.internal.mixin.ResolvedDevice;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/*
 * One ResourceSlice of the snapshot with its mixins resolved once and its devices converted.
 * Immutable; shared with successor snapshots while the slice and its pool's in-use state stay.
 */
final class SliceEntry {
  /** The feature a node declares (status.declaredFeatures) when its kubelet skips optional node operations. */
  static final String OPTIONAL_NODE_OPERATIONS = "DRAOptionalNodeOperations";

  final ResourceSlice slice;
  /**
   * The same object for an entry and all its successors (entries of the same slice under other
   * in-use states), distinct for every other slice: a successor shares the device entries it does
   * not change, whose {@code slice} is then an earlier entry of the same family.
   */
  final Object family;
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
    this.family = new Object();
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
    this(previous, slice -> successors(previous.devices,
        d -> new DeviceEntry(slice, d, uids == null ? d.uid : uids.next(), state, ruleTaints)));
  }

  /**
   * The same slice with another in-use state for the devices at these positions: their
   * entries are replaced by {@code successor}, every other device entry is shared, as its in-use
   * state is the same (ClusterSnapshot.withAllocated and withoutAllocated change only the devices
   * the claims name). A shared entry's {@code slice} is an earlier entry of the same family.
   */
  SliceEntry(SliceEntry previous, int[] positions, BiFunction<SliceEntry, DeviceEntry, DeviceEntry> successor) {
    this(previous, slice -> {
      DeviceEntry[] list = previous.devices.toArray(new DeviceEntry[0]);
      for (int at : positions) {
        list[at] = successor.apply(slice, list[at]);
      }
      return List.of(list);
    });
  }

  /* The same slice with the device entries devicesOf gives for the new entry. */
  private SliceEntry(SliceEntry previous, Function<SliceEntry, List<DeviceEntry>> devicesOf) {
    this.slice = previous.slice;
    this.family = previous.family;
    this.resolved = previous.resolved;
    this.poolId = previous.poolId;
    this.name = previous.name;
    this.generation = previous.generation;
    this.resourceSliceCount = previous.resourceSliceCount;
    this.hasSharedCounters = previous.hasSharedCounters;
    this.usesCompatibilityGroups = previous.usesCompatibilityGroups;
    this.skipsNodeOperations = previous.skipsNodeOperations;
    this.devices = devicesOf.apply(this);
  }

  private static List<DeviceEntry> successors(List<DeviceEntry> devices, UnaryOperator<DeviceEntry> successor) {
    List<DeviceEntry> list = new ArrayList<>(devices.size());
    for (DeviceEntry d : devices) {
      list.add(successor.apply(d));
    }
    return List.copyOf(list);
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
