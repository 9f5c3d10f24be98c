package io.github.dra4j.fabric8.example;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.fabric8.Backoff;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import io.github.dra4j.fabric8.ClaimAllocator;
import io.github.dra4j.fabric8.Fabric8Cluster;
import io.github.dra4j.fabric8.StaleClusterException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The smallest useful DRA scheduling loop: watch unscheduled pods that use ResourceClaims, let
 * {@link PodScheduler} choose a node (node name, node selector and required affinity, the
 * allocation of all the pod's claims together, the scorer), write the allocation, bind the pod,
 * and undo the writes when the binding fails. It leaves out what a real scheduler also does
 * beyond DRA (container resources, taints, preemption, a work queue with per-pod backoff) and
 * waits for the resourceclaim controller to create claims from templates; it shows where dra4j
 * fits in, and how to run it as a secondary scheduler next to kube-scheduler
 * (docs/scheduler-integration.md): several replicas elect a leader on a Lease, only the leader
 * writes, the cluster view can refuse stale data, and each pod gets a deadline.
 *
 * <pre>{@code
 * StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();
 * try (SchedulingLoop loop = SchedulingLoop.builder(client, allocator, "dra4j-scheduler")
 *     .leaderElection(LeaderElection.of("kube-system", "dra4j-scheduler", podName))
 *     .maxStaleness(Duration.ofSeconds(30))
 *     .podTimeout(Duration.ofSeconds(5))
 *     .build()) {
 *   while (running) {
 *     loop.runOnce();
 *     Thread.sleep(1000);
 *   }
 * }
 * }</pre>
 */
public final class SchedulingLoop implements AutoCloseable {
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private final KubernetesClient client;
  private final StructuredAllocator allocator;
  private final String schedulerName;
  private final Builder config;
  private final KubernetesCodec codec = KubernetesCodec.create();
  private final SharedIndexInformer<Pod> pods;
  private final @Nullable Leadership leadership;
  private final Set<String> bound = new HashSet<>();
  private final Map<String, String> lastFailure = new LinkedHashMap<>();
  private final Map<String, PendingUnreserve> unreserveLater = new LinkedHashMap<>();
  private @Nullable Fabric8Cluster cluster;
  private @Nullable ClaimAllocator claims;
  private @Nullable String roundFailure;
  private volatile @Nullable Instant podDeadline;

  /** A pod whose binding failed and whose claims could not all be unreserved yet. */
  private record PendingUnreserve(Pod pod, ClaimAllocator.Allocated allocated) {}

  private SchedulingLoop(Builder b) {
    this.client = b.client;
    this.allocator = b.allocator;
    this.schedulerName = b.schedulerName;
    this.config = b;
    // As the cluster view's informers: once started, every list and watch failure is retried
    // (fabric8's default handler would stop the informer for good on a malformed watch event).
    this.pods = client.pods().inAnyNamespace().runnableInformer(0).exceptionHandler((started, t) -> started).run();
    if (b.leaderElection == null) {
      this.leadership = null;
      try {
        openCluster();
      } catch (KubernetesClientException e) {
        pods.close();
        throw e;
      }
    } else {
      this.leadership = new Leadership(client, b.leaderElection);
      leadership.start();
    }
  }

  /**
   * Starts the informers (cluster objects and pods) and returns once they have synced; nodes
   * are chosen with {@link NodeScorer#first()}, without leader election.
   *
   * @param client the client
   * @param allocator the allocator, with the cluster's feature gates and a selector compiler
   * @param schedulerName only pods whose {@code spec.schedulerName} is this name are scheduled
   * @return the loop
   */
  public static SchedulingLoop start(KubernetesClient client, StructuredAllocator allocator, String schedulerName) {
    return builder(client, allocator, schedulerName).build();
  }

  /**
   * Starts the informers (cluster objects and pods) and returns once they have synced, without
   * leader election.
   *
   * @param client the client
   * @param allocator the allocator, with the cluster's feature gates and a selector compiler
   * @param schedulerName only pods whose {@code spec.schedulerName} is this name are scheduled
   * @param scorer how a node is chosen among those where the pod fits
   * @return the loop
   */
  public static SchedulingLoop start(KubernetesClient client, StructuredAllocator allocator, String schedulerName,
      NodeScorer scorer) {
    return builder(client, allocator, schedulerName).scorer(scorer).build();
  }

  /**
   * Starts configuring a loop.
   *
   * @param client the client
   * @param allocator the allocator, with the cluster's feature gates and a selector compiler
   * @param schedulerName only pods whose {@code spec.schedulerName} is this name are scheduled
   * @return a builder
   */
  public static Builder builder(KubernetesClient client, StructuredAllocator allocator, String schedulerName) {
    return new Builder(client, allocator, schedulerName);
  }

  /**
   * Schedules every pending pod once, higher {@code spec.priority} first (then by namespace and
   * name), on one snapshot of the cluster to which each placement is added. With leader election,
   * only the leader schedules, and it stops writing as soon as it is no longer sure to lead; a
   * replica that is not the leader keeps no cluster view, so that one that becomes leader starts
   * from a fresh list that includes everything its predecessor wrote.
   *
   * @return the pods bound in this round, as {@code namespace/name -> node}; empty when nothing
   *     could be scheduled at all ({@link #roundFailure()} says why)
   */
  public Map<String, String> runOnce() {
    roundFailure = null;
    if (!leading()) {
      stopCluster();
      roundFailure = "not the leader";
      return Map.of();
    }
    if (cluster == null && !startCluster()) {
      return Map.of();
    }
    ClaimAllocator writer = Objects.requireNonNull(claims);
    retryUnreserves(writer);
    Fabric8Cluster.View current;
    try {
      current = Objects.requireNonNull(cluster).view();
    } catch (StaleClusterException e) {
      roundFailure = e.getMessage();
      return Map.of();
    }
    List<Pod> pending = new ArrayList<>();
    for (Pod p : pods.getStore().list()) {
      if (isPending(p)) {
        pending.add(p);
      }
    }
    pending.sort(Comparator.comparingInt(SchedulingLoop::priority).reversed().thenComparing(SchedulingLoop::key));
    PodScheduler scheduler = PodScheduler.builder(allocator)
        .cluster(current.cluster())
        .snapshot(current.snapshot())
        .scorer(config.scorer)
        .options(searchOptions().withCancellation(this::cancelled))
        // the loop binds pods but does not delete a preemption's victims through the API server
        .preemption(false)
        .build();
    Map<String, String> result = new LinkedHashMap<>();
    for (Pod pod : pending) {
      String key = key(pod);
      if (unreserveLater.containsKey(key)) {
        continue; // its last binding's claims are not cleaned up yet; see retryUnreserves
      }
      podDeadline = config.podTimeout == null ? null : Instant.now().plus(config.podTimeout);
      String node = schedule(scheduler, writer, pod, key);
      podDeadline = null;
      if (node != null) {
        bound.add(key);
        lastFailure.remove(key);
        result.put(key, node);
      }
    }
    return result;
  }

  /** {@return why each pod still pending failed in its last round, as {@code namespace/name -> reason}} */
  public Map<String, String> failures() {
    return Map.copyOf(lastFailure);
  }

  /**
   * {@return why the last round scheduled nothing at all (not the leader, a stale or unavailable
   * cluster view), or null}
   */
  public @Nullable String roundFailure() {
    return roundFailure;
  }

  /** {@return whether this replica may write: always without leader election, else while it surely leads} */
  public boolean leading() {
    return leadership == null || leadership.isLeader();
  }

  private boolean cancelled() {
    Instant deadline = podDeadline;
    return !leading() || (deadline != null && Instant.now().isAfter(deadline));
  }

  private AllocationOptions searchOptions() {
    return AllocationOptions.defaults().withStepBudget(config.stepBudget);
  }

  private boolean startCluster() {
    try {
      openCluster();
      return true;
    } catch (KubernetesClientException e) {
      roundFailure = "the cluster view could not start: " + e.getMessage();
      return false;
    }
  }

  private void openCluster() {
    Fabric8Cluster started = Fabric8Cluster.builder(client, allocator).maxStaleness(config.maxStaleness).start();
    cluster = started;
    claims = ClaimAllocator.builder(client, started).backoff(config.backoff).maxAttempts(config.maxAttempts).build();
  }

  private void stopCluster() {
    if (cluster != null) {
      cluster.close();
      cluster = null;
      claims = null;
      // The next leader finds the pods and their reservations; cleaning up is its job now.
      unreserveLater.clear();
    }
  }

  private void retryUnreserves(ClaimAllocator writer) {
    unreserveLater.entrySet().removeIf(e -> {
      if (!leading()) {
        return false;
      }
      List<String> problems = writer.unreserve(e.getValue().pod(), e.getValue().allocated());
      if (!problems.isEmpty()) {
        lastFailure.put(e.getKey(), "cleaning up after a failed binding: " + String.join("; ", problems));
      }
      return problems.isEmpty();
    });
  }

  private boolean isPending(Pod p) {
    return p.getSpec() != null && p.getSpec().getNodeName() == null
        && schedulerName.equals(p.getSpec().getSchedulerName())
        && !p.getSpec().getResourceClaims().isEmpty()
        && !bound.contains(key(p));
  }

  /** Chooses the node, writes the claims, binds; returns the node, or null with the failure recorded. */
  private @Nullable String schedule(PodScheduler scheduler, ClaimAllocator writer, Pod pod, String key) {
    String waiting = waitingForController(pod);
    if (waiting != null) {
      lastFailure.put(key, waiting);
      return null;
    }
    SchedulingResult r;
    try {
      r = scheduler.schedule(toRecord(pod));
    } catch (DecodeException | AllocationException e) {
      // Invalid input (a malformed pod, an unknown class, a CEL error), or the pod's deadline.
      lastFailure.put(key, e.getMessage());
      return null;
    }
    if (r instanceof SchedulingResult.Unschedulable) {
      lastFailure.put(key, ((SchedulingResult.Unschedulable) r).message());
      return null;
    }
    // the API server names every node
    String node = Objects.requireNonNull(((SchedulingResult.Scheduled) r).node().name());
    ClaimAllocator.Result written;
    try {
      written = leading() ? writer.allocate(pod, node, searchOptions().withDeadline(podDeadline)
          .withCancellation(() -> !leading())) : new ClaimAllocator.Failed("no longer the leader");
    } catch (AllocationException e) {
      lastFailure.put(key, e.getMessage());
      return null;
    }
    if (written instanceof ClaimAllocator.Failed) {
      lastFailure.put(key, ((ClaimAllocator.Failed) written).reason());
      return null;
    }
    if (written instanceof ClaimAllocator.Unsatisfiable) {
      // The cluster changed between the snapshot and the write; the next round sees the change.
      lastFailure.put(key, ((ClaimAllocator.Unsatisfiable) written).explanation().summary());
      return null;
    }
    return bindOrUnreserve(writer, pod, key, node, (ClaimAllocator.Allocated) written);
  }

  /*
   * PreBind is done; Bind follows. When it fails, Unreserve undoes this cycle's writes, unless
   * the pod turns out to be bound after all (an answer lost on the way back, or a predecessor's
   * binding the pod informer has not shown yet). A replica that lost the lease in between writes
   * nothing more: the new leader finds the claims reserved for the pod and binds it there.
   */
  private @Nullable String bindOrUnreserve(ClaimAllocator writer, Pod pod, String key, String node,
      ClaimAllocator.Allocated allocated) {
    if (!leading()) {
      lastFailure.put(key, "no longer the leader; the claims stay reserved for the next leader");
      return null;
    }
    try {
      bind(pod, node);
      return node;
    } catch (KubernetesClientException e) {
      String boundTo = boundNode(pod);
      if (boundTo != null) {
        bound.add(key);
        lastFailure.put(key, "already bound to " + boundTo);
        return null;
      }
      List<String> problems = leading() ? writer.unreserve(pod, allocated) : List.of();
      if (!problems.isEmpty()) {
        unreserveLater.put(key, new PendingUnreserve(pod, allocated));
      }
      lastFailure.put(key, "binding to " + node + " failed: " + e.getMessage()
          + (problems.isEmpty() ? "; its claims were unreserved" : "; unreserving later: " + String.join("; ", problems)));
      return null;
    }
  }

  /** {@return the node the pod is bound to on the server, or null (also when it cannot be read)} */
  private @Nullable String boundNode(Pod pod) {
    try {
      Pod now = client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName()).get();
      return now == null || now.getSpec() == null ? null : now.getSpec().getNodeName();
    } catch (KubernetesClientException e) {
      return null;
    }
  }

  /*
   * A claim from a template is the resourceclaim controller's to create, with a name this loop
   * cannot know; until pod.status names it, the pod waits, as kube-scheduler's PreEnqueue makes it.
   */
  private static @Nullable String waitingForController(Pod pod) {
    for (PodResourceClaim c : pod.getSpec().getResourceClaims()) {
      if (c.getResourceClaimName() != null) {
        continue;
      }
      boolean created = pod.getStatus() != null && pod.getStatus().getResourceClaimStatuses().stream()
          .map(PodResourceClaimStatus::getName).anyMatch(n -> Objects.equals(n, c.getName()));
      if (!created) {
        return "waiting for the claim of pod claim \"" + c.getName() + "\" (template "
            + c.getResourceClaimTemplateName() + ") to be created";
      }
    }
    return null;
  }

  /*
   * The pod as a record, without container requests and limits: this loop does not account for
   * node resources, so extended resources stay with the scheduler that does.
   */
  private io.github.dra4j.api.Pod toRecord(Pod pod) throws DecodeException {
    io.github.dra4j.api.Pod record = codec.read(SERIALIZATION.asJson(pod), io.github.dra4j.api.Pod.class);
    List<Container> containers = new ArrayList<>();
    for (Container c : record.spec().containers()) {
      containers.add(new Container(c.name(), new ResourceRequirements(Map.of(), Map.of(), c.resources().claims())));
    }
    List<Container> inits = new ArrayList<>();
    for (Container c : record.spec().initContainers()) {
      inits.add(new Container(c.name(), new ResourceRequirements(Map.of(), Map.of(), c.resources().claims())));
    }
    return new io.github.dra4j.api.Pod(record.metadata(),
        record.spec().toBuilder().containers(containers).initContainers(inits).build(), record.status());
  }

  private static int priority(Pod p) {
    Integer priority = p.getSpec().getPriority();
    return priority == null ? 0 : priority;
  }

  private static String key(Pod p) {
    return ObjectRef.key(p.getMetadata().getNamespace(), p.getMetadata().getName());
  }

  private void bind(Pod pod, String node) {
    Binding binding = new BindingBuilder()
        .withNewMetadata().withName(pod.getMetadata().getName()).withNamespace(pod.getMetadata().getNamespace())
        .endMetadata()
        .withNewTarget().withApiVersion("v1").withKind("Node").withName(node).endTarget()
        .build();
    client.bindings().inNamespace(pod.getMetadata().getNamespace()).resource(binding).create();
  }

  /** Stops the informers and, with leader election, releases the lease. */
  @Override
  public void close() {
    if (leadership != null) {
      leadership.close();
    }
    pods.close();
    stopCluster();
  }

  /** Configures a {@link SchedulingLoop}. Not thread-safe. */
  public static final class Builder {
    private final KubernetesClient client;
    private final StructuredAllocator allocator;
    private final String schedulerName;
    private NodeScorer scorer = NodeScorer.first();
    private @Nullable LeaderElection leaderElection;
    private @Nullable Duration maxStaleness;
    private @Nullable Duration podTimeout;
    private long stepBudget = AllocationOptions.DEFAULT_STEP_BUDGET;
    private Backoff backoff = Backoff.defaults();
    private int maxAttempts = 5;

    private Builder(KubernetesClient client, StructuredAllocator allocator, String schedulerName) {
      this.client = Objects.requireNonNull(client, "client");
      this.allocator = Objects.requireNonNull(allocator, "allocator");
      this.schedulerName = Objects.requireNonNull(schedulerName, "schedulerName");
    }

    /**
     * Sets how a node is chosen among those where the pod fits (default {@link NodeScorer#first()}).
     *
     * @param scorer the scorer
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder scorer(NodeScorer scorer) {
      this.scorer = Objects.requireNonNull(scorer, "scorer");
      return this;
    }

    /**
     * Makes the replicas elect a leader on a Lease; only the leader schedules (default: no
     * election, for a single replica).
     *
     * @param election the Lease and timings
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder leaderElection(LeaderElection election) {
      this.leaderElection = Objects.requireNonNull(election, "election");
      return this;
    }

    /**
     * Makes a round refuse to schedule from a cluster view older than this (see {@link
     * Fabric8Cluster.Builder#maxStaleness}); default: no bound.
     *
     * @param bound the largest acceptable staleness, or null for none
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder maxStaleness(@Nullable Duration bound) {
      this.maxStaleness = bound;
      return this;
    }

    /**
     * Gives each pod this long for choosing its node, allocating and writing its claims (the
     * searches are cancelled and retries end at the deadline); binding is not bounded, as it
     * is one request. Default: no deadline, only the step budget.
     *
     * @param timeout the time per pod, positive, or null for none
     * @return this builder
     * @throws IllegalArgumentException when not positive
     */
    @CanIgnoreReturnValue
    public Builder podTimeout(@Nullable Duration timeout) {
      if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
        throw new IllegalArgumentException("podTimeout must be positive, got " + timeout);
      }
      this.podTimeout = timeout;
      return this;
    }

    /**
     * Sets the step budget of each search (default {@link AllocationOptions#DEFAULT_STEP_BUDGET}).
     *
     * @param steps at least 1
     * @return this builder
     * @throws IllegalArgumentException when below 1
     */
    @CanIgnoreReturnValue
    public Builder stepBudget(long steps) {
      this.stepBudget = AllocationOptions.defaults().withStepBudget(steps).stepBudget();
      return this;
    }

    /**
     * Sets how claim writes are retried (see {@link ClaimAllocator.Builder}).
     *
     * @param backoff the wait between attempts
     * @param maxAttempts at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code maxAttempts} is below 1
     */
    @CanIgnoreReturnValue
    public Builder retries(Backoff backoff, int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
      }
      this.backoff = Objects.requireNonNull(backoff, "backoff");
      this.maxAttempts = maxAttempts;
      return this;
    }

    /**
     * Starts the pod informer and, without leader election, the cluster view (returning once
     * they have synced); with it, starts campaigning for the lease.
     *
     * @return the loop
     * @throws KubernetesClientException when an informer cannot list
     */
    public SchedulingLoop build() {
      return new SchedulingLoop(this);
    }
  }
}
