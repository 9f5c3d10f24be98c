package io.github.dra4j.simulation;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.ClusterSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * Which nodes a headroom question may answer once for all: nodes that are alike give the same
 * scheduler answers for the same pods. Alike means: the node record is equal but for its name,
 * uid and a hostname label equal to its name, and carries nothing beyond its metadata; its own
 * slices are equal but for their names, pool names and node name (compared in order); no
 * allocated claim holds any of its devices (ClusterSnapshot.nodesUsing) and no pod is bound to it; and the cluster has
 * no DeviceTaintRule (a rule may select one node's pool by name). Anything else is its own class.
 */
final class NodeLikeness {
  private NodeLikeness() {}

  private static final String HOSTNAME = "kubernetes.io/hostname";

  /**
   * What a slice contributes to a node's likeness: all but its names. Its device, counter set and
   * mixin lists are numbered by value, looked up by identity first: the copies of a node group
   * share the template's lists, so a large group hashes them once.
   */
  private record SliceKey(String driver, long generation, long sliceCount, boolean perDevice, int devices,
      int counters, int mixins) {}

  /* Numbers objects by value, asking the value's hash only for objects not seen before by identity. */
  private static final class Numbering {
    private final IdentityHashMap<Object, Integer> byIdentity = new IdentityHashMap<>();
    private final Map<Object, Integer> byValue = new HashMap<>();

    int of(@Nullable Object o) {
      if (o == null) {
        return -1;
      }
      Integer n = byIdentity.get(o);
      if (n == null) {
        n = byValue.computeIfAbsent(o, x -> byValue.size());
        byIdentity.put(o, n);
      }
      return n;
    }
  }

  private record Key(Node node, List<SliceKey> slices) {}

  /* For each node, the index of the first node alike (itself when none comes earlier). */
  static int[] representatives(Cluster cluster, ClusterSnapshot snapshot, List<Node> nodes) {
    int[] out = new int[nodes.size()];
    boolean share = cluster.taintRules().isEmpty();
    Map<String, List<SliceKey>> slices = new HashMap<>();
    Numbering numbering = new Numbering();
    for (ResourceSlice s : cluster.slices()) {
      String node = s.spec().nodeName();
      if (node != null) {
        slices.computeIfAbsent(node, x -> new ArrayList<>()).add(new SliceKey(s.spec().driver(),
            s.spec().pool().generation(), s.spec().pool().resourceSliceCount(), s.spec().perDeviceNodeSelection(),
            numbering.of(s.spec().devices()), numbering.of(s.spec().sharedCounters()),
            numbering.of(s.spec().mixins())));
      }
    }
    Set<String> withPods = new HashSet<>();
    for (Pod p : cluster.pods()) {
      if (p.spec().nodeName() != null) {
        withPods.add(p.spec().nodeName());
      }
    }
    // The nodes whose devices allocated claims hold; null when some pool is shared by several nodes.
    List<io.github.dra4j.api.ResourceClaim> allocated = cluster.allocatedClaims();
    Set<String> used = allocated.isEmpty() ? Set.of() : snapshot.nodesUsing(allocated);
    if (used == null) {
      share = false;
    }
    Map<Key, Integer> first = new LinkedHashMap<>();
    for (int i = 0; i < nodes.size(); i++) {
      out[i] = i;
      Node node = nodes.get(i);
      if (!share || withPods.contains(node.name()) || Objects.requireNonNull(used).contains(node.name())
          || !onlyMetadata(node)) {
        continue;
      }
      Key key = new Key(normalized(node), slices.getOrDefault(node.name(), List.of()));
      int at = i;
      out[i] = first.computeIfAbsent(key, k -> at);
    }
    return out;
  }

  /* Guards the key against node fields it does not know: a node with more than metadata is its own class. */
  private static boolean onlyMetadata(Node node) {
    return node.equals(new Node(node.metadata()));
  }

  private static Node normalized(Node node) {
    String name = Objects.requireNonNull(node.name());
    ObjectMeta m = node.metadata();
    Map<String, String> labels = new LinkedHashMap<>(m.labels());
    if (name.equals(labels.get(HOSTNAME))) {
      labels.put(HOSTNAME, "");
    }
    return new Node(m.toBuilder().name("").uid(null).labels(labels).build());
  }
}
