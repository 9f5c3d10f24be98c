package io.github.dra4j.core;

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
  final ResourceSlice slice;
  final ResolvedSlice resolved;
  final PoolId poolId;
  final String name;
  final long generation;
  final long resourceSliceCount;
  final List<DeviceEntry> devices;
  /** Published {@code sharedCounters} non-empty: a counter-set slice (KEP-4815). */
  final boolean hasSharedCounters;

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
    List<DeviceEntry> list = new ArrayList<>(previous.devices.size());
    for (DeviceEntry d : previous.devices) {
      list.add(successor.apply(this, d));
    }
    this.devices = List.copyOf(list);
  }

  boolean perDeviceNodeSelection() {
    return slice.spec().perDeviceNodeSelection();
  }

  @Override
  public String toString() {
    return name;
  }
}
