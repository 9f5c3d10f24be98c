package io.github.dra4j.scheduling;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.LabelSelectorRequirement;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.Service;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * PodTopologySpread's default constraints (podtopologyspread/common.go buildDefaultConstraints),
 * which a pod without topologySpreadConstraints of its own gets: with defaultingType System the
 * system defaults (plugin.go systemDefaultConstraints: hostname maxSkew 3, zone maxSkew 5, both
 * ScheduleAnyway), with List the profile's defaultConstraints. Their selector is
 * helper.DefaultSelector's: the selectors of the Services of the pod's namespace that select it
 * and of the ReplicationController that controls it, merged, and the selector of the ReplicaSet or
 * StatefulSet that controls it (its controller owner reference, same namespace), ANDed in. dra4j
 * makes a Deployment's pods itself, where Kubernetes puts a ReplicaSet with the Deployment's
 * selector (plus pod-template-hash) in between: a Deployment counts as that ReplicaSet. A pod
 * whose selector is empty gets no default constraints, as upstream.
 */
final class DefaultSpread {
  /** A scheduler that knows no controllers or Services: no pod gets default constraints. */
  static final DefaultSpread NONE = new DefaultSpread(Map.of(), Map.of());

  /** plugin.go systemDefaultConstraints, in its order. */
  static final List<TopologySpreadConstraint> SYSTEM = List.of(
      new TopologySpreadConstraint(3, SpreadAndAffinityScores.HOSTNAME, TopologySpreadConstraint.SCHEDULE_ANYWAY,
          null, null, null, null, List.of()),
      new TopologySpreadConstraint(5, "topology.kubernetes.io/zone", TopologySpreadConstraint.SCHEDULE_ANYWAY,
          null, null, null, null, List.of()));

  private static final String REPLICATION_CONTROLLER = "ReplicationController";

  /* The selectors of the controllers whose selector DefaultSelector reads, by namespace/kind/name. */
  private final Map<String, LabelSelector> selectors;
  /* The selectors of the Services by namespace, in input order; a Service without one selects no pod. */
  private final Map<String, List<Map<String, String>>> services;

  private DefaultSpread(Map<String, LabelSelector> selectors, Map<String, List<Map<String, String>>> services) {
    this.selectors = selectors;
    this.services = services;
  }

  /** {@return the default constraints' selectors of the cluster's Services and pod controllers} */
  static DefaultSpread of(Cluster cluster) {
    Map<String, LabelSelector> selectors = new HashMap<>();
    for (PodController c : cluster.controllers()) {
      LabelSelector s = c.selector();
      String name = c.name();
      if (s != null && name != null && kind(c.apiVersion(), c.kind()) != null) {
        selectors.putIfAbsent(key(c.metadata().namespace(), c.kind(), name), s);
      }
    }
    Map<String, List<Map<String, String>>> services = new HashMap<>();
    for (Service s : cluster.services()) {
      if (!s.spec().selector().isEmpty()) { // GetPodServices: a nil selector matches nothing; {} adds nothing
        services.computeIfAbsent(PodClaimResolver.namespace(s.namespace()), n -> new ArrayList<>())
            .add(s.spec().selector());
      }
    }
    return selectors.isEmpty() && services.isEmpty() ? NONE : new DefaultSpread(Map.copyOf(selectors),
        Map.copyOf(services));
  }

  private static @Nullable String kind(String apiVersion, String kind) {
    boolean apps = apiVersion.equals("apps/v1") && (kind.equals("ReplicaSet") || kind.equals("StatefulSet")
        || kind.equals("Deployment"));
    return apps || (apiVersion.equals("v1") && kind.equals(REPLICATION_CONTROLLER)) ? kind : null;
  }

  private static String key(@Nullable String namespace, String kind, String name) {
    return PodClaimResolver.namespace(namespace) + "/" + kind + "/" + name;
  }

  /** {@return helper.DefaultSelector of the pod, or null when it is empty} */
  @Nullable LabelSelector selector(Pod pod) {
    if (this == NONE) {
      return null;
    }
    Map<String, String> labels = pod.metadata().labels();
    // labels.Merge of the Services' and the ReplicationController's selectors: all match the pod, so none conflict
    Map<String, String> merged = new LinkedHashMap<>();
    for (Map<String, String> s : services.getOrDefault(PodClaimResolver.namespace(pod.namespace()), List.of())) {
      if (labels.entrySet().containsAll(s.entrySet())) {
        merged.putAll(s);
      }
    }
    LabelSelector owner = null;
    for (OwnerReference o : pod.metadata().ownerReferences()) {
      if (Boolean.TRUE.equals(o.controller())) { // metav1.GetControllerOf: the first controller reference
        LabelSelector s = kind(o.apiVersion(), o.kind()) == null ? null
            : selectors.get(key(pod.namespace(), o.kind(), o.name()));
        if (s != null && o.kind().equals(REPLICATION_CONTROLLER)) {
          merged.putAll(s.matchLabels());
        } else {
          owner = s;
        }
        break;
      }
    }
    LabelSelector s = and(merged, owner);
    return s == null || Namespaces.selectsAll(s) ? null : s;
  }

  /* The merged labels as a selector, with the ReplicaSet's or StatefulSet's requirements added (selector.Add). */
  private static @Nullable LabelSelector and(Map<String, String> merged, @Nullable LabelSelector owner) {
    if (owner == null) {
      return merged.isEmpty() ? null : new LabelSelector(merged, List.of());
    }
    if (merged.isEmpty()) {
      return owner;
    }
    List<LabelSelectorRequirement> requirements = new ArrayList<>(owner.matchExpressions());
    owner.matchLabels().forEach((k, v) -> requirements.add(new LabelSelectorRequirement(k, "In", List.of(v))));
    return new LabelSelector(merged, requirements);
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
