package io.github.dra4j.fabric8;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.field.FieldPath;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.FieldValidation;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The cluster as the allocator sees it, kept up to date by fabric8 SharedInformers for
 * ResourceSlices, DeviceClasses, ResourceClaims ({@code resource.k8s.io/v1}), Nodes and, while
 * the allocator's {@link io.github.dra4j.core.Features#deviceTaintRules() DRADeviceTaintRules}
 * gate is on, DeviceTaintRules (applied exactly as the offline reader applies them, see {@link
 * StructuredAllocator#snapshot(java.util.Collection, java.util.Collection, java.util.Collection,
 * java.util.Collection)}).
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
 * <p>Faults: a watch that fails or ends with {@code 410 Gone} makes its informer list again
 * (with backoff while the API server is unavailable); meanwhile the view keeps its last data.
 * {@link #health()} says, per informer, whether it is watching and when it last synced; with
 * {@link Builder#maxStaleness} set, {@link #snapshot()} refuses data older than the bound with
 * {@link StaleClusterException}.
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
  /** The DeviceTaintRule versions served upstream, newest first; all have the same shape. */
  static final List<String> TAINT_RULE_VERSIONS =
      List.of("resource.k8s.io/v1", "resource.k8s.io/v1beta2", "resource.k8s.io/v1alpha3");

  private static final KubernetesCodec CODEC =
      KubernetesCodec.create().withFieldValidation(FieldValidation.IGNORE, e -> { });

  private final ClusterState state;
  private final Clock clock;
  private final @Nullable Duration maxStaleness;
  private final @Nullable Long listPageSize;
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
  private final List<InformerWatch> watches = new ArrayList<>();

  private Fabric8Cluster(Builder b) {
    this.state = new ClusterState(b.allocator);
    this.clock = b.clock;
    this.maxStaleness = b.maxStaleness;
    this.listPageSize = b.listPageSize;
  }

  /**
   * Starts the informers with the defaults (no staleness bound) and returns once each has
   * listed its objects.
   *
   * @param client the client; its namespace setting is ignored (claims of all namespaces)
   * @param allocator the allocator whose features and selector compiler snapshots use
   * @return the running cluster view
   * @throws io.fabric8.kubernetes.client.KubernetesClientException when listing fails
   */
  public static Fabric8Cluster start(KubernetesClient client, StructuredAllocator allocator) {
    return builder(client, allocator).start();
  }

  /**
   * Starts configuring a cluster view.
   *
   * @param client the client; its namespace setting is ignored (claims of all namespaces)
   * @param allocator the allocator whose features and selector compiler snapshots use
   * @return a builder
   */
  public static Builder builder(KubernetesClient client, StructuredAllocator allocator) {
    return new Builder(client, allocator);
  }

  private void startInformers(KubernetesClient client, String taintRuleVersion) {
    ClusterState s = state;
    try {
      inform("DeviceClass", client.resources(io.fabric8.kubernetes.api.model.resource.v1.DeviceClass.class),
          Fabric8Adapters::toRecord, s::putClass, o -> s.removeClass(o.getMetadata().getName()));
      inform("ResourceSlice", client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class),
          Fabric8Adapters::toRecord, s::putSlice, o -> s.removeSlice(o.getMetadata().getName()));
      inform("ResourceClaim",
          client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class).inAnyNamespace(),
          Fabric8Adapters::toRecord, s::putClaim,
          o -> s.removeClaim(ClusterState.key(o.getMetadata().getNamespace(), o.getMetadata().getName())));
      inform("Node", client.nodes(),
          Fabric8Adapters::toRecord, s::putNode, o -> s.removeNode(o.getMetadata().getName()));
      if (s.features().deviceTaintRules()) {
        int slash = taintRuleVersion.indexOf('/');
        ResourceDefinitionContext rules = new ResourceDefinitionContext.Builder()
            .withGroup(taintRuleVersion.substring(0, slash)).withVersion(taintRuleVersion.substring(slash + 1))
            .withKind("DeviceTaintRule").withPlural("devicetaintrules").withNamespaced(false).build();
        try {
          inform("DeviceTaintRule", client.genericKubernetesResources(rules),
              Fabric8Cluster::taintRule, s::putTaintRule, o -> s.removeTaintRule(o.getMetadata().getName()));
        } catch (KubernetesClientException e) {
          throw new KubernetesClientException("listing DeviceTaintRules (" + taintRuleVersion + ") failed: "
              + Json.rootMessage(e) + "; the allocator's DRADeviceTaintRules gate is on, so the cluster must serve"
              + " them: set Fabric8Cluster.Builder.deviceTaintRuleVersion to a version it serves, or turn the gate"
              + " off in the allocator's Features", e);
        }
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  /*
   * run() returns once the informer's store holds the initial list, but its handler runs later
   * on another thread; applying the stored objects here makes start() return a complete view. A
   * handler event that arrives afterwards puts the same or a newer version again.
   *
   * After the start, the informer retries every list and watch failure (fabric8's default stops
   * an informer for good on a watch error); before it, a failure fails start().
   */
  private <F extends HasMetadata, R> void inform(String kind, Informable<F> source, Function<F, R> convert,
      Consumer<R> put, Consumer<F> remove) {
    InformerWatch watch = new InformerWatch(kind, clock);
    watches.add(watch);
    Informable<F> paged = listPageSize == null ? source : source.withLimit(listPageSize);
    SharedIndexInformer<F> informer = paged.runnableInformer(0);
    informers.add(informer);
    watch.attach(informer);
    ResourceEventHandler<F> handler = handler(state, watch, kind, convert, put, remove);
    informer.exceptionHandler((started, t) -> {
      watch.error(t);
      return started;
    });
    informer.addEventHandler(handler);
    informer.run();
    informer.getStore().list().forEach(handler::onAdd);
    watch.listed();
  }

  /*
   * A conversion failure must not kill the informer: the object is dropped (its previous version
   * removed, so nothing stale is allocated from) and reported through problems().
   */
  private static <F extends HasMetadata, R> ResourceEventHandler<F> handler(ClusterState state, InformerWatch watch,
      String kind, Function<F, R> convert, Consumer<R> put, Consumer<F> remove) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(F obj) {
        watch.event();
        apply(obj);
      }

      @Override
      public void onUpdate(F oldObj, F newObj) {
        watch.event();
        apply(newObj);
      }

      @Override
      public void onDelete(F obj, boolean deletedFinalStateUnknown) {
        watch.event();
        remove.accept(obj);
      }

      @Override
      public void onBeforeList(String lastSyncResourceVersion) {
        watch.beforeList();
      }

      @Override
      public void onList(String resourceVersion, boolean remainedEmpty) {
        watch.listed();
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

  /*
   * fabric8 has no v1 DeviceTaintRule type, and the rule must read exactly as the offline reader
   * reads it: the object goes through the project's codec, field names and all. Unknown fields
   * are ignored, since the API server has validated the object against a possibly newer API.
   */
  private static DeviceTaintRule taintRule(GenericKubernetesResource obj) {
    String ref = ToRecords.ref("DeviceTaintRule", obj.getMetadata());
    try {
      return CODEC.read(Json.SERIALIZATION.asJson(obj), DeviceTaintRule.class);
    } catch (DecodeException e) {
      throw new Fabric8ConversionException(ref, e.path() == null ? FieldPath.root() : FieldPath.of(e.path()),
          e.detail());
    }
  }

  /**
   * Returns an immutable snapshot of the cluster including in-flight allocations; cheap when
   * nothing changed.
   *
   * @return the snapshot
   * @throws StaleClusterException when {@link Builder#maxStaleness} is set and the view is older
   */
  public ClusterSnapshot snapshot() {
    checkFresh();
    return state.snapshot();
  }

  private void checkFresh() {
    if (maxStaleness != null) {
      ClusterHealth health = health();
      if (health.staleness().compareTo(maxStaleness) > 0) {
        throw new StaleClusterException(health, maxStaleness);
      }
    }
  }

  /** {@return how current the view is now, per informer} */
  public ClusterHealth health() {
    Instant now = clock.instant();
    List<ClusterHealth.Informer> out = new ArrayList<>(watches.size());
    for (InformerWatch w : watches) {
      out.add(w.health(now));
    }
    return new ClusterHealth(now, out);
  }

  /**
   * {@return the objects the current {@link #snapshot()} is built from: the nodes, the slices as
   * the snapshot sees them (pinned devices included), the DeviceClasses, and every claim with
   * in-flight allocations in place of the informer's version} A scheduler needs them together
   * with their snapshot: take both from one {@link #view()}. Immutable; cheap when nothing changed.
   *
   * @throws StaleClusterException when {@link Builder#maxStaleness} is set and the view is older
   */
  public Cluster cluster() {
    checkFresh();
    return state.cluster();
  }

  /**
   * Returns the current snapshot and the objects it is built from, taken at once: what a
   * scheduler built on this view takes, {@code PodScheduler.builder(allocator).cluster(v.cluster())
   * .snapshot(v.snapshot())}. Calling {@link #snapshot()} and {@link #cluster()} one after the
   * other can pair a snapshot with newer objects when an informer event comes in between, such
   * as a claim already shown deallocated whose devices the snapshot still counts as in use.
   *
   * @return the snapshot with its objects
   * @throws StaleClusterException when {@link Builder#maxStaleness} is set and the view is older
   */
  public View view() {
    checkFresh();
    return state.view();
  }

  /**
   * A snapshot and the objects it is built from (see {@link #view()}).
   *
   * @param snapshot the snapshot
   * @param cluster the objects it is built from, with the nodes as of the same moment
   */
  public record View(ClusterSnapshot snapshot, Cluster cluster) {
    /** Checks the components. */
    public View {
      Objects.requireNonNull(snapshot, "snapshot");
      Objects.requireNonNull(cluster, "cluster");
    }
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

  /** Configures a {@link Fabric8Cluster}. Not thread-safe. */
  public static final class Builder {
    private final KubernetesClient client;
    private final StructuredAllocator allocator;
    private Clock clock = Clock.systemUTC();
    private @Nullable Duration maxStaleness;
    private @Nullable Long listPageSize;
    private String taintRuleVersion = "resource.k8s.io/v1beta2";

    private Builder(KubernetesClient client, StructuredAllocator allocator) {
      this.client = Objects.requireNonNull(client, "client");
      this.allocator = Objects.requireNonNull(allocator, "allocator");
    }

    /**
     * Sets the clock that staleness is measured with (default: the system clock in UTC).
     *
     * @param clock the clock
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Makes {@link Fabric8Cluster#snapshot()} refuse data older than this bound: when an
     * informer's watch has been down (or its list incomplete) for longer, it throws {@link
     * StaleClusterException} instead of answering from old data. Default: no bound, as in
     * kube-scheduler, which schedules from its informers whatever their state.
     *
     * @param bound the largest acceptable staleness, or null for none
     * @return this builder
     * @throws IllegalArgumentException when the bound is negative
     */
    @CanIgnoreReturnValue
    public Builder maxStaleness(@Nullable Duration bound) {
      if (bound != null && bound.isNegative()) {
        throw new IllegalArgumentException("maxStaleness must not be negative, got " + bound);
      }
      this.maxStaleness = bound;
      return this;
    }

    /**
     * Makes the informers list in pages of this many objects (the {@code limit} and {@code
     * continue} parameters), as client-go's reflector does, so that a large cluster is not read
     * in one response. Default: one response.
     *
     * @param objects objects per page, at least 1
     * @return this builder
     * @throws IllegalArgumentException when below 1
     */
    @CanIgnoreReturnValue
    public Builder listPageSize(long objects) {
      if (objects < 1) {
        throw new IllegalArgumentException("listPageSize must be at least 1, got " + objects);
      }
      this.listPageSize = objects;
      return this;
    }

    /**
     * Sets the API version DeviceTaintRules are watched in while the allocator's
     * DRADeviceTaintRules gate is on (default {@code resource.k8s.io/v1beta2}; the cluster must
     * serve it, or {@link #start()} fails naming it). With the gate off, none are watched.
     *
     * @param apiVersion {@code resource.k8s.io/v1}, {@code resource.k8s.io/v1beta2} or {@code
     *     resource.k8s.io/v1alpha3}
     * @return this builder
     * @throws IllegalArgumentException for another version
     */
    @CanIgnoreReturnValue
    public Builder deviceTaintRuleVersion(String apiVersion) {
      if (!TAINT_RULE_VERSIONS.contains(apiVersion)) {
        throw new IllegalArgumentException("DeviceTaintRule is served as " + String.join(", ", TAINT_RULE_VERSIONS)
            + ", not " + apiVersion);
      }
      this.taintRuleVersion = apiVersion;
      return this;
    }

    /**
     * Starts the informers and returns once each has listed its objects.
     *
     * @return the running cluster view
     * @throws io.fabric8.kubernetes.client.KubernetesClientException when a list fails, for
     *     example because the cluster does not serve DeviceTaintRules in the configured version
     */
    public Fabric8Cluster start() {
      Fabric8Cluster cluster = new Fabric8Cluster(this);
      cluster.startInformers(client, taintRuleVersion);
      return cluster;
    }
  }
}
