package io.github.dra4j.api.io;

import io.github.dra4j.api.config.SchedulerConfiguration.Weighted;
import io.github.dra4j.api.field.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/*
 * kube-scheduler's in-tree plugins, the extension points each implements, and how a profile's
 * plugins come to be: the defaults merged with the profile's lists (apis/config/v1
 * default_plugins.go, mergePluginSet), then multiPoint expanded into each extension point
 * (framework/runtime/framework.go, expandMultiPointPlugins) and the Score weights taken
 * (getScoreWeights).
 */
final class SchedulerPlugins {
  private SchedulerPlugins() {}

  static final String FILTER = "filter";
  static final String SCORE = "score";
  static final String POST_FILTER = "postFilter";
  static final String QUEUE_SORT = "queueSort";
  static final String BIND = "bind";
  static final String MULTI_POINT = "multiPoint";

  /** The extension points of a profile's {@code plugins}, in the API's order. */
  static final List<String> POINTS = List.of("preEnqueue", QUEUE_SORT, "preFilter", FILTER, POST_FILTER, "preScore",
      SCORE, "reserve", "permit", "preBind", BIND, "postBind", MULTI_POINT, "placementGenerate", "placementScore",
      "placementFeasible", "podGroupPostFilter");

  /** The framework's name of each extension point's plugin interface, for its messages. */
  private static final Map<String, String> TYPES = Map.of(FILTER, "FilterPlugin", SCORE, "ScorePlugin",
      QUEUE_SORT, "QueueSortPlugin", BIND, "BindPlugin");

  /** Each in-tree plugin and the extension points it implements (the framework reads only those it runs). */
  static final Map<String, Set<String>> REGISTRY = registry();

  /** Plugins removed from v1: naming one is an error (validation.go, invalidPluginsByVersion). */
  static final Set<String> REMOVED = Set.of("AzureDiskLimits", "CinderLimits", "EBSLimits", "GCEPDLimits");

  /** kube-scheduler's default multiPoint plugins, in order, with their weights (0: none given). */
  static final List<Weighted> DEFAULTS = List.of(new Weighted("SchedulingGates", 0), new Weighted("PrioritySort", 0),
      new Weighted("NodeUnschedulable", 0), new Weighted("NodeName", 0), new Weighted("TaintToleration", 3),
      new Weighted("NodeAffinity", 2), new Weighted("NodePorts", 0), new Weighted("NodeResourcesFit", 1),
      new Weighted("VolumeRestrictions", 0), new Weighted("NodeVolumeLimits", 0), new Weighted("VolumeBinding", 0),
      new Weighted("VolumeZone", 0), new Weighted("PodTopologySpread", 2), new Weighted("InterPodAffinity", 2),
      new Weighted("DynamicResources", 0), new Weighted("DefaultPreemption", 0),
      new Weighted("NodeResourcesBalancedAllocation", 1), new Weighted("ImageLocality", 1),
      new Weighted("DefaultBinder", 0));

  private static Map<String, Set<String>> registry() {
    Map<String, Set<String>> r = new LinkedHashMap<>();
    r.put("SchedulingGates", Set.of("preEnqueue"));
    r.put("PrioritySort", Set.of(QUEUE_SORT));
    r.put("NodeUnschedulable", Set.of(FILTER));
    r.put("NodeName", Set.of(FILTER));
    r.put("TaintToleration", Set.of(FILTER, "preScore", SCORE));
    r.put("NodeAffinity", Set.of("preFilter", FILTER, "preScore", SCORE));
    r.put("NodePorts", Set.of("preFilter", FILTER));
    r.put("NodeResourcesFit", Set.of("preFilter", FILTER, "preScore", SCORE));
    r.put("VolumeRestrictions", Set.of("preFilter", FILTER));
    r.put("NodeVolumeLimits", Set.of(FILTER));
    r.put("VolumeBinding", Set.of("preFilter", FILTER, "reserve", "preBind", "preScore", SCORE));
    r.put("VolumeZone", Set.of("preFilter", FILTER));
    r.put("PodTopologySpread", Set.of("preFilter", FILTER, "preScore", SCORE));
    r.put("InterPodAffinity", Set.of("preFilter", FILTER, "preScore", SCORE));
    r.put("DynamicResources", Set.of("preEnqueue", "preFilter", FILTER, "postFilter", "preScore", SCORE, "reserve",
        "preBind"));
    r.put("DefaultPreemption", Set.of("postFilter"));
    r.put("NodeResourcesBalancedAllocation", Set.of("preScore", SCORE));
    r.put("ImageLocality", Set.of(SCORE));
    r.put("DefaultBinder", Set.of(BIND));
    return Map.copyOf(r);
  }

