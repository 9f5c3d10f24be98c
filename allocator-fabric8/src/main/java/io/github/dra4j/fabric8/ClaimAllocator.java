package io.github.dra4j.fabric8;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodResourceClaim;
import io.fabric8.kubernetes.api.model.PodResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Explanation;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Allocates the ResourceClaims of a pod on a node and writes each claim's
 * {@code status.allocation} and {@code status.reservedFor} through the status subresource, as
 * the kube-scheduler's DRA plugin does between Reserve and PreBind (with its finalizer {@code
 * resource.kubernetes.io/delete-protection} added first, so a claim deleted meanwhile keeps its
 * devices until the resourceclaim controller deallocates it).
 *
 * <p>Writes use optimistic concurrency: each carries the resourceVersion the claim was read at.
 * On a 409 conflict, a 429, a 5xx or no answer, the call waits ({@link Backoff}, exponential with
 * jitter), reads the claims again and redoes the allocation for those still unallocated (a claim
 * that someone else allocated meanwhile is taken as it is, if it admits the node), at most
 * {@link Builder#maxAttempts} times and never past the deadline of the {@link
 * AllocationOptions}, which also bounds each search. Reading again also settles a write whose
 * answer was lost: the claim shows whether it happened. Allocations count as in use in the
 * {@link Fabric8Cluster} from the moment they are made until the informer shows them, so no
 * device is handed out twice; when the attempt fails for good, the in-flight allocations are
 * released and the claims this call wrote are unreserved again (and deallocated when this call
 * allocated them and no one else uses them), so nothing stays half-allocated.
 *
 * <p>When the pod cannot be bound afterwards, {@link #unreserve} undoes the writes, as
 * kube-scheduler's Unreserve does.
 *
 * <p>Thread-safe; concurrent calls for different pods are fine.
 *
 * <pre>{@code
 * ClaimAllocator claims = ClaimAllocator.builder(client, cluster).build();
 * ClaimAllocator.Result r = claims.allocate(pod, "node-1",
 *     AllocationOptions.defaults().withDeadline(Instant.now().plusSeconds(5)));
 * if (r instanceof ClaimAllocator.Allocated a && !bind(pod, "node-1")) {
 *   claims.unreserve(pod, a);
 * }
 * }</pre>
 */
public final class ClaimAllocator {
  private final Fabric8Cluster cluster;
  private final ClaimWrites writes;

  private ClaimAllocator(Builder b) {
    this.cluster = b.cluster;
    this.writes = new ClaimWrites(b.client, b.backoff, b.maxAttempts, b.clock, b.sleeper);
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
   * @param reserved the names of the claims this call reserved for the pod (the others were
   *     reserved for it already)
   * @param allocated the names of the claims this call allocated (a subset of {@code reserved};
   *     the others were allocated already)
   */
  public record Allocated(List<ResourceClaim> claims, List<String> reserved, List<String> allocated)
      implements Result {
    /**
     * Copies the lists.
     *
     * @param claims see the record component
     * @param reserved see the record component
     * @param allocated see the record component
     */
    public Allocated {
      claims = List.copyOf(claims);
      reserved = List.copyOf(reserved);
      allocated = List.copyOf(allocated);
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
   * The claims could not be allocated or written (missing or deleted claim, conflicts or API
   * errors after every attempt, the deadline, a claim already allocated for other nodes, a stale
   * cluster view); in-flight allocations were released and this call's writes undone where the
   * API server allowed it.
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
   * Allocates the pod's claims on the node with the default options and writes the results.
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
    return allocate(pod, nodeName, AllocationOptions.defaults());
  }

  /**
   * Allocates the pod's claims on the node and writes the results, within the step budget and
   * deadline of the options: the budget bounds each search, the deadline the search and the
   * retries (no wait runs past it).
   *
   * @param pod the pod; its {@code spec.resourceClaims} name the claims (directly or, for
   *     templates, through {@code status.resourceClaimStatuses})
   * @param nodeName the node the pod is to run on; must be known to the cluster view
   * @param options the bounds of this attempt
   * @return allocated, unsatisfiable on this node, or failed with the reason
   * @throws io.github.dra4j.core.AllocationException when the allocator rejects the input (unknown
   *     class, CEL error, invalid pool) or the search exceeds its budget or deadline ({@link
   *     io.github.dra4j.core.SearchBudgetExceededException}, {@link
   *     io.github.dra4j.core.AllocationCancelledException}), after releasing anything in flight
   * @throws Fabric8ConversionException when a claim read from the server is malformed, after
   *     releasing anything in flight
   */
  public Result allocate(Pod pod, String nodeName, AllocationOptions options) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(options, "options");
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
    Attempt attempt = new Attempt(pod, podRef, node, names, options);
    cluster.state().begin(attempt);
    try {
      Result r = attempt.run();
      if (!(r instanceof Allocated)) {
        attempt.undo();
      }
      return r;
    } catch (RuntimeException e) {
      attempt.undo();
      throw e;
    } finally {
      cluster.state().end(attempt);
    }
  }

  /**
   * Undoes {@link #allocate} for a pod that will not be bound (its binding failed, or it was
   * deleted), as kube-scheduler's Unreserve does: removes the pod from {@code reservedFor} of the
   * claims the call reserved, and clears {@code status.allocation} of those it allocated when no
   * other consumer has reserved them meanwhile (kube-scheduler keeps the allocation for the pod's
   * next attempt, which then must use the same node; freeing it lets that attempt choose
   * again). Claims reserved for the pod before the call are left alone. Each claim is read and
   * written with the same retries as {@link #allocate}.
   *
   * @param pod the pod
   * @param allocated what {@link #allocate} returned for it
   * @return what could not be undone, one line per claim; empty when everything was (call again
   *     later for the rest: the operation is idempotent)
   */
  public List<String> unreserve(Pod pod, Allocated allocated) {
    Objects.requireNonNull(pod, "pod");
    Objects.requireNonNull(allocated, "allocated");
    String namespace = pod.getMetadata().getNamespace();
    ClusterState state = cluster.state();
    Object owner = new Object();
    List<String> problems = new ArrayList<>();
    for (String name : allocated.reserved()) {
      String problem = writes.unreserve(namespace, name, pod.getMetadata().getUid(),
          allocated.allocated().contains(name));
      if (problem == null) {
        state.releaseStale(ClusterState.key(namespace, name), owner);
      } else {
        problems.add(problem);
      }
    }
    return List.copyOf(problems);
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
    private final AllocationOptions options;
    private final String namespace;
    private final String podUid;
    private final Set<String> assumed = new LinkedHashSet<>();
    /** Claims this call sent a status write for, and those among them whose write allocated. */
    private final Set<String> attempted = new LinkedHashSet<>();
    private final Set<String> attemptedAllocation = new LinkedHashSet<>();
    /** Claims whose reservation (allocation) for the pod this call is known to have written. */
    private final Set<String> reservedHere = new LinkedHashSet<>();
    private final Set<String> allocatedHere = new LinkedHashSet<>();
    private String last = "";

    Attempt(Pod pod, String podRef, Node node, List<String> names, AllocationOptions options) {
      this.pod = pod;
      this.podRef = podRef;
      this.node = node;
      this.names = names;
      this.options = options;
      this.namespace = pod.getMetadata().getNamespace();
      this.podUid = pod.getMetadata().getUid();
    }

    Result run() {
      int attempts = writes.maxAttempts();
      for (int attempt = 1; attempt <= attempts; attempt++) {
        if (attempt > 1 && !writes.pause(attempt - 1, options.deadline())) {
          return new Failed(podRef + ": " + (Thread.currentThread().isInterrupted() ? "interrupted" : "deadline reached")
              + " after " + (attempt - 1) + " attempts: " + last);
        }
        Result r = round();
        if (r != null) {
          return r;
        }
      }
      return new Failed(podRef + ": gave up after " + attempts + " attempts: " + last);
    }

    /** One read-allocate-write round; null when it should be tried again (the reason in {@code last}). */
    private @Nullable Result round() {
      List<io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim> fresh = new ArrayList<>();
      for (String name : names) {
        io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c;
        try {
          c = writes.get(namespace, name);
        } catch (KubernetesClientException e) {
          last = "reading ResourceClaim " + namespace + "/" + name + ": " + ClaimWrites.describe(e);
          if (ClaimWrites.retriable(e)) {
            return null;
          }
          return new Failed(podRef + ": " + last);
        }
        if (c == null) {
          return new Failed(podRef + ": ResourceClaim " + namespace + "/" + name + " not found");
        }
        if (c.getMetadata().getDeletionTimestamp() != null) {
          return new Failed(podRef + ": ResourceClaim " + namespace + "/" + name + " is being deleted");
        }
        settle(c);
        fresh.add(c);
      }
      ClusterState state = cluster.state();
      List<Integer> pending = new ArrayList<>();
      List<ResourceClaim> records = new ArrayList<>();
      for (int i = 0; i < fresh.size(); i++) {
        ResourceClaim r = Fabric8Adapters.toRecord(fresh.get(i));
        records.add(r);
        AllocationResult a = r.allocation();
        if (a == null) {
          pending.add(i);
          // Unallocated on the server now: an in-flight entry of ours (or of a finished call) is stale.
          assumed.remove(ClusterState.key(r));
          state.releaseStale(ClusterState.key(r), this);
        } else if (a.nodeSelector() != null && !a.nodeSelector().matches(node)) {
          return new Failed(podRef + ": ResourceClaim " + ClusterState.key(r)
              + " is already allocated for other nodes than " + node.name());
        } else {
          // Allocated by someone else (or by our write whose answer was lost): charge it now, the
          // informer may not show it yet.
          state.assumeWritten(r);
        }
      }
      List<AllocationResult> results = List.of();
      if (!pending.isEmpty()) {
        List<ResourceClaim> toAllocate = new ArrayList<>();
        pending.forEach(i -> toAllocate.add(records.get(i)));
        ClusterSnapshot snapshot;
        try {
          snapshot = cluster.snapshot();
        } catch (StaleClusterException e) {
          return new Failed(podRef + ": " + e.getMessage());
        }
        AllocationOutcome outcome = snapshot.allocate(node, toAllocate, options);
        if (outcome instanceof AllocationOutcome.Unsatisfiable) {
          return new Unsatisfiable(((AllocationOutcome.Unsatisfiable) outcome).explanation());
        }
        results = ((AllocationOutcome.Allocated) outcome).results();
        for (int p = 0; p < pending.size(); p++) {
          ResourceClaim allocated = records.get(pending.get(p)).withAllocation(results.get(p));
          state.assume(allocated, this);
          assumed.add(ClusterState.key(allocated));
        }
      }
      return write(fresh, records, pending, results);
    }

    /**
     * Takes a fresh read as the truth about this call's earlier writes: reserved for the pod
     * after a write was sent means the write happened, even if its answer was lost; allocated but
     * not reserved for the pod means someone else's allocation.
     */
    private void settle(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c) {
      String name = c.getMetadata().getName();
      boolean allocated = c.getStatus() != null && c.getStatus().getAllocation() != null;
      if (ClaimWrites.reservedFor(c, podUid)) {
        if (attempted.contains(name)) {
          reservedHere.add(name);
        }
        if (allocated && attemptedAllocation.contains(name)) {
          allocatedHere.add(name);
        }
      } else {
        reservedHere.remove(name);
        allocatedHere.remove(name);
      }
    }

    private @Nullable Result write(List<io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim> fresh,
        List<ResourceClaim> records, List<Integer> pending, List<AllocationResult> results) {
      ClusterState state = cluster.state();
      List<ResourceClaim> out = new ArrayList<>(records);
      for (int i = 0; i < fresh.size(); i++) {
        int p = pending.indexOf(i);
        io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c = fresh.get(i);
        if (p < 0 && ClaimWrites.reservedFor(c, podUid)) {
          continue;
        }
        String name = c.getMetadata().getName();
        try {
          if (p >= 0 && !c.getMetadata().getFinalizers().contains(ClaimWrites.FINALIZER)) {
            c = writes.addFinalizer(c);
            // The entry now stands for the version our status write will carry.
            state.assume(Fabric8Adapters.toRecord(c).withAllocation(results.get(p)), this);
          }
          attempted.add(name);
          if (p >= 0) {
            attemptedAllocation.add(name);
          }
          List<ResourceClaimConsumerReference> consumers = new ArrayList<>();
          if (c.getStatus() != null) {
            consumers.addAll(c.getStatus().getReservedFor());
          }
          consumers.add(ToFabric8.consumer(new io.github.dra4j.api.ResourceClaimConsumerReference(
              null, "pods", pod.getMetadata().getName(), podUid)));
          ResourceClaim written = Fabric8Adapters.toRecord(
              writes.writeStatus(c, p >= 0, p >= 0 ? results.get(p) : null, consumers));
          out.set(i, written);
          reservedHere.add(name);
          if (p >= 0) {
            allocatedHere.add(name);
            assumed.remove(ClusterState.key(written));
            state.assumeWritten(written);
          }
        } catch (KubernetesClientException e) {
          String ref = "ResourceClaim " + namespace + "/" + name;
          if (e.getCode() == 404) {
            return new Failed(podRef + ": " + ref + " was deleted while being allocated");
          }
          last = e.getCode() == 409 ? ref + " changed concurrently"
              : "writing the status of " + ref + ": " + ClaimWrites.describe(e);
          if (ClaimWrites.retriable(e)) {
            return null;
          }
          return new Failed(podRef + ": " + last);
        }
      }
      return new Allocated(out, List.copyOf(reservedHere), List.copyOf(allocatedHere));
    }

    /**
     * Releases what is in flight and unreserves the claims this call sent a write for (their
     * outcome may be unknown), deallocating those it sent an allocation for when no one else
     * uses them. An entry whose clean-up failed stays charged: the write may have happened.
     */
    void undo() {
      ClusterState state = cluster.state();
      for (String name : attempted) {
        String key = ClusterState.key(namespace, name);
        if (writes.unreserve(namespace, name, podUid, attemptedAllocation.contains(name)) == null) {
          assumed.remove(key);
          state.releaseStale(key, this);
        } else {
          assumed.remove(key);
        }
      }
      assumed.forEach(key -> state.releaseStale(key, this));
      assumed.clear();
      attempted.clear();
    }
  }

  /** Configures a {@link ClaimAllocator}. Not thread-safe. */
  public static final class Builder {
    private final KubernetesClient client;
    private final Fabric8Cluster cluster;
    private int maxAttempts = 5;
    private Backoff backoff = Backoff.defaults();
    private Clock clock = Clock.systemUTC();
    private ClaimWrites.Sleeper sleeper = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);

    private Builder(KubernetesClient client, Fabric8Cluster cluster) {
      this.client = Objects.requireNonNull(client, "client");
      this.cluster = Objects.requireNonNull(cluster, "cluster");
    }

    /**
     * Sets how often the claims are read, allocated and written in total when writes conflict
     * or the API server errs (default 5, as client-go's {@code retry.DefaultRetry}).
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

    /**
     * Sets the wait between attempts (default {@link Backoff#defaults()}).
     *
     * @param backoff the policy
     * @return this builder
     */
    @CanIgnoreReturnValue
    public Builder backoff(Backoff backoff) {
      this.backoff = Objects.requireNonNull(backoff, "backoff");
      return this;
    }

    /** Sets the clock that waits are measured against deadlines with; the search uses the system clock. */
    @CanIgnoreReturnValue
    Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    @CanIgnoreReturnValue
    Builder sleeper(ClaimWrites.Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    /** {@return the allocator} */
    public ClaimAllocator build() {
      return new ClaimAllocator(this);
    }
  }
}
