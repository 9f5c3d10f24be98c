package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PodClaimResolver.key;
import static io.github.dra4j.scheduling.PodClaimResolver.namespace;

import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.PodGroupResourceClaimStatus;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimTemplate;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/*
 * A PodGroup's claims (DRAWorkloadResourceClaims): the resourceclaim controller makes one claim
 * per template entry for the whole group (owned by the PodGroup, named <group>-<entry>-<suffix>
 * unless status.resourceClaimStatuses names one), and the scheduler reserves each group claim for
 * the PodGroup. A pod uses a group claim when one of its entries matches it exactly; the claim
 * made from a template is then recorded in the pod's status.resourceClaimStatuses.
 */
final class GroupClaims {
  static final String GROUP_API = "scheduling.k8s.io";

  private final PodGroup group;
  /** For each entry of spec.resourceClaims, the claim's name (null: a template not found). */
  private final Map<String, @Nullable String> names = new LinkedHashMap<>();
  private final Map<String, ResourceClaimConsumerReference> consumers = new LinkedHashMap<>();

  private GroupClaims(PodGroup group) {
    this.group = group;
  }

  static GroupClaims make(PodScheduler s, PodGroup group) {
    GroupClaims out = new GroupClaims(group);
    String ns = namespace(group.namespace());
    String name = group.name() == null ? "" : group.name();
    String uid = group.metadata().uid() != null ? group.metadata().uid()
        : UUID.nameUUIDFromBytes(("PodGroup/" + ObjectRef.key(ns, name)).getBytes(StandardCharsets.UTF_8)).toString();
    ResourceClaimConsumerReference consumer = new ResourceClaimConsumerReference(GROUP_API, "podgroups", name, uid);
    for (PodGroupResourceClaim c : group.spec().resourceClaims()) {
      String claimName = c.resourceClaimName();
      if (claimName == null && c.resourceClaimTemplateName() != null) {
        PodGroupResourceClaimStatus status = group.status().claimStatus(c.name());
        if (status != null && status.resourceClaimName() != null && s.claims.containsKey(key(ns, status.resourceClaimName()))) {
          claimName = status.resourceClaimName();
        } else {
          ResourceClaimTemplate template = s.templates.get(key(ns, c.resourceClaimTemplateName()));
          if (template != null) {
            ResourceClaim made = fromTemplate(s, ns, name, uid, c.name(), template);
            s.resolver.put(key(made), made);
            claimName = made.name();
          }
        }
      }
      out.names.put(c.name(), claimName);
      if (claimName != null) {
        out.consumers.put(key(ns, claimName), consumer);
      }
    }
    return out;
  }

  private static ResourceClaim fromTemplate(PodScheduler s, String ns, String group, String uid, String entry,
      ResourceClaimTemplate template) {
    String base = GeneratedNames.templateClaimBase(group, entry);
    ObjectMeta meta = ObjectMeta.builder()
        .name(GeneratedNames.name(base, "PodGroup/" + ObjectRef.key(ns, group) + "/" + entry,
            n -> s.claims.containsKey(key(ns, n))))
        .generateName(base)
        .namespace(ns)
        .labels(template.spec().metadata().labels())
        .annotations(template.spec().metadata().annotations())
        .putAnnotation(PodClaimResolver.POD_CLAIM_NAME_ANNOTATION, entry)
        .addOwnerReference(new OwnerReference(GROUP_API + "/v1alpha2", "PodGroup", group, uid, true, true))
        .build();
    return new ResourceClaim(meta, template.spec().spec(), null);
  }

  /** The claims reserved for the group, by claim key. */
  Map<String, ResourceClaimConsumerReference> consumers() {
    return consumers;
  }

  /** The group's status.resourceClaimStatuses: one per template entry whose claim exists. */
  List<PodGroupResourceClaimStatus> statuses() {
    List<PodGroupResourceClaimStatus> out = new ArrayList<>();
    for (PodGroupResourceClaim c : group.spec().resourceClaims()) {
      String name = names.get(c.name());
      if (c.resourceClaimTemplateName() != null && name != null) {
        out.add(new PodGroupResourceClaimStatus(c.name(), name));
      }
    }
    return out;
  }

  /** The pod with the group's template claims named in its status, as the controller records them. */
  Pod bind(Pod pod) {
    List<PodResourceClaimStatus> statuses = new ArrayList<>(pod.status().resourceClaimStatuses());
    boolean changed = false;
    for (PodResourceClaim entry : pod.spec().resourceClaims()) {
      for (PodGroupResourceClaim c : group.spec().resourceClaims()) {
        String name = names.get(c.name());
        if (c.matches(entry) && c.resourceClaimTemplateName() != null && name != null && !has(statuses, entry.name())) {
          statuses.add(new PodResourceClaimStatus(entry.name(), name));
          changed = true;
        }
      }
    }
    return changed ? new Pod(pod.metadata(), pod.spec(),
        pod.status().withClaims(statuses, pod.status().extendedResourceClaimStatus(),
            pod.status().nodeAllocatableResourceClaimStatuses()))
        : pod;
  }

  private static boolean has(List<PodResourceClaimStatus> statuses, String entry) {
    for (PodResourceClaimStatus s : statuses) {
      if (s.name().equals(entry)) {
        return true;
      }
    }
    return false;
  }

  /** The group's claims as the scheduler holds them now. */
  List<ResourceClaim> current(PodScheduler s) {
    List<ResourceClaim> out = new ArrayList<>();
    for (String k : consumers.keySet()) {
      ResourceClaim c = s.claims.get(k);
      if (c != null) {
        out.add(c);
      }
    }
    return out;
  }
}
