package io.github.dra4j.scheduling;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * PodTopologySpread's default constraints (podtopologyspread/common.go buildDefaultConstraints),
 * which a pod without topologySpreadConstraints of its own gets: with defaultingType System the
 * system defaults (plugin.go systemDefaultConstraints: hostname maxSkew 3, zone maxSkew 5, both
 * ScheduleAnyway), with List the profile's defaultConstraints. Their selector is
 * helper.DefaultSelector's: the selector of the ReplicaSet or StatefulSet that controls the pod
 * (its controller owner reference, same namespace). dra4j makes a Deployment's pods itself, where
 * Kubernetes puts a ReplicaSet with the Deployment's selector (plus pod-template-hash) in between:
 * a Deployment counts as that ReplicaSet. Services and ReplicationControllers are not read. A pod
 * whose selector is empty or unknown gets no default constraints, as upstream.
 */
final class DefaultSpread {
  /** A scheduler that knows no controllers: no pod gets default constraints. */
  static final DefaultSpread NONE = new DefaultSpread(Map.of());

  /** plugin.go systemDefaultConstraints, in its order. */
  static final List<TopologySpreadConstraint> SYSTEM = List.of(
      new TopologySpreadConstraint(3, SpreadAndAffinityScores.HOSTNAME, TopologySpreadConstraint.SCHEDULE_ANYWAY,
          null, null, null, null, List.of()),
      new TopologySpreadConstraint(5, "topology.kubernetes.io/zone", TopologySpreadConstraint.SCHEDULE_ANYWAY,
          null, null, null, null, List.of()));

  /* The selectors of the controllers whose selector DefaultSelector reads, by namespace/kind/name. */
  private final Map<String, LabelSelector> selectors;

  private DefaultSpread(Map<String, LabelSelector> selectors) {
    this.selectors = selectors;
  }

  /** {@return the default constraints' selectors of the cluster's ReplicaSets, StatefulSets and Deployments} */
  static DefaultSpread of(Cluster cluster) {
    Map<String, LabelSelector> selectors = new HashMap<>();
    for (PodController c : cluster.controllers()) {
      LabelSelector s = c.selector();
      String name = c.name();
      if (s != null && name != null && kind(c.apiVersion(), c.kind()) != null) {
        selectors.putIfAbsent(key(c.metadata().namespace(), c.kind(), name), s);
      }
    }
    return selectors.isEmpty() ? NONE : new DefaultSpread(Map.copyOf(selectors));
  }

  private static @Nullable String kind(String apiVersion, String kind) {
    return apiVersion.equals("apps/v1") && (kind.equals("ReplicaSet") || kind.equals("StatefulSet")
        || kind.equals("Deployment")) ? kind : null;
  }

  private static String key(@Nullable String namespace, String kind, String name) {
    return PodClaimResolver.namespace(namespace) + "/" + kind + "/" + name;
  }

  /** {@return helper.DefaultSelector of the pod, or null when it is empty} */
  @Nullable LabelSelector selector(Pod pod) {
    if (selectors.isEmpty()) {
      return null;
    }
    for (OwnerReference o : pod.metadata().ownerReferences()) {
      if (Boolean.TRUE.equals(o.controller())) { // metav1.GetControllerOf: the first controller reference
        LabelSelector s = kind(o.apiVersion(), o.kind()) == null ? null
            : selectors.get(key(pod.namespace(), o.kind(), o.name()));
        return s == null || (s.matchLabels().isEmpty() && s.matchExpressions().isEmpty()) ? null : s;
      }
    }
    return null;
  }

  /**
   * {@return the pod's default constraints with this whenUnsatisfiable under the profile's
   * arguments, empty when the pod has constraints of its own or no selector}
   */
  List<TopologySpread.Constraint> constraints(Pod pod, PluginArgs args, String when) {
    if (!pod.spec().topologySpreadConstraints().isEmpty()) {
      return List.of();
    }
    LabelSelector selector = selector(pod);
    if (selector == null) {
      return List.of();
    }
    List<TopologySpread.Constraint> out = new ArrayList<>();
    for (TopologySpreadConstraint c : systemDefaulted(args) ? SYSTEM : args.defaultConstraints()) {
      if (c.whenUnsatisfiable().equals(when)) {
        out.add(TopologySpread.Constraint.of(c, selector, pod));
      }
    }
    return out;
  }

  /** {@return whether the profile's PodTopologySpread uses the system defaults (defaultingType System)} */
  static boolean systemDefaulted(PluginArgs args) {
    return args.defaultingType().equals(PluginArgs.SYSTEM_DEFAULTING);
  }
}
