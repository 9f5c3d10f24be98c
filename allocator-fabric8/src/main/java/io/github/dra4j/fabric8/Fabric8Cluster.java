package io.github.dra4j.fabric8;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The cluster as the allocator sees it, kept up to date by fabric8 SharedInformers for
 * ResourceSlices, DeviceClasses, ResourceClaims ({@code resource.k8s.io/v1}) and Nodes.
 *
 * <p>Each informer event converts only the changed object and marks only its pool as changed;
 * {@link #snapshot()} returns an immutable {@link ClusterSnapshot}, the same one while nothing
 * changed, else one derived from the previous snapshot, in which only the affected pools are
 * indexed again (unchanged pools keep their slices as the same objects, so their device entries,
 * validated pools and selector results carry over; see {@link
 * StructuredAllocator#snapshot(ClusterSnapshot, java.util.Collection, java.util.Collection,
 * java.util.Collection)}). Calling it once per scheduling cycle is therefore cheap.
 * Pool generations and incomplete pools are left to the allocator, which keeps the newest
 * generation and treats incomplete pools as it always does.
 *
 * <p>Two things make the snapshot safer than the raw API objects:
 * <ul>
 *   <li>allocations made through {@link ClaimAllocator} count as in use from the moment they are
 *       made until the informer shows them in the claim's status (or the write fails), so two
 *       allocations in a row never hand out the same device or over-commit counters;
 *   <li>for every allocated device the definition seen when its allocation was first seen is
 *       kept and charged until the claim is deallocated, even when the driver republishes the
 *       pool without the device or with other counter consumption (kubernetes#140802).
 * </ul>
 *
 * <p>Objects that cannot be converted are left out and listed by {@link #problems()}.
 * Thread-safe. Close it to stop the informers.
 *
 * <pre>{@code
 * try (Fabric8Cluster cluster = Fabric8Cluster.start(client, allocator)) {
 *   AllocationOutcome outcome = cluster.snapshot().allocate(cluster.node("node-1"), claims);
 * }
 * }</pre>
 */
public final class Fabric8Cluster implements AutoCloseable {
  private final ClusterState state;
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();

  private Fabric8Cluster(StructuredAllocator allocator) {
    this.state = new ClusterState(allocator);
  }

  /**
   * Starts the informers and returns once each has listed its objects.
   *
   * @param client the client; its namespace setting is ignored (claims of all namespaces)
   * @param allocator the allocator whose features and selector compiler snapshots use
   * @return the running cluster view
   * @throws io.fabric8.kubernetes.client.KubernetesClientException when listing fails
   */
  public static Fabric8Cluster start(KubernetesClient client, StructuredAllocator allocator) {
    Objects.requireNonNull(client, "client");
    Fabric8Cluster cluster = new Fabric8Cluster(allocator);
    ClusterState s = cluster.state;
    try {
      cluster.inform(client.resources(io.fabric8.kubernetes.api.model.resource.v1.DeviceClass.class),
          handler(s, "DeviceClass", Fabric8Adapters::toRecord, s::putClass, o -> s.removeClass(o.getMetadata().getName())));
      cluster.inform(client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class),
          handler(s, "ResourceSlice", Fabric8Adapters::toRecord, s::putSlice,
              o -> s.removeSlice(o.getMetadata().getName())));
      cluster.inform(client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class).inAnyNamespace(),
          handler(s, "ResourceClaim", Fabric8Adapters::toRecord, s::putClaim,
              o -> s.removeClaim(ClusterState.key(o.getMetadata().getNamespace(), o.getMetadata().getName()))));
      cluster.inform(client.nodes(),
          handler(s, "Node", Fabric8Adapters::toRecord, s::putNode, o -> s.removeNode(o.getMetadata().getName())));
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  /*
   * inform() returns once the informer's store holds the initial list, but its handler runs later
   * on another thread; applying the stored objects here makes start() return a complete view. A
   * handler event that arrives afterwards puts the same or a newer version again.
   */
  private <F extends HasMetadata> void inform(Informable<F> source, ResourceEventHandler<F> handler) {
    SharedIndexInformer<F> informer = source.inform(handler);
    informers.add(informer);
    informer.getStore().list().forEach(handler::onAdd);
  }

  /*
   * A conversion failure must not kill the informer: the object is dropped (its previous version
   * removed, so nothing stale is allocated from) and reported through problems().
   */
  private static <F extends HasMetadata, R> ResourceEventHandler<F> handler(ClusterState state, String kind,
      Function<F, R> convert, Consumer<R> put, Consumer<F> remove) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(F obj) {
        apply(obj);
      }

      @Override
      public void onUpdate(F oldObj, F newObj) {
        apply(newObj);
      }

      @Override
      public void onDelete(F obj, boolean deletedFinalStateUnknown) {
        remove.accept(obj);
      }

      private void apply(F obj) {
        String ref = ToRecords.ref(kind, obj.getMetadata());
        if (obj.getMetadata() == null || obj.getMetadata().getName() == null) {
          state.problem(ref, ref + ": metadata.name: Required value");
          return;
        }
        try {
          put.accept(convert.apply(obj));
          state.problem(ref, null);
        } catch (Fabric8ConversionException e) {
          remove.accept(obj);
          state.problem(ref, e.getMessage());
        }
      }
    };
  }

  /** {@return an immutable snapshot of the cluster including in-flight allocations; cheap when nothing changed} */
  public ClusterSnapshot snapshot() {
    return state.snapshot();
  }

  /**
   * {@return the objects the current {@link #snapshot()} is built from: the nodes, the slices as
   * the snapshot sees them (pinned devices included), the DeviceClasses, and every claim with
   * in-flight allocations in place of the informer's version} What a scheduler built on this
   * view takes with the snapshot: {@code PodScheduler.builder(allocator).cluster(cluster.cluster())
   * .snapshot(cluster.snapshot())}. Immutable; cheap when nothing changed.
   */
  public Cluster cluster() {
    return state.cluster();
  }

  /** {@return the node with this name as the informer last saw it, or null} */
  public @Nullable Node node(String name) {
    return state.node(name);
  }

  /** {@return every known node, by name} */
  public List<Node> nodes() {
    return state.nodes();
  }

  /** {@return the claim as the informer last saw it, or null} */
  public @Nullable ResourceClaim claim(String namespace, String name) {
    return state.claim(ClusterState.key(namespace, name));
  }

  /** {@return every claim as the informer last saw it, by namespace and name} */
  public List<ResourceClaim> claims() {
    return state.claims();
  }

  /** {@return objects left out because they could not be converted: object reference to error} */
  public Map<String, String> problems() {
    return state.problems();
  }

  ClusterState state() {
    return state;
  }

  /** Stops the informers. */
  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
  }
}
