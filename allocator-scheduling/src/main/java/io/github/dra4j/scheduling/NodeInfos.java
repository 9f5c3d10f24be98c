package io.github.dra4j.scheduling;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerPort;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.Taint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/*
 * kube-scheduler's NodeInfo for each node: the pods bound to it (the cluster's pods with
 * spec.nodeName that have not terminated, then those placed in this session), what they request, their host ports, and
 * the cpu and memory they request as scoring counts them. Filters and scores that read other pods
 * (NodeResourcesFit, NodePorts, PodTopologySpread, InterPodAffinity, BalancedAllocation) read it.
 */
final class NodeInfos {
  /** A host port in use: its address (0.0.0.0 for all), protocol and port. */
  record HostPort(String ip, String protocol, int port) {
    static final String ALL = "0.0.0.0";

    /** {@return whether the two cannot be bound together: same protocol and port, an address in common} */
    boolean conflicts(HostPort other) {
      return port == other.port && protocol.equals(other.protocol)
          && (ip.equals(other.ip) || ip.equals(ALL) || other.ip.equals(ALL));
    }
  }

  /** One bound pod, with what the plugins read of it computed once. */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  record Bound(Pod pod, Map<String, Long> requests, long[] nonZero, List<HostPort> ports) {}

  private final List<Node> nodes;
  private final IdentityHashMap<Node, Integer> position = new IdentityHashMap<>();
  private final Map<String, Integer> byName = new HashMap<>();
  private final List<List<Bound>> pods;
  private final List<Map<String, Long>> requested;
  /* status.allocatable as amounts; null for a node that gives none */
  private final List<@Nullable Map<String, Long>> allocatable;
  private final long[][] nonZero;
  /* Bound pods with pod affinity or anti-affinity terms, for InterPodAffinity to skip the rest. */
  private int withPodAffinity;
  private final PodCounts counts = new PodCounts(this);
  private final NodeScores scores;
  /* Per resource the scores read, each node's allocatable (ABSENT: none given) and requested amount. */
  private final Map<String, long[]> allocatableColumns = new HashMap<>();
  private final Map<String, long[]> requestedColumns = new HashMap<>();
  private final @Nullable BiFunction<Pod, Node, List<NodeAllocatableClaims.Status>> nodeAllocatable;
  /* The nodes' status.images by name, for ImageLocality; read once, as nodes do not change. */
  private final ImageLocality.Images images;
  /* Whether a node has a PreferNoSchedule taint: without one, TaintToleration scores every node alike. */
  private final boolean anyPreferNoSchedule;
  private final Namespaces namespaces;
  private final PodAmounts amounts = new PodAmounts();

  NodeInfos(List<Node> nodes, List<Pod> clusterPods) {
    this(nodes, clusterPods, null, Namespaces.NONE);
  }

  /**
   * @param nodeAllocatable what a bound pod's claims cost of its node (DRANodeAllocatableResources),
   *     or null when no claim can cost anything
   * @param namespaces the cluster's Namespaces, whose labels InterPodAffinity's namespaceSelectors match
   */
  NodeInfos(List<Node> nodes, List<Pod> clusterPods,
      @Nullable BiFunction<Pod, Node, List<NodeAllocatableClaims.Status>> nodeAllocatable, Namespaces namespaces) {
    this.nodeAllocatable = nodeAllocatable;
    this.namespaces = namespaces;
    this.nodes = nodes;
    this.pods = new ArrayList<>(nodes.size());
    this.requested = new ArrayList<>(nodes.size());
    this.nonZero = new long[nodes.size()][2];
    this.allocatable = new ArrayList<>(nodes.size());
    this.scores = new NodeScores(nodes.size());
    this.images = ImageLocality.Images.of(nodes);
    this.anyPreferNoSchedule = nodes.stream().anyMatch(n -> n.taints().stream().anyMatch(t -> t.effect().equals(Taint.PREFER_NO_SCHEDULE)));
    for (int i = 0; i < nodes.size(); i++) {
      allocatable.add(amounts(nodes.get(i)));
      position.putIfAbsent(nodes.get(i), i);
      byName.putIfAbsent(nodes.get(i).name(), i);
      pods.add(new ArrayList<>());
      requested.add(new HashMap<>());
    }
    for (Pod p : clusterPods) {
      String nodeName = p.spec().nodeName();
      Integer at = nodeName == null || !PodPhases.seen(p) ? null : byName.get(nodeName);
      if (at != null) {
        add(at, p);
      }
    }
  }

  List<Node> nodes() {
    return nodes;
  }

  /** {@return the cluster's Namespaces} */
  Namespaces namespaces() {
    return namespaces;
  }

  /** {@return whether no node object is listed twice: then a node's position is where it is listed} */
  boolean distinctNodes() {
    return position.size() == nodes.size();
  }

  /** {@return the node's position, or -1 when it is not one of these nodes} */
  int position(Node node) {
    Integer i = position.get(node);
    return i == null ? -1 : i;
  }

  List<Bound> pods(int node) {
    return node < 0 ? List.of() : pods.get(node);
  }

  Map<String, Long> requested(int node) {
    return node < 0 ? Map.of() : requested.get(node);
  }

  /** {@return the node's allocatable amounts, or null when its input gives none} */
  @Nullable Map<String, Long> allocatable(int node) {
    return allocatable.get(node);
  }

  /** A node's allocatable amount of a resource it does not give, in {@link #allocatableColumn}. */
  static final long ABSENT = Long.MIN_VALUE;

  /** {@return each node's allocatable amount of the resource, or ABSENT} Read only: nodes do not change. */
  long[] allocatableColumn(String resource) {
    return allocatableColumns.computeIfAbsent(resource, r -> {
      long[] column = new long[nodes.size()];
      for (int i = 0; i < column.length; i++) {
        Map<String, Long> a = allocatable.get(i);
        Long amount = a == null ? null : a.get(r);
        column[i] = amount == null ? ABSENT : amount;
      }
      return column;
    });
  }