  /** One extension point's lists as written (weight 0 when none is given), and where each entry was. */
  record Written(List<Weighted> enabled, List<JsonPath> at, List<String> disabled) {
    static final Written EMPTY = new Written(List.of(), List.of(), List.of());

    boolean disablesAll() {
      return disabled.contains("*");
    }
  }

  /** A merged extension point: the plugins enabled (weight 0 when none was given) and those disabled. */
  record Merged(List<Weighted> enabled, List<JsonPath> at, List<String> disabled) {}

  /*
   * mergePluginSet: the defaults not disabled (all are with "*"), each replaced in place by the
   * profile's entry of the same name, then the profile's other entries in their order.
   */
  static Merged merge(List<Weighted> defaults, Written custom, JsonPath at) {
    List<Weighted> enabled = new ArrayList<>();
    List<JsonPath> where = new ArrayList<>();
    Set<Integer> replaced = new LinkedHashSet<>();
    if (!custom.disablesAll()) {
      for (Weighted d : defaults) {
        if (custom.disabled().contains(d.name())) {
          continue;
        }
        int i = indexOf(custom.enabled(), d.name());
        if (i >= 0) {
          replaced.add(i);
          enabled.add(custom.enabled().get(i));
          where.add(custom.at().get(i));
        } else {
          enabled.add(d);
          where.add(at);
        }
      }
    }
    for (int i = 0; i < custom.enabled().size(); i++) {
      if (!replaced.contains(i)) {
        enabled.add(custom.enabled().get(i));
        where.add(custom.at().get(i));
      }
    }
    return new Merged(enabled, where, custom.disabled());
  }

  /* Go's map of the last index per name: mergePluginSet keeps the last entry of a repeated name. */
  private static int indexOf(List<Weighted> list, String name) {
    for (int i = list.size() - 1; i >= 0; i--) {
      if (list.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The plugins one extension point runs, in order (expandMultiPointPlugins): those the point
   * names itself and multiPoint also names, then multiPoint's others, then the point's others;
   * multiPoint adds nothing to a point that disables "*". Errors go to the tree.
   */
  static List<String> expand(String point, Merged own, Merged multi, ConfigTree tree) {
    String type = TYPES.getOrDefault(point, point);
    Set<String> enabled = new LinkedHashSet<>();
    for (int i = 0; i < own.enabled().size(); i++) {
      String name = own.enabled().get(i).name();
      Set<String> points = REGISTRY.get(name);
      if (points == null) {
        continue; // reported where the name was read
      }
      if (!points.contains(point)) {
        tree.error(own.at().get(i), FieldError.invalid(own.at().get(i).toFieldPath(), name,
            "plugin \"" + name + "\" does not extend " + type));
      } else if (!enabled.add(name)) {
        tree.error(own.at().get(i), FieldError.duplicate(own.at().get(i).toFieldPath(), name));
      }
    }
    if (own.disabled().contains("*")) {
      return List.copyOf(enabled);
    }
    Set<String> overrides = new LinkedHashSet<>();
    Set<String> fromMulti = new LinkedHashSet<>();
    for (int i = 0; i < multi.enabled().size(); i++) {
      String name = multi.enabled().get(i).name();
      Set<String> points = REGISTRY.get(name);
      if (points == null || !points.contains(point) || own.disabled().contains(name)) {
        continue;
      }
      if (enabled.contains(name)) {
        overrides.add(name);
      } else if (!fromMulti.add(name)) {
        tree.error(multi.at().get(i), FieldError.invalid(multi.at().get(i).toFieldPath(),
            name, "plugin \"" + name + "\" already registered as \"" + type + "\""));
      }
    }
    List<String> out = new ArrayList<>();
    for (String name : enabled) {
      if (overrides.contains(name)) {
        out.add(name);
      }
    }
    out.addAll(fromMulti);
    for (String name : enabled) {
      if (!overrides.contains(name)) {
        out.add(name);
      }
    }
    return out;
  }

  /**
   * getScoreWeights: the first entry of the Score point's then multiPoint's enabled lists names
   * a plugin's weight; none or 0 is 1.
   */
  static List<Weighted> weights(List<String> scores, Merged own, Merged multi) {
    List<Weighted> out = new ArrayList<>();
    for (String name : scores) {
      Integer weight = null;
      for (List<Weighted> list : List.of(own.enabled(), multi.enabled())) {
        for (Weighted w : list) {
          if (weight == null && w.name().equals(name)) {
            weight = w.weight();
          }
        }
      }
      out.add(new Weighted(name, weight == null || weight == 0 ? 1 : weight));
    }
    return out;
  }
}
