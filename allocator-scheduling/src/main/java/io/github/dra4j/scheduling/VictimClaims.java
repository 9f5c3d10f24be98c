package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PodClaimResolver.key;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/*
 * For one preemption: the allocated claims by the pods they are reserved for, and the snapshot
 * the DynamicResources filter sees on a node once some of its pods are removed (their claims that
 * no one else holds freed).
 *
 * Deriving a snapshot without some claims costs what the cluster's claims cost, and the dry run
 * asks for one per node and reprieve. So the claims that removing every lower-priority pod of every
 * node tried would free are released once, and a node's snapshot is that one with the node's own
 * claims not freed at this step allocated again, which costs what those claims change. It differs
 * from the exact snapshot only in other nodes' freed claims; a node that sees a pool one of those
 * claims uses (a network-attached device) gets the exact snapshot instead.
 */
final class VictimClaims {
  private final PodScheduler s;
  private final ClusterSnapshot snapshot;
  private @Nullable Map<String, List<ResourceClaim>> byPod;
  /** Per node position tried: the claims removing all its lower-priority pods frees. */
  private final Map<Integer, List<ResourceClaim>> full = new HashMap<>();
  private final Map<Set<String>, ClusterSnapshot> exact = new HashMap<>();
  private final Map<Set<String>, ClusterSnapshot> addedBack = new HashMap<>();
  private @Nullable ClusterSnapshot withoutAll;
  /** Names of nodes that see another node's freed claim; null when a freed claim's pool is not node-local. */
  private @Nullable Set<String> exactOnly;
  private boolean checked;

  VictimClaims(PodScheduler s) {
    this.s = s;
    this.snapshot = s.snapshot;
  }

  /** Registers the pods the dry run may remove from a node, before it asks for any snapshot. */
  void mayRemove(int node, List<NodeInfos.Bound> pods) {
    if (!pods.isEmpty()) {
      full.put(node, freed(pods));
    }
  }

  /* The index is made when a node first has lower-priority pods: most pods that fit nowhere find none. */
  private Map<String, List<ResourceClaim>> byPod() {
    if (byPod != null) {
      return byPod;
    }
    Map<String, List<ResourceClaim>> index = new HashMap<>();
    for (ResourceClaim c : s.claims.values()) {
      if (c.allocation() == null || c.status() == null) {
        continue;
      }
      for (ResourceClaimConsumerReference ref : c.status().reservedFor()) {
        if ("pods".equals(ref.resource()) && ref.name() != null) {
          index.computeIfAbsent(key(c.metadata().namespace(), ref.name()), k -> new ArrayList<>()).add(c);
        }
      }
    }
    byPod = index;
    return index;
  }

  List<ResourceClaim> of(Pod pod) {
    return byPod().getOrDefault(key(pod.namespace(), pod.name()), List.of());
  }

  /** {@return the claims of these pods that no other consumer holds, in the order first met} */
  List<ResourceClaim> freed(Collection<NodeInfos.Bound> gone) {
    List<Pod> pods = new ArrayList<>();
    gone.forEach(b -> pods.add(b.pod()));
    List<ResourceClaim> out = new ArrayList<>();
    for (Pod p : pods) {
      for (ResourceClaim c : of(p)) {
        if (!out.contains(c) && onlyFor(c, pods)) {
          out.add(c);
        }
      }
    }
    return out;
  }

  /** {@return the snapshot that the node's allocation sees with these of its pods gone} */
  ClusterSnapshot without(int node, Collection<NodeInfos.Bound> gone) {
    List<ResourceClaim> freed = freed(gone);
    if (freed.isEmpty()) {
      return snapshot;
    }
    List<ResourceClaim> all = full.get(node);
    if (all == null || !shared(s.nodes().get(node).name())) {
      return derive(exact, freed, () -> snapshot.withoutAllocated(freed));
    }
    List<ResourceClaim> back = new ArrayList<>(all);
    back.removeAll(freed);
    ClusterSnapshot base = withoutAll();
    return back.isEmpty() ? base : derive(addedBack, back, () -> base.withAllocated(back));
  }

  private static ClusterSnapshot derive(Map<Set<String>, ClusterSnapshot> memo, List<ResourceClaim> claims,
      Supplier<ClusterSnapshot> make) {
    Set<String> keys = new TreeSet<>();
    claims.forEach(c -> keys.add(key(c)));
    ClusterSnapshot known = memo.get(keys);
    if (known == null) {
      known = make.get();
      memo.put(keys, known);
    }
    return known;
  }

  private ClusterSnapshot withoutAll() {
    if (withoutAll == null) {
      List<ResourceClaim> all = new ArrayList<>();
      full.values().forEach(all::addAll);
      withoutAll = snapshot.withoutAllocated(all);
    }
    return withoutAll;
  }

  /* Whether the node sees no pool of another node's freed claim, so that the shared snapshot serves it. */
  private boolean shared(@Nullable String nodeName) {
    if (!checked) {
      exactOnly = seen();
      checked = true;
    }
    return exactOnly != null && !exactOnly.contains(nodeName);
  }

  private @Nullable Set<String> seen() {
    Set<String> out = new HashSet<>();
    for (Map.Entry<Integer, List<ResourceClaim>> e : full.entrySet()) {
      String owner = s.nodes().get(e.getKey()).name();
      for (ResourceClaim c : e.getValue()) {
        Set<String> using = snapshot.nodesUsing(List.of(c));
        if (using == null) {
          return null;
        }
        for (String n : using) {
          if (!n.equals(owner)) {
            out.add(n);
          }
        }
      }
    }
    return out;
  }

  private static boolean onlyFor(ResourceClaim claim, List<Pod> pods) {
    for (ResourceClaimConsumerReference ref : Objects.requireNonNull(claim.status()).reservedFor()) {
      boolean gone = false;
      for (Pod p : pods) {
        gone |= consumes(ref, p);
      }
      if (!gone) {
        return false;
      }
    }
    return true;
  }

  /* A reservation names the pod by UID; a dump's pod without one is matched by name. */
  static boolean consumes(ResourceClaimConsumerReference ref, Pod pod) {
    if (!"pods".equals(ref.resource())) {
      return false;
    }
    if (ref.uid() != null && pod.metadata().uid() != null) {
      return ref.uid().equals(pod.metadata().uid());
    }
    return Objects.equals(ref.name(), pod.name());
  }

  static ResourceClaim unreserved(ResourceClaim claim, Pod pod) {
    ResourceClaimStatus st = Objects.requireNonNull(claim.status());
    List<ResourceClaimConsumerReference> left = new ArrayList<>();
    for (ResourceClaimConsumerReference ref : st.reservedFor()) {
      if (!consumes(ref, pod)) {
        left.add(ref);
      }
    }
    return new ResourceClaim(claim.metadata(), claim.spec(), new ResourceClaimStatus(st.allocation(), left));
  }
}
