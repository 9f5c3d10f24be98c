package io.github.dra4j.scheduling;

import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodExtendedResourceClaimStatus;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Finds the claims of a pod as the DRA plugin's PreFilter and the resourceclaim controller do:
 * claims named by the pod, claims made earlier from its templates (by the pod's status or by
 * their owner reference and annotation), new claims from templates, and the claim for its
 * extended resources. Reads the {@link PodScheduler}'s claims, which it changes through {@link
 * #put} and {@link #removeAll}, so that the claims a pod owns are found by the pod's UID rather
 * than by reading every claim.
 */
final class PodClaimResolver {
  /** ResourceClaimReservedForMaxSize: a claim is reserved for at most this many consumers. */
  static final int RESERVED_FOR_MAX = 256;
  static final String POD_CLAIM_NAME_ANNOTATION = "resource.kubernetes.io/pod-claim-name";

  /** Every claim by namespace/name: the scheduler's, read live. */
  private final Map<String, ResourceClaim> claims;
  private final Map<String, ResourceClaimTemplate> templates;
  private final ExtendedResources extendedResources;
  private final boolean extendedResourcesEnabled;
  /** The keys of the claims whose controller is a Pod, by that pod's UID, in the claims' order. */
  private final Map<String, List<String>> ownedBy = new HashMap<>();
  /**
   * Per template (by identity) and pod claim entry, the annotations of the claims made from it,
   * which do not depend on the pod: made once instead of per claim.
   */
  private final IdentityHashMap<ResourceClaimTemplate, Map<String, Map<String, String>>> madeAnnotations =
      new IdentityHashMap<>();

  PodClaimResolver(Map<String, ResourceClaim> claims, Map<String, ResourceClaimTemplate> templates,
      ExtendedResources extendedResources, boolean extendedResourcesEnabled) {
    this.claims = claims;
    this.templates = templates;
    this.extendedResources = extendedResources;
    this.extendedResourcesEnabled = extendedResourcesEnabled;
    claims.forEach(this::index);
  }

  /** Puts a claim (new, or a new version of one) into the scheduler's claims. */
  void put(String key, ResourceClaim claim) {
    ResourceClaim was = claims.put(key, claim);
    if (was == null) {
      index(key, claim);
    } else if (!controller(was).equals(controller(claim))) {
      unindex(key, was);
      index(key, claim);
    }
  }

  /** Removes claims from the scheduler's claims. */
  void removeAll(Collection<String> keys) {
    for (String key : keys) {
      ResourceClaim was = claims.remove(key);
      if (was != null) {
        unindex(key, was);
      }
    }
  }

  private void index(String key, ResourceClaim claim) {
    controller(claim).ifPresent(uid -> ownedBy.computeIfAbsent(uid, k -> new ArrayList<>(2)).add(key));
  }

  private void unindex(String key, ResourceClaim claim) {
    controller(claim).ifPresent(uid -> {
      List<String> keys = Objects.requireNonNull(ownedBy.get(uid)); // indexed when stored
      keys.remove(key);
      if (keys.isEmpty()) {
        ownedBy.remove(uid);
      }
    });
  }

  /* The UID of the pod the claim's controller reference names. */
  private static Optional<String> controller(ResourceClaim c) {
    for (OwnerReference owner : c.metadata().ownerReferences()) {
      if (Boolean.TRUE.equals(owner.controller()) && "Pod".equals(owner.kind()) && owner.uid() != null) {
        return Optional.of(owner.uid());
      }
    }
    return Optional.empty();
  }

  /** One claim of the pod: the pod claim entry (null for the extended one) and the claim. */
  record PodClaim(@Nullable String entry, ResourceClaim claim, boolean generated,
      @Nullable PodExtendedResourceClaimStatus extended) {}

  static final class Resolution {
    final List<PodClaim> claims = new ArrayList<>();
    List<String> unserved = List.of();
    @Nullable String failure;
  }