  /** {@return each node's requested amount of the resource, as {@link #requested(int)} sums it} Read only; kept up to date. */
  long[] requestedColumn(String resource) {
    return requestedColumns.computeIfAbsent(resource, r -> {
      long[] column = new long[nodes.size()];
      for (int i = 0; i < column.length; i++) {
        column[i] = requested.get(i).getOrDefault(r, 0L);
      }
      return column;
    });
  }

  private void updateColumns(int node) {
    scores.changed(node);
    requestedColumns.forEach((r, column) -> column[node] = requested.get(node).getOrDefault(r, 0L));
  }

  private static @Nullable Map<String, Long> amounts(Node node) {
    if (node.allocatable().isEmpty()) {
      return null;
    }
    Map<String, Long> out = new HashMap<>();
    node.allocatable().forEach((name, q) -> out.put(name, PodRequests.amount(name, q)));
    return out;
  }

  long[] nonZeroRequested(int node) {
    return node < 0 ? new long[2] : nonZero[node];
  }

  /** {@return the counts per node that spread and pod affinity read, kept as pods join and leave} */
  PodCounts counts() {
    return counts;
  }

  /** {@return the holder of the amounts of the last pod a cycle read, which hands them to the next pod of the same containers} */
  PodAmounts amounts() {
    return amounts;
  }

  /** {@return the images the nodes hold, as ImageLocality reads them} */
  ImageLocality.Images images() {
    return images;
  }

  /** {@return whether a node has a PreferNoSchedule taint, which TaintToleration scores} */
  boolean anyPreferNoSchedule() {
    return anyPreferNoSchedule;
  }

  /** {@return the raw scores of the plugins that read one node at a time, kept per pod shape} */
  NodeScores scores() {
    return scores;
  }

  boolean anyPodAffinity() {
    return withPodAffinity > 0;
  }

  /** Binds the pod to the node: its requests, ports and labels now count there. */
  void add(int node, Pod pod) {
    add(node, pod, nodeAllocatable == null ? List.of() : nodeAllocatable.apply(pod, nodes.get(node)), null);
  }

  /**
   * Binds the pod to the node with what its claims cost of the node, as the binder has just derived
   * them (DRANodeAllocatableResources): they are not derived again. When they cost nothing, the
   * requests its scheduling cycle worked out (the cycle's pod is this one but for its node name and
   * statuses, which requests do not read) are taken, not worked out again.
   */
  void add(int node, Pod pod, List<NodeAllocatableClaims.Status> statuses, @Nullable Cycle cycle) {
    Bound b;
    if (cycle != null && statuses.isEmpty()) {
      b = new Bound(pod, cycle.requests(), cycle.nonZero(), cycle.ports());
    } else {
      NodeAllocatableClaims.Footprint dra = NodeAllocatableClaims.Footprint.of(pod, statuses);
      b = new Bound(pod, PodRequests.of(pod, dra), PodRequests.nonZero(pod, dra), hostPorts(pod));
    }
    pods.get(node).add(b);
    PodRequests.add(requested.get(node), b.requests());
    nonZero[node][0] += b.nonZero()[0];
    nonZero[node][1] += b.nonZero()[1];
    if (hasPodAffinity(pod)) {
      withPodAffinity++;
    }
    counts.add(node, pod, 1);
    updateColumns(node);
  }

  /** Unbinds the pod (matched by namespace and name on its {@code spec.nodeName}); {@return its node's position, or -1 when it was not bound} */
  @CanIgnoreReturnValue
  int remove(Pod pod) {
    String nodeName = pod.spec().nodeName();
    Integer at = nodeName == null ? null : byName.get(nodeName);
    if (at == null) {
      return -1;
    }
    List<Bound> list = pods.get(at);
    for (int k = 0; k < list.size(); k++) {
      Pod p = list.get(k).pod();
      if (Objects.equals(p.name(), pod.name()) && Objects.equals(p.namespace(), pod.namespace())) {
        Bound b = list.remove(k);
        b.requests().forEach((r, v) -> requested.get(at).merge(r, -v, Long::sum));
        nonZero[at][0] -= b.nonZero()[0];
        nonZero[at][1] -= b.nonZero()[1];
        if (hasPodAffinity(p)) {
          withPodAffinity--;
        }
        counts.add(at, p, -1);
        updateColumns(at);
        return at;
      }
    }
    return -1;
  }

  static boolean hasPodAffinity(Pod pod) {
    return pod.spec().affinity() != null
        && (pod.spec().affinity().podAffinity() != null || pod.spec().affinity().podAntiAffinity() != null);
  }

  /** {@return the host ports of the pod's containers and sidecars, as GetHostPorts and HostPortInfo sanitize them} */
  static List<HostPort> hostPorts(Pod pod) {
    List<HostPort> out = new ArrayList<>();
    for (Container c : pod.spec().initContainers()) {
      if (c.sidecar()) {
        addPorts(c, out);
      }
    }
    for (Container c : pod.spec().containers()) {
      addPorts(c, out);
    }
    return out;
  }

  private static void addPorts(Container c, List<HostPort> out) {
    for (ContainerPort p : c.ports()) {
      Integer hostPort = p.hostPort();
      if (hostPort != null && hostPort > 0) {
        out.add(new HostPort(orDefault(p.hostIP(), HostPort.ALL), orDefault(p.protocol(), "TCP"), hostPort));
      }
    }
  }

  private static String orDefault(@Nullable String value, String otherwise) {
    return value == null || value.isEmpty() ? otherwise : value;
  }
}
