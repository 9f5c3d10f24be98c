package io.github.dra4j.bench;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.core.internal.mixin.MixinResolver;
import io.github.dra4j.core.internal.mixin.ResolvedSlice;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openjdk.jol.info.GraphLayout;

/**
 * T2: retained heap of the worst-case slice set, mixin form vs flattened form, measured with JOL
 * {@link GraphLayout} (every object reachable, each counted once).
 *
 * <p>Both forms are first written to JSON and decoded with {@link KubernetesCodec}, so each holds
 * what an informer would: its own value objects (the generator and the flattener share value
 * objects between devices, which would flatter the flattened form). Three views are measured:
 * the decoded slices; the slices plus their {@link MixinResolver} views (what the allocator
 * indexes per slice); and a {@link ClusterSnapshot} after one allocation of the T1 claim, minus
 * what the allocator itself retains (compiler, caches shared by all snapshots).
 */
final class Footprint {
  private Footprint() {}

  /**
   * Retained bytes of one view in both forms.
   *
   * @param mixin bytes of the mixin form
   * @param flattened bytes of the flattened form
   */
  record Sizes(long mixin, long flattened) {
    /** {@return mixin over flattened} */
    double ratio() {
      return (double) mixin / flattened;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%,d B vs %,d B (%.3fx)", mixin, flattened, ratio());
    }
  }

  /**
   * The three views of T2.
   *
   * @param slices the decoded slices
   * @param resolved the slices plus their mixin-resolved views
   * @param snapshot an indexed snapshot after one allocation, allocator excluded
   */
  record Result(Sizes slices, Sizes resolved, Sizes snapshot) {}

  /** {@return the footprint of the worst-case set with the given number of device slices} */
  static Result measure(int deviceSlices) {
    KubernetesCodec codec = KubernetesCodec.create();
    Workload mixin = decoded(codec, Form.MIXIN.worstCase(deviceSlices));
    Workload flat = decoded(codec, Form.FLATTENED.worstCase(deviceSlices));
    return new Result(
        new Sizes(size(mixin.slices()), size(flat.slices())),
        new Sizes(size(resolve(mixin)), size(resolve(flat))),
        new Sizes(snapshotSize(mixin, deviceSlices), snapshotSize(flat, deviceSlices)));
  }

  private static Workload decoded(KubernetesCodec codec, Workload workload) {
    String json = codec.writeJsonList(workload.slices());
    List<ResourceSlice> slices = new ArrayList<>();
    try {
      for (Object o : codec.readAll(json, "worst-case")) {
        slices.add((ResourceSlice) o);
      }
    } catch (DecodeException e) {
      throw new UncheckedIOException(e);
    }
    Workload read = new Workload(slices, workload.classes(), workload.allocatedClaims());
    if (read.slices().size() != workload.slices().size() || read.deviceCount() != workload.deviceCount()) {
      throw new IllegalStateException("the JSON round trip lost slices or devices");
    }
    return read;
  }

  private static List<ResolvedSlice> resolve(Workload workload) {
    List<ResolvedSlice> resolved = new ArrayList<>();
    for (ResourceSlice slice : workload.slices()) {
      resolved.add(MixinResolver.resolve(slice, true));
    }
    return resolved;
  }

  private static long snapshotSize(Workload workload, int deviceSlices) {
    StructuredAllocator allocator = Allocations.allocator();
    ClusterSnapshot snapshot = Allocations.snapshot(allocator, workload);
    Allocations.requireAllocated(snapshot.allocate(WorstCaseSlices.node(),
        List.of(WorstCaseSlices.lastDeviceClaim(deviceSlices))));
    return GraphLayout.parseInstance(snapshot)
        .subtract(GraphLayout.parseInstance(allocator))
        .totalSize();
  }

  private static long size(List<?> roots) {
    return GraphLayout.parseInstance(roots.toArray()).totalSize();
  }
}