  Resolution resolve(Pod pod, String namespace) {
    Resolution r = new Resolution();
    Set<String> made = new HashSet<>();
    Predicate<String> taken = name -> made.contains(name) || claims.containsKey(key(namespace, name));
    Set<String> seen = new HashSet<>();
    for (PodResourceClaim entry : pod.spec().resourceClaims()) {
      ResourceClaim claim;
      boolean generated = false;
      if (entry.resourceClaimName() != null) {
        claim = claims.get(key(namespace, entry.resourceClaimName()));
        if (claim == null) {
          r.failure = "resourceclaim \"" + entry.resourceClaimName() + "\" not found";
          return r;
        }
      } else if (entry.resourceClaimTemplateName() != null) {
        PodResourceClaimStatus status = statusOf(pod, entry.name());
        if (status != null) {
          if (status.resourceClaimName() == null) {
            continue; // the controller found that no claim is needed
          }
          claim = claims.get(key(namespace, status.resourceClaimName()));
          if (claim == null) {
            r.failure = "resourceclaim \"" + status.resourceClaimName() + "\" not found";
            return r;
          }
        } else {
          ResourceClaimTemplate template = templates.get(key(namespace, entry.resourceClaimTemplateName()));
          if (template == null) {
            r.failure = "pod claim \"" + entry.name() + "\": resourceclaimtemplate \""
                + entry.resourceClaimTemplateName() + "\" not found";
            return r;
          }
          // A claim made earlier whose name did not reach the pod's status yet, as the controller finds it.
          ResourceClaim earlier = ownedClaim(pod, namespace, POD_CLAIM_NAME_ANNOTATION, entry.name());
          claim = earlier != null ? earlier : fromTemplate(pod, namespace, entry.name(), template, taken);
          made.add(claim.name());
          generated = true;
        }
      } else {
        r.failure = "pod claim \"" + entry.name() + "\": neither resourceClaimName nor resourceClaimTemplateName is set";
        return r;
      }
      if (!seen.add(claim.name())) {
        continue; // two entries naming the same claim: it is allocated once
      }
      if (claim.allocation() != null && !reservedFor(claim, pod)
          && Objects.requireNonNull(claim.status()).reservedFor().size() >= RESERVED_FOR_MAX) { // allocated
        r.failure = "resourceclaim in use";
        return r;
      }
      r.claims.add(new PodClaim(entry.name(), claim, generated, null));
    }
    addExtendedClaim(r, pod, namespace, taken);
    return r;
  }

  /* The claim for the pod's extended resources that DRA serves: made earlier, or new. */
  private void addExtendedClaim(Resolution r, Pod pod, String namespace, Predicate<String> taken) {
    ExtendedResources.Plan plan = extendedResources.plan(pod, extendedResourcesEnabled);
    r.unserved = plan.unserved();
    ResourceClaim earlier = plan.requests().isEmpty() ? null
        : ownedClaim(pod, namespace, ExtendedResources.CLAIM_ANNOTATION, "true");
    if (earlier != null) {
      // Made in an earlier attempt: kept while allocated; otherwise it is stale, as the plugin's Filter says.
      if (earlier.allocation() == null) {
        r.failure = "cannot schedule extended resource claim";
        return;
      }
      r.claims.add(new PodClaim(null, earlier, false, null));
    } else if (!plan.requests().isEmpty()) {
      String podName = Objects.requireNonNull(pod.name(), "pod metadata.name"); // names the claim
      String name = GeneratedNames.name(GeneratedNames.extendedClaimBase(podName),
          ObjectRef.key(namespace, podName) + "/extended-resources", taken);
      ObjectMeta meta = ObjectMeta.builder()
          .name(name)
          .generateName(GeneratedNames.extendedClaimBase(podName))
          .namespace(namespace)
          .putAnnotation(ExtendedResources.CLAIM_ANNOTATION, "true")
          .addOwnerReference(new OwnerReference("v1", "Pod", podName, pod.metadata().uid(), true, null))
          .build();
      ResourceClaim claim = new ResourceClaim(meta,
          new ResourceClaimSpec(new DeviceClaim(plan.requests(), List.of(), List.of())), null);
      r.claims.add(new PodClaim(null, claim, true, new PodExtendedResourceClaimStatus(plan.mappings(), name)));
    }
  }

