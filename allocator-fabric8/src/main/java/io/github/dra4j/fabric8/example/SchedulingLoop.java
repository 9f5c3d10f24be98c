package io.github.dra4j.fabric8.example;

import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.github.dra4j.api.Node;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.StructuredAllocator;
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
 * The smallest useful DRA scheduling loop: watch unscheduled pods that use ResourceClaims, find
 * the first node (by name) on which all their claims can be allocated, write the allocation,
 * bind the pod. It leaves out everything a real scheduler also does (resources, affinity,
 * scoring, preemption, backoff); it shows where dra4j fits in.
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
  private final KubernetesClient client;
  private final String schedulerName;
  private final Fabric8Cluster cluster;
  private final ClaimAllocator claims;
  private final SharedIndexInformer<Pod> pods;
  private final Set<String> bound = new HashSet<>();
  private final Map<String, String> lastFailure = new LinkedHashMap<>();

  private SchedulingLoop(KubernetesClient client, StructuredAllocator allocator, String schedulerName) {
    this.client = client;
    this.schedulerName = schedulerName;
    this.cluster = Fabric8Cluster.start(client, allocator);
    this.claims = ClaimAllocator.builder(client, cluster).build();
    this.pods = client.pods().inAnyNamespace().inform();
  }

  /**
   * Starts the informers (cluster objects and pods) and returns once they have synced.
   *
   * @param client the client
   * @param allocator the allocator, with the cluster's feature gates and a selector compiler
   * @param schedulerName only pods whose {@code spec.schedulerName} is this name are scheduled
   * @return the loop
   */
  public static SchedulingLoop start(KubernetesClient client, StructuredAllocator allocator, String schedulerName) {
    return new SchedulingLoop(Objects.requireNonNull(client, "client"), Objects.requireNonNull(allocator, "allocator"),
        Objects.requireNonNull(schedulerName, "schedulerName"));
  }

  /**
   * Schedules every pending pod once.
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
    pending.sort(Comparator.comparing(p -> p.getMetadata().getNamespace() + "/" + p.getMetadata().getName()));
    for (Pod pod : pending) {
      String key = pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
      String node = schedule(pod, key);
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
        && !bound.contains(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName());
  }

  /** Tries the nodes in name order; returns the node the pod was bound to, or null. */
  private @Nullable String schedule(Pod pod, String key) {
    List<String> why = new ArrayList<>();
    for (Node node : cluster.nodes()) {
      ClaimAllocator.Result r;
      try {
        r = claims.allocate(pod, node.name());
      } catch (AllocationException e) {
        // Invalid input (unknown class, CEL error): no node will do better.
        lastFailure.put(key, e.getMessage());
        return null;
      }
      if (r instanceof ClaimAllocator.Allocated) {
        try {
          bind(pod, node.name());
          return node.name();
        } catch (KubernetesClientException e) {
          lastFailure.put(key, "binding to " + node.name() + " failed: " + e.getMessage());
          return null;
        }
      }
      if (r instanceof ClaimAllocator.Failed) {
        lastFailure.put(key, ((ClaimAllocator.Failed) r).reason());
        return null;
      }
      why.add(node.name() + ": " + ((ClaimAllocator.Unsatisfiable) r).explanation().summary());
    }
    lastFailure.put(key, why.isEmpty() ? "no nodes" : String.join("; ", why));
    return null;
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
