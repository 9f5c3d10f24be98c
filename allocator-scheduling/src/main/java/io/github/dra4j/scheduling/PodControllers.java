package io.github.dra4j.scheduling;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.PodStatus;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The pods that the pod controllers create: the Deployment, ReplicaSet, StatefulSet,
 * DaemonSet, Job and ReplicationController controllers, so that a library user or {@code dra4j schedule} gets pods from
 * a cluster that ships them only as a {@link PodController}.
 *
 * <p>The controllers' naming rules, as docs/scheduling.md tables them:
 * <ul>
 *   <li>how many: {@code spec.replicas} (default 1) of a Deployment, ReplicaSet, StatefulSet or
 *       ReplicationController;
 *       {@code spec.parallelism} (default 1), at most {@code spec.completions}, of a Job; one per
 *       node that a DaemonSet's template admits ({@link NodeFilter#daemonSet()}, the scheduler's
 *       own {@code NodeAffinity} and {@code TaintToleration} steps, with the tolerations the
 *       DaemonSet controller adds to its pods), in node order;
 *   <li>names: {@code <controller>-<i>}, {@code i} from 0, or from {@code spec.ordinals.start}
 *       for a StatefulSet, which is how Kubernetes names StatefulSet pods (the Deployment,
 *       ReplicaSet and Job controllers add a random suffix instead, and a Deployment's pods
 *       belong to a ReplicaSet in between); {@code <controller>-<node>} for a DaemonSet. Names
 *       are deterministic so that runs repeat;
 *   <li>a StatefulSet's pods get the labels {@code statefulset.kubernetes.io/pod-name} and
 *       {@code apps.kubernetes.io/pod-index}; a DaemonSet's pod is pinned to its node by a
 *       required node affinity {@code metadata.name In [<node>]} that replaces the template's,
 *       as the DaemonSet controller pins it, so that the scheduler still allocates its claims
 *       there;
 *   <li>every pod has the template's metadata (labels, annotations) and spec, the controller's
 *       namespace, and an owner reference to the controller ({@code controller} and {@code
 *       blockOwnerDeletion} true, its {@code uid} when it has one).
 * </ul>
 */
public final class PodControllers {
  /** The pod count a controller has when its spec does not say. */
  private static final int DEFAULT_COUNT = 1;

  private PodControllers() {}

  /**
   * {@return the pods to schedule in a cluster: its pods, then each controller's pods, in
   * controller order}
   *
   * @param cluster the cluster; a DaemonSet has a pod for each of its nodes it admits
   */
  public static List<Pod> pods(Cluster cluster) {
    List<Pod> out = new ArrayList<>(cluster.pods());
    for (PodController c : cluster.controllers()) {
      out.addAll(pods(c, cluster.nodes()));
    }
    return out;
  }

  /**
   * The pods one controller creates, in index (a DaemonSet: node) order, all pending unless the
   * template sets {@code spec.nodeName}.
   *
   * @param controller the controller
   * @param nodes the cluster's nodes, in order: a DaemonSet has a pod for each node it admits
   * @return the pods
   * @throws NullPointerException when the controller has no name, or a DaemonSet's node none
   */
  public static List<Pod> pods(PodController controller, List<Node> nodes) {
    String name = Objects.requireNonNull(controller.name(), "controller metadata.name");
    Pod template = controller.template();
    OwnerReference owner = new OwnerReference(controller.apiVersion(), controller.kind(), name,
        controller.metadata().uid(), true, true);
    ObjectMeta base = template.metadata().toBuilder()
        .name(name).generateName(null).namespace(controller.metadata().namespace())
        .ownerReferences(List.of(owner)).build();
    List<Pod> pods = new ArrayList<>();
    if (controller.kind().equals("DaemonSet")) {
      Pod daemon = new Pod(template.metadata(), withDaemonTolerations(template.spec()), PodStatus.EMPTY);
      for (Node node : nodes) {
        if (NodeFilter.daemonSet().reasons(daemon, node).isEmpty()) {
          String nodeName = Objects.requireNonNull(node.name(), "node metadata.name");
          pods.add(new Pod(base.toBuilder().name(name + "-" + nodeName).build(),
              daemon.spec().toBuilder().requiredNodeAffinity(NodeSelector.forNodeName(nodeName)).build(),
              PodStatus.EMPTY));
        }
      }
      return List.copyOf(pods);
    }
    int first = controller.kind().equals("StatefulSet") ? orDefault(controller.ordinalsStart(), 0) : 0;
    for (long i = first; i < (long) first + count(controller); i++) {
      String podName = name + "-" + i;
      ObjectMeta.Builder metadata = base.toBuilder().name(podName);
      if (controller.kind().equals("StatefulSet")) {
        metadata.putLabel("statefulset.kubernetes.io/pod-name", podName)
            .putLabel("apps.kubernetes.io/pod-index", Long.toString(i));
      }
      pods.add(new Pod(metadata.build(), template.spec(), PodStatus.EMPTY));
    }
    return List.copyOf(pods);
  }

  /*
   * The tolerations the DaemonSet controller adds to its pods (AddOrUpdateDaemonPodTolerations):
   * daemons keep running on nodes that are not ready, unreachable, under pressure or cordoned.
   */
  private static final List<Toleration> DAEMON_TOLERATIONS = List.of(
      exists("node.kubernetes.io/not-ready", Taint.NO_EXECUTE),
      exists("node.kubernetes.io/unreachable", Taint.NO_EXECUTE),
      exists("node.kubernetes.io/disk-pressure", Taint.NO_SCHEDULE),
      exists("node.kubernetes.io/memory-pressure", Taint.NO_SCHEDULE),
      exists("node.kubernetes.io/pid-pressure", Taint.NO_SCHEDULE),
      exists(NodeFilter.UNSCHEDULABLE_TAINT, Taint.NO_SCHEDULE));

  private static Toleration exists(String key, String effect) {
    return new Toleration(key, Toleration.EXISTS, null, effect, null);
  }

  private static PodSpec withDaemonTolerations(PodSpec spec) {
    PodSpec.Builder b = spec.toBuilder();
    for (Toleration t : DAEMON_TOLERATIONS) {
      if (!spec.tolerations().contains(t)) {
        b.addToleration(t);
      }
    }
    return b.build();
  }

  /** {@return how many pods a controller other than a DaemonSet runs} */
  private static int count(PodController c) {
    if (c.kind().equals("Job")) {
      int parallelism = orDefault(c.parallelism(), DEFAULT_COUNT);
      return c.completions() == null ? parallelism : Math.min(parallelism, c.completions());
    }
    return orDefault(c.replicas(), DEFAULT_COUNT);
  }

  private static int orDefault(@Nullable Integer value, int dflt) {
    return value == null ? dflt : value;
  }
}
