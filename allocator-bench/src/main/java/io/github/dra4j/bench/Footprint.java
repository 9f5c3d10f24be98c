package io.github.dra4j.bench;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.MixinFlattener;
import io.github.dra4j.core.StructuredAllocator;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.util.Multiset;

/**
 * T2: retained heap of the worst-case slice set, mixin form vs flattened form, measured with JOL
 * {@link GraphLayout} (every object reachable, each counted once).
 *
 * <p>Both forms are first written to JSON and decoded with {@link KubernetesCodec}, so each holds
 * what an informer would: its own value objects (the generator and the flattener share value
 * objects between devices, which would flatter the flattened form). Three views are measured:
 * the decoded slices; the slices plus their devices' mixin views ({@link MixinFlattener#views},
 * what the allocator resolves per device); and a freshly indexed {@link ClusterSnapshot} (slices, resolved views and
 * the pool index), built with a selector compiler that is never called, so the CEL environment
 * stays out of the count. For contrast, one DGX A100 node ({@link DgxA100}) is measured in both
 * forms too.
 *
 * <p>The {@link Bound} says what no representation of maps and lists can change: how small the
 * mixin form could be against the flattened form if maps and lists cost nothing, and how many
 * bytes of map structure per entry both forms would need for the ratio to reach 0.5x.
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
   * The decoded slices split into what both forms must hold whatever the representation of maps
   * and lists (values, strings and records), and the map entries. With {@code s} bytes of map
   * structure per entry the ratio is {@code (mixin + mixinEntries * s) / (flattened +
   * flattenedEntries * s)}: it falls towards the entry ratio as {@code s} grows, so it is
   * smallest for the least compact maps. Maps' and lists' fixed costs are left out, which only
   * flatters the mixin form (it has more maps and its include lists).
   *
   * @param mixin bytes of the mixin form other than maps and lists
   * @param flattened the same for the flattened form
   * @param mixinEntries attribute, capacity and counter entries of the mixin form, mixins included
   * @param flattenedEntries the same for the flattened form
   * @param structurePerEntry bytes of maps and lists per entry in the flattened form as measured
   */
  record Bound(long mixin, long flattened, long mixinEntries, long flattenedEntries, double structurePerEntry) {
    /** {@return mixin over flattened with maps and lists free} */
    double ratio() {
      return (double) mixin / flattened;
    }

    /**
     * {@return the bytes of map structure per entry at which the ratio reaches 0.5, 0 when it is
     * there without any, or infinity when no amount reaches it}
     */
    double breakEven() {
      double gainPerByte = 0.5 * flattenedEntries - mixinEntries;
      double excess = mixin - 0.5 * flattened;
      if (excess <= 0) {
        return 0;
      }
      return gainPerByte <= 0 ? Double.POSITIVE_INFINITY : excess / gainPerByte;
    }

    @Override
    public String toString() {
      double b = breakEven();
      String needs = Double.isInfinite(b) ? "no amount of map structure per entry reaches <= 0.5x"
          : String.format(Locale.ROOT, "<= 0.5x needs >= %.0f B of map structure per entry", b);
      return String.format(Locale.ROOT, "%,d B vs %,d B (%.3fx) with maps and lists free; %s (now %.0f B;"
          + " %,d vs %,d entries)", mixin, flattened, ratio(), needs, structurePerEntry, mixinEntries, flattenedEntries);
    }
  }

  /**
   * The three views of T2, and the bound of the first.
   *
   * @param slices the decoded slices
   * @param resolved the slices plus their mixin-resolved views
   * @param snapshot a freshly indexed snapshot
   * @param dgxNode the decoded slices of one DGX A100 node, mixins vs flattened
   * @param bound the decoded slices without their maps and lists
   */
  record Result(Sizes slices, Sizes resolved, Sizes snapshot, Sizes dgxNode, Bound bound) {}

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
    BenchCluster mixin = decoded(codec, Form.MIXIN.worstCase(deviceSlices));
    BenchCluster flat = decoded(codec, Form.FLATTENED.worstCase(deviceSlices));
    GraphLayout mixinLayout = layout(mixin.slices());
    GraphLayout flatLayout = layout(flat.slices());
    long flatEntries = entries(flat.slices());
    long flatRest = withoutMapsAndLists(flatLayout);
    return new Result(
        new Sizes(mixinLayout.totalSize(), flatLayout.totalSize()),
        new Sizes(size(resolve(mixin)), size(resolve(flat))),
        new Sizes(snapshotSize(mixin), snapshotSize(flat)),
        dgxNode(codec),
        new Bound(withoutMapsAndLists(mixinLayout), flatRest, entries(mixin.slices()), flatEntries,
            (double) (flatLayout.totalSize() - flatRest) / flatEntries));
  }

  /** {@return the bytes of every class but java.util's maps, map entries and collections, and reference arrays} */
  static long withoutMapsAndLists(GraphLayout layout) {
    Multiset<Class<?>> sizes = layout.getClassSizes();
    long bytes = 0;
    for (Class<?> c : layout.getClasses()) {
      if (!isMapOrList(c)) {
        bytes += sizes.count(c);
      }
    }
    return bytes;
  }

  private static boolean isMapOrList(Class<?> c) {
    if (c.isArray()) {
      return !c.getComponentType().isPrimitive();
    }
    return c.getName().startsWith("java.util.") && (Map.class.isAssignableFrom(c)
        || Map.Entry.class.isAssignableFrom(c) || Collection.class.isAssignableFrom(c));
  }

  /** {@return the attribute, capacity and counter entries of the slices, mixins included} */
  static long entries(List<ResourceSlice> slices) {
    long n = 0;
    for (ResourceSlice slice : slices) {
      ResourceSliceSpec spec = slice.spec();
      for (Device d : spec.devices()) {
        n += d.attributes().size() + d.capacity().size();
        for (DeviceCounterConsumption c : d.consumesCounters()) {
          n += c.counters().size();
        }
      }
      for (CounterSet cs : spec.sharedCounters()) {
        n += cs.counters().size();
      }
      ResourceSliceMixins mixins = spec.mixins();
      if (mixins != null) {
        for (DeviceMixin m : mixins.device()) {
          n += m.attributes().size() + m.capacity().size();
        }
        for (DeviceCounterConsumptionMixin m : mixins.deviceCounterConsumption()) {
          n += m.counters().size();
        }
        for (CounterSetMixin m : mixins.counterSet()) {
          n += m.counters().size();
        }
      }
    }
    return n;
  }

  /** The real-world contrast: a DGX A100 node shares each mixin among many devices. */
  private static Sizes dgxNode(KubernetesCodec codec) {
    BenchCluster node = DgxA100.node(DgxA100.nodeName(0), true);
    BenchCluster flat = WorstCaseSlices.flattened(node);
    return new Sizes(size(decoded(codec, node).slices()), size(decoded(codec, flat).slices()));
  }

  /**
   * Each slice decoded on its own, as an informer decodes each object it receives: the codec
   * shares equal values within one read, so a whole-dump read would share them across slices too.
   */
  private static BenchCluster decoded(KubernetesCodec codec, BenchCluster cluster) {
    List<ResourceSlice> slices = new ArrayList<>();
    try {
      for (ResourceSlice slice : cluster.slices()) {
        slices.add(codec.read(codec.writeJson(slice), ResourceSlice.class));
      }
    } catch (DecodeException e) {
      throw new UncheckedIOException(e);
    }
    BenchCluster read = new BenchCluster(slices, cluster.classes(), cluster.allocatedClaims());
    if (read.slices().size() != cluster.slices().size() || read.deviceCount() != cluster.deviceCount()) {
      throw new IllegalStateException("the JSON round trip lost slices or devices");
    }
    return read;
  }

  /* The slices with the views the allocator resolves for their devices (MixinFlattener.views). */
  private static List<Object> resolve(BenchCluster cluster) {
    List<Object> resolved = new ArrayList<>();
    for (ResourceSlice slice : cluster.slices()) {
      resolved.add(slice);
      List<DeviceView> views = MixinFlattener.views(slice);
      resolved.add(views);
    }
    return resolved;
  }

  private static long snapshotSize(BenchCluster cluster) {
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(Features.all())
        .selectorCompiler((expression, features) -> {
          throw new IllegalStateException("the footprint snapshot compiles nothing");
        })
        .build();
    ClusterSnapshot snapshot = Allocations.snapshot(allocator, cluster);
    return GraphLayout.parseInstance(snapshot).totalSize();
  }

  private static long size(List<?> roots) {
    return layout(roots).totalSize();
  }

  private static GraphLayout layout(List<?> roots) {
    return GraphLayout.parseInstance(roots.toArray());
  }
}
