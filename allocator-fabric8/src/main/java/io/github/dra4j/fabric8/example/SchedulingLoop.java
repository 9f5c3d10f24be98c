package io.github.dra4j.fabric8.example;

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
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import io.github.dra4j.fabric8.ClaimAllocator;
import io.github.dra4j.fabric8.Fabric8Cluster;
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
 * allocation of all the pod's claims together, the scorer), write the allocation, bind the pod.
 * It leaves out what a real scheduler also does beyond DRA (container resources, taints,
 * preemption, backoff) and waits for the resourceclaim controller to create claims from
 * templates; it shows where dra4j fits in.
 *
 * <pre>{@code
 * StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();
 * try (SchedulingLoop loop = SchedulingLoop.start(client, allocator, "dra4j-scheduler")) {
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
  private final NodeScorer scorer;
  private final KubernetesCodec codec = KubernetesCodec.create();
  private final Fabric8Cluster cluster;
  private final ClaimAllocator claims;
  private final SharedIndexInformer<Pod> pods;
  private final Set<String> bound = new HashSet<>();
  private final Map<String, String> lastFailure = new LinkedHashMap<>();

  private SchedulingLoop(KubernetesClient client, StructuredAllocator allocator, String schedulerName,
      NodeScorer scorer) {
    this.client = client;
    this.allocator = allocator;
    this.schedulerName = schedulerName;
    this.scorer = scorer;
    this.cluster = Fabric8Cluster.start(client, allocator);
    this.claims = ClaimAllocator.builder(client, cluster).build();
    this.pods = client.pods().inAnyNamespace().inform();
  }

  /**
   * Starts the informers (cluster objects and pods) and returns once they have synced; nodes
   * are chosen with {@link NodeScorer#first()}.
   *
   * @param client the client
   * @param allocator the allocator, with the cluster's feature gates and a selector compiler
   * @param schedulerName only pods whose {@code spec.schedulerName} is this name are scheduled
   * @return the loop
   */
  public static SchedulingLoop start(KubernetesClient client, StructuredAllocator allocator, String schedulerName) {
    return start(client, allocator, schedulerName, NodeScorer.first());
  }

  /**
   * Starts the informers (cluster objects and pods) and returns once they have synced.
   *
   * @param client the client
   * @param allocator the allocator, with the cluster's feature gates and a selector compiler
   * @param schedulerName only pods whose {@code spec.schedulerName} is this name are scheduled
   * @param scorer how a node is chosen among those where the pod fits
   * @return the loop
   */
  public static SchedulingLoop start(KubernetesClient client, StructuredAllocator allocator, String schedulerName,
      NodeScorer scorer) {
    return new SchedulingLoop(Objects.requireNonNull(client, "client"), Objects.requireNonNull(allocator, "allocator"),
        Objects.requireNonNull(schedulerName, "schedulerName"), Objects.requireNonNull(scorer, "scorer"));
  }

  /**
   * Schedules every pending pod once, higher {@code spec.priority} first (then by namespace and
   * name), on one snapshot of the cluster to which each placement is added.
   *
   * @return the pods bound in this round, as {@code namespace/name -> node}
   */
  public Map<String, String> runOnce() {
    Map<String, String> result = new LinkedHashMap<>();
    List<Pod> pending = new ArrayList<>();
    for (Pod p : pods.getStore().list()) {
      if (isPending(p)) {
        pending.add(p);
      }
    }
    pending.sort(Comparator.comparingInt(SchedulingLoop::priority).reversed().thenComparing(SchedulingLoop::key));
    PodScheduler scheduler = PodScheduler.builder(allocator)
        .cluster(cluster.cluster())
        .snapshot(cluster.snapshot())
        .scorer(scorer)
        .build();
    for (Pod pod : pending) {
      String key = key(pod);
      String node = schedule(scheduler, pod, key);
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

  private boolean isPending(Pod p) {
    return p.getSpec() != null && p.getSpec().getNodeName() == null
        && schedulerName.equals(p.getSpec().getSchedulerName())
        && !p.getSpec().getResourceClaims().isEmpty()
        && !bound.contains(key(p));
  }

  /** Chooses the node, writes the claims, binds; returns the node, or null with the failure recorded. */
  private @Nullable String schedule(PodScheduler scheduler, Pod pod, String key) {
    String waiting = waitingForController(pod);
    if (waiting != null) {
      lastFailure.put(key, waiting);
      return null;
    }
    SchedulingResult r;
    try {
      r = scheduler.schedule(toRecord(pod));
    } catch (DecodeException | AllocationException e) {
      // Invalid input (a malformed pod, an unknown class, a CEL error): no node will do better.
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
      written = claims.allocate(pod, node);
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
    try {
      bind(pod, node);
      return node;
    } catch (KubernetesClientException e) {
      lastFailure.put(key, "binding to " + node + " failed: " + e.getMessage());
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

  /** Stops the informers. */
  @Override
  public void close() {
    pods.close();
    cluster.close();
  }
}
