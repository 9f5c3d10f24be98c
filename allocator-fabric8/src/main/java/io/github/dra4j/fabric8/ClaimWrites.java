package io.github.dra4j.fabric8;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.github.dra4j.api.AllocationResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;

/*
 * Reads and status writes of ResourceClaims with the retry rules of ClaimAllocator.
 *
 * Every write carries the resourceVersion the claim was read at (a JSON patch that first sets
 * metadata.resourceVersion, so the API server answers 409 when the claim changed since, exactly
 * as for an update), and replaces the whole status by the read one with allocation and
 * reservedFor changed, so nothing else is touched. A retry always reads the claim again first,
 * which also settles a write whose answer was lost: the read shows whether it happened.
 *
 * Which errors are worth another try: 409 (someone else wrote first), 429 and 5xx (the API
 * server is overloaded or unavailable), and no answer at all (connection refused or reset,
 * timeout: code -1). Anything else (403, 404, 422) will not get better by waiting.
 */
final class ClaimWrites {
  /** kube-scheduler's finalizer for claims it allocates ({@code resourceapi.Finalizer}). */
  static final String FINALIZER = "resource.kubernetes.io/delete-protection";

  /** Waits; the tests replace it to count and check waits without spending them. */
  interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  private final KubernetesClient client;
  private final Backoff backoff;
  private final int maxAttempts;
  private final Clock clock;
  private final Sleeper sleeper;

  ClaimWrites(KubernetesClient client, Backoff backoff, int maxAttempts, Clock clock, Sleeper sleeper) {
    this.client = Objects.requireNonNull(client, "client");
    this.backoff = Objects.requireNonNull(backoff, "backoff");
    this.maxAttempts = maxAttempts;
    this.clock = Objects.requireNonNull(clock, "clock");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
  }

  int maxAttempts() {
    return maxAttempts;
  }

  Clock clock() {
    return clock;
  }

  static boolean retriable(KubernetesClientException e) {
    int code = e.getCode();
    return code == 409 || code == 429 || code >= 500 || code <= 0;
  }

  static String describe(KubernetesClientException e) {
    return (e.getCode() > 0 ? "HTTP " + e.getCode() + ": " : "no answer: ") + Json.rootMessage(e);
  }

