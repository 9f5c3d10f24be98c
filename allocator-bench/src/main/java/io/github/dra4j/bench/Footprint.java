package io.github.dra4j.bench;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
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
 * indexes per slice); and a freshly indexed {@link ClusterSnapshot} (slices, resolved views and
 * the pool index), built with a selector compiler that is never called, so the CEL environment
 * stays out of the count. For contrast, one DGX A100 node ({@link DgxA100}) is measured in both
 * forms too.
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
   * @param snapshot a freshly indexed snapshot
   * @param dgxNode the decoded slices of one DGX A100 node, mixins vs flattened
   */
  record Result(Sizes slices, Sizes resolved, Sizes snapshot, Sizes dgxNode) {}

  /**
   * Returns the footprint of the worst-case set with the given number of device slices. JOL
   * reads record field offsets through Instrumentation: run with {@code
   * -Djdk.attach.allowAttachSelf=true}; without it JOL falls back to its magic field offset.
   */
  static Result measure(int deviceSlices) {
    if (!Boolean.getBoolean("jdk.attach.allowAttachSelf")) {
      System.setProperty("jol.magicFieldOffset", "true");
    }
    KubernetesCodec codec = KubernetesCodec.create();
    Workload mixin = decoded(codec, Form.MIXIN.worstCase(deviceSlices));
    Workload flat = decoded(codec, Form.FLATTENED.worstCase(deviceSlices));
    return new Result(
        new Sizes(size(mixin.slices()), size(flat.slices())),
        new Sizes(size(resolve(mixin)), size(resolve(flat))),
        new Sizes(snapshotSize(mixin), snapshotSize(flat)),
        dgxNode(codec));
  }

  /** The real-world contrast: a DGX A100 node shares each mixin among many devices. */
  private static Sizes dgxNode(KubernetesCodec codec) {
    Workload node = DgxA100.node(DgxA100.nodeName(0), true);
    Workload flat = WorstCaseSlices.flattened(node);
    return new Sizes(size(decoded(codec, node).slices()), size(decoded(codec, flat).slices()));
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

  private static long snapshotSize(Workload workload) {
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(Features.all())
        .selectorCompiler((expression, features) -> {
          throw new IllegalStateException("the footprint snapshot compiles nothing");
        })
        .build();
    ClusterSnapshot snapshot = Allocations.snapshot(allocator, workload);
    return GraphLayout.parseInstance(snapshot).totalSize();
  }

  private static long size(List<?> roots) {
    return GraphLayout.parseInstance(roots.toArray()).totalSize();
  }
}
