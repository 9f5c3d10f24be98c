package io.github.dra4j.fabric8;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.Explanation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Allocates the ResourceClaims of a pod on a node and writes each claim's
 * {@code status.allocation} and {@code status.reservedFor} through the status subresource, as
 * the kube-scheduler's DRA plugin does between Reserve and PreBind.
 *
 * <p>Writes use optimistic concurrency: each carries the resourceVersion the claim was read at.
 * On a 409 conflict the claims are read again and allocation is redone for those still
 * unallocated (a claim that someone else allocated meanwhile is taken as it is), at most
 * {@link Builder#maxAttempts} times. Allocations count as in use in the {@link Fabric8Cluster}
 * from the moment they are made until the informer shows them, so no device is handed out twice;
 * when the attempt fails for good, the in-flight allocations are released and claims this call
 * already wrote are deallocated again (best effort), so nothing stays half-allocated.
 *
 * <p>Thread-safe; concurrent calls for different pods are fine.
 *
 * <pre>{@code
 * ClaimAllocator claims = ClaimAllocator.builder(client, cluster).build();
 * ClaimAllocator.Result r = claims.allocate(pod, "node-1");
 * if (r instanceof ClaimAllocator.Allocated) { bind(pod, "node-1"); }
 * }</pre>
 */
public final class ClaimAllocator {
  private final KubernetesClient client;
  private final Fabric8Cluster cluster;
  private final int maxAttempts;

  private ClaimAllocator(Builder b) {
    this.client = b.client;
    this.cluster = b.cluster;
    this.maxAttempts = b.maxAttempts;
  }

  /**
   * Starts configuring an allocator.
   *
   * @param client the client used to read and write claims
   * @param cluster the informer-backed cluster view that tracks in-flight allocations
   * @return a builder
   */
  public static Builder builder(KubernetesClient client, Fabric8Cluster cluster) {
    return new Builder(client, cluster);
  }

  /** What {@link #allocate} did. */
  public sealed interface Result permits Allocated, Unsatisfiable, Failed {}

  /**
   * Every claim of the pod is allocated and reserved for it on the server.
   *
   * @param claims the pod's claims as written, in the pod's order
   */
  public record Allocated(List<ResourceClaim> claims) implements Result {
    /** Copies the list. */
    public Allocated {
      claims = List.copyOf(claims);
    }
  }

  /**
   * The claims do not fit on this node; nothing was written. Another node may fit.
   *
   * @param explanation why, per claim and request
   */
  public record Unsatisfiable(Explanation explanation) implements Result {
    /** Checks the explanation. */
    public Unsatisfiable {
      Objects.requireNonNull(explanation, "explanation");
    }
  }

  /**
   * The claims could not be allocated or written (missing claim, conflicts after every attempt,
   * an API error, a claim already allocated for other nodes); in-flight allocations were
   * released.
   *
   * @param reason what went wrong, naming the claim
   */
  public record Failed(String reason) implements Result {
    /** Checks the reason. */
    public Failed {
      Objects.requireNonNull(reason, "reason");
    }
  }

  /**
   * Allocates the pod's claims on the node and writes the results.
   *
   * @param pod the pod; its {@code spec.resourceClaims} name the claims (directly or, for
   *     templates, through {@code status.resourceClaimStatuses})
   * @param nodeName the node the pod is to run on; must be known to the cluster view
   * @return allocated, unsatisfiable on this node, or failed with the reason
   * @throws io.github.dra4j.core.AllocationException when the allocator rejects the input (unknown
   *     class, CEL error, invalid pool), after releasing anything in flight
   * @throws Fabric8ConversionException when a claim read from the server is malformed, after
   *     releasing anything in flight
   */
  public Result allocate(Pod pod, String nodeName) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(nodeName, "nodeName");
    String podRef = "Pod " + pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
    Node node = cluster.node(nodeName);
    if (node == null) {
      return new Failed(podRef + ": node " + nodeName + " is unknown");
    }
    List<String> names = new ArrayList<>();
    String missing = claimNames(pod, names);
    if (missing != null) {
      return new Failed(podRef + ": " + missing);
    }
    Attempt attempt = new Attempt(pod, podRef, node, names);
    try {
      Result r = attempt.run();
      if (!(r instanceof Allocated)) {
        attempt.undo();
      }
      return r;
    } catch (RuntimeException e) {
      attempt.undo();
      throw e;
    }
  }

  /** Fills names with the pod's claim names; returns what is missing, or null. */
  private static @Nullable String claimNames(Pod pod, List<String> names) {
    List<PodResourceClaim> claims = pod.getSpec() == null ? List.of() : pod.getSpec().getResourceClaims();
    for (PodResourceClaim c : claims) {
      if (c.getResourceClaimName() != null) {
        names.add(c.getResourceClaimName());
        continue;
      }
      String generated = null;
      if (pod.getStatus() != null) {
        for (PodResourceClaimStatus s : pod.getStatus().getResourceClaimStatuses()) {
          if (Objects.equals(s.getName(), c.getName())) {
            generated = s.getResourceClaimName();
          }
        }
      }
      if (generated == null) {
        return "spec.resourceClaims[" + c.getName() + "]: the claim from template "
            + c.getResourceClaimTemplateName() + " has not been created yet";
      }
      names.add(generated);
    }
    return null;
  }

  /** One call: its in-flight keys and the claims it wrote, for undo. */
  private final class Attempt {
    private final Pod pod;
    private final String podRef;
    private final Node node;
    private final List<String> names;
    private final String namespace;
    private final Set<String> assumed = new LinkedHashSet<>();
    private final Set<String> written = new LinkedHashSet<>();

    Attempt(Pod pod, String podRef, Node node, List<String> names) {
      this.pod = pod;
      this.podRef = podRef;
      this.node = node;
      this.names = names;
      this.namespace = pod.getMetadata().getNamespace();
    }

    Result run() {
      ClusterState state = cluster.state();
      String lastConflict = "";
      for (int attempt = 1; attempt <= maxAttempts; attempt++) {
        List<io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim> fresh = new ArrayList<>();
        for (String name : names) {
          io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = claims().withName(name).get();
          if (c == null) {
            return new Failed(podRef + ": ResourceClaim " + namespace + "/" + name + " not found");
          }
          fresh.add(c);
        }
        List<Integer> pending = new ArrayList<>();
        List<ResourceClaim> records = new ArrayList<>();
        for (int i = 0; i < fresh.size(); i++) {
          ResourceClaim r = Fabric8Adapters.toRecord(fresh.get(i));
          records.add(r);
          AllocationResult a = r.allocation();
          if (a == null) {
            pending.add(i);
          } else if (a.nodeSelector() != null && !a.nodeSelector().matches(node)) {
            return new Failed(podRef + ": ResourceClaim " + ClusterState.key(r)
                + " is already allocated for other nodes than " + node.name());
          }
        }
        // Our own earlier in-flight allocations of still-pending claims must not block them.
        for (int i : pending) {
          String key = ClusterState.key(records.get(i));
          if (assumed.remove(key)) {
            state.release(key);
          }
        }
        List<AllocationResult> results = List.of();
        if (!pending.isEmpty()) {
          List<ResourceClaim> toAllocate = new ArrayList<>();
          pending.forEach(i -> toAllocate.add(records.get(i)));
          AllocationOutcome outcome = cluster.snapshot().allocate(node, toAllocate);
          if (outcome instanceof AllocationOutcome.Unsatisfiable) {
            return new Unsatisfiable(((AllocationOutcome.Unsatisfiable) outcome).explanation());
          }
          results = ((AllocationOutcome.Allocated) outcome).results();
          for (int p = 0; p < pending.size(); p++) {
            ResourceClaim allocated = records.get(pending.get(p)).withAllocation(results.get(p));
            state.assume(allocated);
            assumed.add(ClusterState.key(allocated));
          }
        }
        String conflict = null;
        List<ResourceClaim> out = new ArrayList<>(records);
        for (int i = 0; i < fresh.size() && conflict == null; i++) {
          int p = pending.indexOf(i);
          AllocationResult a = p >= 0 ? results.get(p) : records.get(i).allocation();
          if (p < 0 && reserved(fresh.get(i))) {
            continue;
          }
          try {
            io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim w = writeStatus(fresh.get(i), a);
            out.set(i, Fabric8Adapters.toRecord(w));
            if (p >= 0) {
              written.add(ClusterState.key(records.get(i)));
            }
          } catch (KubernetesClientException e) {
            if (e.getCode() != 409) {
              return new Failed(podRef + ": writing the status of ResourceClaim " + ClusterState.key(records.get(i))
                  + " failed: " + e.getMessage());
            }
            conflict = "ResourceClaim " + ClusterState.key(records.get(i)) + " changed concurrently";
          }
        }
        if (conflict == null) {
          return new Allocated(out);
        }
        lastConflict = conflict;
        // Claims written in this round keep their in-flight entry until observed; others retry.
        for (int i : pending) {
          String key = ClusterState.key(records.get(i));
          if (!written.contains(key) && assumed.remove(key)) {
            state.release(key);
          }
        }
      }
      return new Failed(podRef + ": gave up after " + maxAttempts + " attempts: " + lastConflict);
    }

    private boolean reserved(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c) {
      return c.getStatus() != null && c.getStatus().getReservedFor().stream()
          .anyMatch(r -> Objects.equals(r.getUid(), pod.getMetadata().getUid()));
    }

    /**
     * Writes allocation and reservedFor to the status subresource with a JSON patch that first
     * sets metadata.resourceVersion to the version the claim was read at: the API server then
     * answers 409 when the claim changed since, exactly as for an update. The whole status is
     * replaced by the read one with these two fields changed, so nothing else is touched.
     */
    @SuppressWarnings("unchecked")
    @CanIgnoreReturnValue
    private io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim writeStatus(
        io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim fresh, @Nullable AllocationResult allocation) {
      String name = fresh.getMetadata().getName();
      Map<String, Object> status = fresh.getStatus() == null ? new LinkedHashMap<>()
          : new LinkedHashMap<>(Json.SERIALIZATION.convertValue(fresh.getStatus(), Map.class));
      if (allocation == null) {
        status.remove("allocation");
        status.remove("reservedFor");
      } else {
        status.put("allocation", Json.SERIALIZATION.convertValue(
            ToFabric8.allocation(allocation, "ResourceClaim " + namespace + "/" + name), Map.class));
        List<Object> reservedFor = new ArrayList<>();
        if (fresh.getStatus() != null) {
          fresh.getStatus().getReservedFor().forEach(r -> reservedFor.add(Json.SERIALIZATION.convertValue(r, Map.class)));
        }
        if (!reserved(fresh)) {
          reservedFor.add(Json.SERIALIZATION.convertValue(ToFabric8.consumer(new ResourceClaimConsumerReference(
              null, "pods", pod.getMetadata().getName(), pod.getMetadata().getUid())), Map.class));
        }
        status.put("reservedFor", reservedFor);
      }
      List<Map<String, Object>> patch = List.of(
          Map.of("op", "replace", "path", "/metadata/resourceVersion", "value", fresh.getMetadata().getResourceVersion()),
          Map.of("op", "add", "path", "/status", "value", status));
      String json;
      try {
        json = Json.MAPPER.writeValueAsString(patch);
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("ResourceClaim " + namespace + "/" + name + ": status not representable", e);
      }
      return claims().withName(name).subresource("status").patch(PatchContext.of(PatchType.JSON), json);
    }

    /** Releases what is in flight and deallocates claims this call wrote, if only this pod holds them. */
    void undo() {
      ClusterState state = cluster.state();
      assumed.forEach(state::release);
      assumed.clear();
      for (String key : written) {
        String name = key.substring(key.indexOf('/') + 1);
        try {
          io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = claims().withName(name).get();
          if (c != null && c.getStatus() != null && c.getStatus().getReservedFor().size() == 1 && reserved(c)) {
            writeStatus(c, null);
          }
        } catch (KubernetesClientException e) {
          // Best effort, as the scheduler's Unreserve: the claim stays allocated and reserved for
          // a pod that is not bound, which the resource claim controller cleans up.
        }
      }
      written.clear();
    }

    private NonNamespaceOperation<io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim,
        io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimList,
        Resource<io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim>> claims() {
      return client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class,
          io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimList.class).inNamespace(namespace);
    }
  }

  /** Configures a {@link ClaimAllocator}. Not thread-safe. */
  public static final class Builder {
    private final KubernetesClient client;
    private final Fabric8Cluster cluster;
    private int maxAttempts = 5;

    private Builder(KubernetesClient client, Fabric8Cluster cluster) {
      this.client = Objects.requireNonNull(client, "client");
      this.cluster = Objects.requireNonNull(cluster, "cluster");
    }

    /**
     * Sets how often a conflicting write is retried in total (default 5).
     *
     * @param maxAttempts at least 1
     * @return this builder
     * @throws IllegalArgumentException when below 1
     */
    @CanIgnoreReturnValue
    public Builder maxAttempts(int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
      }
      this.maxAttempts = maxAttempts;
      return this;
    }

    /** {@return the allocator} */
    public ClaimAllocator build() {
      return new ClaimAllocator(this);
    }
  }
}