  /**
   * Waits before retry number {@code retry} (1 for the first), never past the deadline.
   *
   * @return false when the deadline has passed or the thread was interrupted: give up
   */
  boolean pause(int retry, @Nullable Instant deadline) {
    Duration wait = backoff.delay(retry, ThreadLocalRandom.current().nextDouble());
    if (deadline != null) {
      Duration left = Duration.between(clock.instant(), deadline);
      if (left.isNegative() || left.isZero()) {
        return false;
      }
      if (left.compareTo(wait) < 0) {
        wait = left;
      }
    }
    try {
      sleeper.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    return deadline == null || clock.instant().isBefore(deadline);
  }

  @Nullable ResourceClaim get(String namespace, String name) {
    return claim(namespace, name).get();
  }

  /**
   * Adds the finalizer that kube-scheduler adds before it allocates (a normal update, as the
   * finalizer is not part of the status): while it is there, deleting the claim only marks it,
   * so its devices stay in use until the resourceclaim controller has deallocated it.
   */
  ResourceClaim addFinalizer(ResourceClaim fresh) {
    List<String> finalizers = new ArrayList<>(fresh.getMetadata().getFinalizers());
    finalizers.add(FINALIZER);
    List<Map<String, Object>> patch = List.of(
        Map.of("op", "replace", "path", "/metadata/resourceVersion", "value", fresh.getMetadata().getResourceVersion()),
        Map.of("op", "add", "path", "/metadata/finalizers", "value", finalizers));
    return claim(fresh.getMetadata().getNamespace(), fresh.getMetadata().getName())
        .patch(PatchContext.of(PatchType.JSON), json(patch, fresh));
  }

  /**
   * Writes a status read at {@code fresh}'s version with these consumers and, when {@code
   * setAllocation}, this allocation (null: none); otherwise the allocation stays as read.
   */
  @CanIgnoreReturnValue
  ResourceClaim writeStatus(ResourceClaim fresh, boolean setAllocation, @Nullable AllocationResult allocation,
      List<ResourceClaimConsumerReference> reservedFor) {
    String namespace = fresh.getMetadata().getNamespace();
    String name = fresh.getMetadata().getName();
    String ref = "ResourceClaim " + namespace + "/" + name;
    Map<String, Object> status = fresh.getStatus() == null ? new LinkedHashMap<>()
        : new LinkedHashMap<>(map(fresh.getStatus()));
    if (setAllocation) {
      if (allocation == null) {
        status.remove("allocation");
      } else {
        status.put("allocation", map(ToFabric8.allocation(allocation, ref)));
      }
    }
    if (reservedFor.isEmpty()) {
      status.remove("reservedFor");
    } else {
      List<Object> refs = new ArrayList<>();
      reservedFor.forEach(r -> refs.add(map(r)));
      status.put("reservedFor", refs);
    }
    List<Map<String, Object>> patch = List.of(
        Map.of("op", "replace", "path", "/metadata/resourceVersion", "value", fresh.getMetadata().getResourceVersion()),
        Map.of("op", "add", "path", "/status", "value", status));
    return claim(namespace, name).subresource("status").patch(PatchContext.of(PatchType.JSON), json(patch, fresh));
  }

  /** The model object as fabric8 serializes it, as a JSON object. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object modelObject) {
    return Json.SERIALIZATION.convertValue(modelObject, Map.class);
  }

  private static String json(List<Map<String, Object>> patch, ResourceClaim claim) {
    try {
      return Json.MAPPER.writeValueAsString(patch);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("ResourceClaim " + claim.getMetadata().getNamespace() + "/"
          + claim.getMetadata().getName() + ": patch not representable", e);
    }
  }

  static boolean reservedFor(ResourceClaim c, String podUid) {
    return c.getStatus() != null && c.getStatus().getReservedFor().stream()
        .anyMatch(r -> Objects.equals(r.getUid(), podUid));
  }

  /**
   * Removes the pod from the claim's reservedFor and, when {@code deallocate} and no other
   * consumer is left, clears its allocation too, reading and writing until done or out of
   * attempts. kube-scheduler's Unreserve removes the reservation only, and the allocation stays
   * for the pod's next attempt; here the devices are freed at once, so that the next attempt
   * may choose any node.
   *
   * @return null when done (also when the claim is gone or not reserved for the pod), else why not
   */
  @Nullable String unreserve(String namespace, String name, String podUid, boolean deallocate) {
    String last = "";
    for (int attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1 && !pause(attempt - 1, null)) {
        break;
      }
      try {
        ResourceClaim c = get(namespace, name);
        if (c == null || c.getStatus() == null) {
          return null;
        }
        List<ResourceClaimConsumerReference> others = new ArrayList<>();
        c.getStatus().getReservedFor().forEach(r -> {
          if (!Objects.equals(r.getUid(), podUid)) {
            others.add(r);
          }
        });
        boolean reserved = others.size() < c.getStatus().getReservedFor().size();
        boolean free = deallocate && others.isEmpty() && c.getStatus().getAllocation() != null;
        if (!reserved && !free) {
          return null;
        }
        writeStatus(c, free, null, others);
        return null;
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) {
          return null;
        }
        last = describe(e);
        if (!retriable(e)) {
          break;
        }
      }
    }
    return "ResourceClaim " + namespace + "/" + name + ": could not remove the reservation: " + last;
  }

  private Resource<ResourceClaim> claim(String namespace, String name) {
    return client.resources(ResourceClaim.class).inNamespace(namespace).withName(name);
  }
}