  /* The claim the resourceclaim controller makes from a template for one pod claim. */
  private ResourceClaim fromTemplate(Pod pod, String namespace, String entry, ResourceClaimTemplate template,
      Predicate<String> taken) {
    String podName = Objects.requireNonNull(pod.name(), "pod metadata.name"); // names the claim
    String base = GeneratedNames.templateClaimBase(podName, entry);
    String name = GeneratedNames.name(base, ObjectRef.key(namespace, podName) + "/" + entry, taken);
    // The record's constructor keeps the template's labels and the annotations made once: a builder would copy both.
    ObjectMeta meta = new ObjectMeta(name, namespace, null, null, null, template.spec().metadata().labels(),
        claimAnnotations(template, entry), base,
        List.of(new OwnerReference("v1", "Pod", podName, pod.metadata().uid(), true, true)), null);
    return new ResourceClaim(meta, template.spec().spec(), null);
  }

  /* The annotations of the claims made from a template for a pod claim entry: the template's and the entry's name. */
  private Map<String, String> claimAnnotations(ResourceClaimTemplate template, String entry) {
    return madeAnnotations.computeIfAbsent(template, t -> new HashMap<>()).computeIfAbsent(entry,
        e -> ObjectMeta.builder().annotations(template.spec().metadata().annotations())
            .putAnnotation(POD_CLAIM_NAME_ANNOTATION, e).build().annotations());
  }

  /*
   * A claim of the namespace with this annotation whose controller is the pod (an owner reference
   * to a Pod with the pod's UID): findPodResourceClaim and findExtendedResourceClaim.
   */
  private @Nullable ResourceClaim ownedClaim(Pod pod, String namespace, String annotation, String value) {
    String uid = pod.metadata().uid();
    for (String key : ownedBy.getOrDefault(uid, List.of())) {
      ResourceClaim c = Objects.requireNonNull(claims.get(key)); // ownedBy holds stored claims' keys
      if (namespace(c.metadata().namespace()).equals(namespace)
          && value.equals(c.metadata().annotations().get(annotation))) {
        return c;
      }
    }
    return null;
  }

  private static @Nullable PodResourceClaimStatus statusOf(Pod pod, String entry) {
    for (PodResourceClaimStatus s : pod.status().resourceClaimStatuses()) {
      if (s.name().equals(entry)) {
        return s;
      }
    }
    return null;
  }

  /* IsReservedForPod: the reference compares the UID only. */
  static boolean reservedFor(ResourceClaim claim, Pod pod) {
    if (claim.status() == null) {
      return false;
    }
    for (ResourceClaimConsumerReference ref : claim.status().reservedFor()) {
      if (Objects.equals(ref.uid(), pod.metadata().uid())) {
        return true;
      }
    }
    return false;
  }

  /** {@return the namespace an object is in: its own, or the API server's default} */
  static String namespace(@Nullable String namespace) {
    return namespace == null || namespace.isEmpty() ? ObjectRef.DEFAULT_NAMESPACE : namespace;
  }

  /** {@return the key of a namespaced object, in the default namespace when it has none} */
  static String key(@Nullable String namespace, @Nullable String name) {
    return ObjectRef.key(namespace(namespace), name == null ? "" : name);
  }

  /** {@return the key of a claim, in the default namespace when it has none} */
  static String key(ResourceClaim claim) {
    return key(claim.metadata().namespace(), claim.name());
  }

  /** The pod itself, or a copy with the name-based UID when it has none, so runs repeat. */
  static Pod withUid(Pod pod, String namespace) {
    if (pod.metadata().uid() != null) {
      return pod;
    }
    String name = Objects.requireNonNull(pod.name(), "pod metadata.name");
    String uid = GeneratedNames.nameUuid(ObjectRef.key(namespace, name));
    return new Pod(pod.metadata().withNameAndUid(name, uid), pod.spec(), pod.status());
  }
}
