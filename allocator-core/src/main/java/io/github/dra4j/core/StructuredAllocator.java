package io.github.dra4j.core;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Allocates Kubernetes DRA devices exactly like the kube-scheduler's structured allocator
 * ({@code k8s.io/dynamic-resource-allocation/structured}, "experimental" variant), including
 * partitionable devices (KEP-4815) and ResourceSlice mixins (KEP-5234).
 *
 * <p>An allocator holds only configuration: the enabled {@link Features} and the selector
 * compiler. Cluster state goes into an immutable {@link ClusterSnapshot}, built once and then
 * shared by any number of threads; the next one is best derived from it, so that only changed
 * pools are indexed again ({@link #snapshot(ClusterSnapshot, Collection, Collection, Collection)}):
 *
 * <pre>{@code
 * StructuredAllocator allocator = StructuredAllocator.builder()
 *     .features(Features.all())
 *     .selectorCompiler(CelCompiler.create())
 *     .build();
 * ClusterSnapshot snapshot = allocator.snapshot(slices, classes, allocatedClaims);
 * AllocationOutcome outcome = snapshot.allocate(node, List.of(claim));
 * }</pre>
 *
 * <p>Thread-safe and immutable.
 */
public final class StructuredAllocator {
  private final Features features;
  private final DeviceSelectorCompiler selectorCompiler;

  private StructuredAllocator(Features features, DeviceSelectorCompiler selectorCompiler) {
    this.features = features;
    this.selectorCompiler = selectorCompiler;
  }

  /** {@return a builder; features default to {@link Features#all()}} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the enabled features} */
  public Features features() {
    return features;
  }

  /** {@return the compiler used for device selectors} */
  public DeviceSelectorCompiler selectorCompiler() {
    return selectorCompiler;
  }

  /**
   * Builds an immutable snapshot of the cluster: slices are grouped by node and pool, and their
   * mixins indexed, once; the devices of the allocated claims are in use. The inputs are not
   * modified; the snapshot keeps references to them (for {@link ClusterSnapshot#withAllocated}).
   *
   * @param slices every ResourceSlice of the cluster (all nodes, all generations)
   * @param classes every DeviceClass
   * @param allocatedClaims claims whose {@code status.allocation} makes devices or capacity in
   *     use; claims without an allocation are ignored
   * @return the snapshot
   * @throws NullPointerException when an argument or element is null
   */
  public ClusterSnapshot snapshot(
      Collection<ResourceSlice> slices,
      Collection<DeviceClass> classes,
      Collection<ResourceClaim> allocatedClaims) {
    return snapshot(slices, classes, allocatedClaims, List.of());
  }

  /**
   * Builds a snapshot like {@link #snapshot(Collection, Collection, Collection)} in which the
   * DeviceTaintRules taint the devices they select, as the scheduler's ResourceSlice tracker
   * applies them: a selected device is treated as if its slice listed the rule's taint after its
   * own (tolerations, effects, the tolerations written into results). The rules apply only while
   * {@link Features#deviceTaintRules()} is on, and matter only while {@link
   * Features#deviceTaints()} is on. Slices are not copied or changed.
   *
   * @param slices every ResourceSlice of the cluster (all nodes, all generations)
   * @param classes every DeviceClass
   * @param allocatedClaims claims whose {@code status.allocation} makes devices or capacity in
   *     use; claims without an allocation are ignored
   * @param taintRules every DeviceTaintRule of the cluster
   * @return the snapshot
   * @throws NullPointerException when an argument or element is null
   */
  public ClusterSnapshot snapshot(
      Collection<ResourceSlice> slices,
      Collection<DeviceClass> classes,
      Collection<ResourceClaim> allocatedClaims,
      Collection<DeviceTaintRule> taintRules) {
    return new ClusterSnapshot(features, selectorCompiler, slices, classes, allocatedClaims, taintRules, null);
  }

  /**
   * Builds the snapshot of a cluster's ResourceSlices, DeviceClasses, allocated ResourceClaims
   * and DeviceTaintRules (see {@link #snapshot(Collection, Collection, Collection, Collection)});
   * its other objects are not the allocator's.
   *
   * @param cluster the cluster
   * @return the snapshot
   */
  public ClusterSnapshot snapshot(Cluster cluster) {
    return snapshot(cluster.slices(), cluster.classes(), cluster.allocatedClaims(), cluster.taintRules());
  }

  /**
   * Builds the snapshot of a cluster (see {@link #snapshot(Cluster)}), redoing work only for the
   * pools that changed since a previous snapshot (see {@link #snapshot(ClusterSnapshot,
   * Collection, Collection, Collection, Collection)}): what an informer-backed cache calls once
   * per scheduling cycle.
   *
   * @param previous an earlier snapshot, of this or another allocator
   * @param cluster the cluster
   * @return the snapshot
   */
  public ClusterSnapshot snapshot(ClusterSnapshot previous, Cluster cluster) {
    return snapshot(previous, cluster.slices(), cluster.classes(), cluster.allocatedClaims(), cluster.taintRules());
  }

  /**
   * Builds a snapshot like {@link #snapshot(Collection, Collection, Collection)}, redoing work
   * only for the pools that changed since a previous snapshot, so that a scheduler can afford a
   * new snapshot per scheduling cycle (an informer cache that keeps unchanged slices as the same
   * objects pays only for the pools that events touched):
   * <ul>
   *   <li>a pool whose slices are the same objects, in the same order, and whose devices' in-use
   *       state is unchanged is taken over whole: device entries, validated pool, selector
   *       results, and the pools gathered for nodes that see only unchanged pools;
   *   <li>a pool whose slices are the same but whose in-use state changed (the difference of the
   *       allocated claims, found in time linear in the claims) keeps its validation and
   *       selector results; only its counters left and in-use flags are recomputed;
   *   <li>any other pool is built again, reusing the mixin resolution, and the selector results,
   *       of each slice that is the same object.
   * </ul>
   * Slices are compared by identity: a changed slice is always a new object (records are
   * immutable), an equal copy just costs a rebuild. The result is the same as from scratch.
   * Entries are reused only when {@code previous} has the same {@link Features}, selector
   * results only when it also has the same selector compiler; otherwise only mixin
   * resolutions are reused (when the mixins gate agrees). {@code previous} stays valid.
   *
   * @param previous an earlier snapshot, of this or another allocator
   * @param slices every ResourceSlice of the cluster (all nodes, all generations)
   * @param classes every DeviceClass
   * @param allocatedClaims claims whose {@code status.allocation} makes devices or capacity in
   *     use; claims without an allocation are ignored
   * @return the snapshot
   * @throws NullPointerException when an argument or element is null
   */
  public ClusterSnapshot snapshot(
      ClusterSnapshot previous,
      Collection<ResourceSlice> slices,
      Collection<DeviceClass> classes,
      Collection<ResourceClaim> allocatedClaims) {
    return snapshot(previous, slices, classes, allocatedClaims, List.of());
  }

  /**
   * Builds a snapshot with DeviceTaintRules (see {@link #snapshot(Collection, Collection,
   * Collection, Collection)}), redoing work only for the pools that changed since a previous
   * snapshot (see {@link #snapshot(ClusterSnapshot, Collection, Collection, Collection)}); a
   * pool whose rule taints changed keeps its mixin resolution and selector results.
   *
   * @param previous an earlier snapshot, of this or another allocator
   * @param slices every ResourceSlice of the cluster (all nodes, all generations)
   * @param classes every DeviceClass
   * @param allocatedClaims claims whose {@code status.allocation} makes devices or capacity in
   *     use; claims without an allocation are ignored
   * @param taintRules every DeviceTaintRule of the cluster
   * @return the snapshot
   * @throws NullPointerException when an argument or element is null
   */
  public ClusterSnapshot snapshot(
      ClusterSnapshot previous,
      Collection<ResourceSlice> slices,
      Collection<DeviceClass> classes,
      Collection<ResourceClaim> allocatedClaims,
      Collection<DeviceTaintRule> taintRules) {
    return new ClusterSnapshot(features, selectorCompiler, slices, classes, allocatedClaims, taintRules,
        Objects.requireNonNull(previous, "previous"));
  }

  /** Configures a {@link StructuredAllocator}. Not thread-safe. */
  public static final class Builder {
    private Features features = Features.all();
    private @Nullable DeviceSelectorCompiler selectorCompiler;

    private Builder() {}

    /**
     * Sets the feature gates (default: all on).
     *
     * @param features the features
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder features(Features features) {
      this.features = Objects.requireNonNull(features, "features");
      return this;
    }

    /**
     * Sets the selector compiler (required), such as {@code CelCompiler.create()}.
     *
     * @param compiler the compiler
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder selectorCompiler(DeviceSelectorCompiler compiler) {
      this.selectorCompiler = Objects.requireNonNull(compiler, "selectorCompiler");
      return this;
    }

    /**
     * Builds the allocator.
     *
     * @return the allocator
     * @throws IllegalStateException when no selector compiler was set
     */
    public StructuredAllocator build() {
      if (selectorCompiler == null) {
        throw new IllegalStateException("selectorCompiler is required, for example CelCompiler.create()");
      }
      return new StructuredAllocator(features, selectorCompiler);
    }
  }
}
