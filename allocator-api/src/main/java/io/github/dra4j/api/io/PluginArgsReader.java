package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.dra4j.api.NodeAffinity;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import io.github.dra4j.api.config.SchedulerConfiguration.Resource;
import io.github.dra4j.api.config.SchedulerConfiguration.ScoringStrategy;
import io.github.dra4j.api.config.SchedulerConfiguration.ShapePoint;
import io.github.dra4j.api.field.FieldError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/*
 * A profile's pluginConfig: each plugin's arguments read strictly, defaulted as
 * apis/config/v1/defaults.go defaults them and validated as validation_pluginargs.go validates
 * them, with its messages. Arguments of plugins dra4j does not model (VolumeBinding,
 * DynamicResources' timeouts) are checked and dropped.
 */
final class PluginArgsReader {
  private static final Map<String, Set<String>> ARGS = Map.of(
      "NodeResourcesFit", Set.of("ignoredResources", "ignoredResourceGroups", "scoringStrategy"),
      "NodeResourcesBalancedAllocation", Set.of("resources"),
      "InterPodAffinity", Set.of("hardPodAffinityWeight", "ignorePreferredTermsOfExistingPods"),
      "PodTopologySpread", Set.of("defaultConstraints", "defaultingType"),
      "NodeAffinity", Set.of("addedAffinity"),
      "DefaultPreemption", Set.of("minCandidateNodesPercentage", "minCandidateNodesAbsolute"),
      "VolumeBinding", Set.of("bindTimeoutSeconds", "shape"),
      "DynamicResources", Set.of("filterTimeout", "bindingTimeout"));
  private static final Set<String> TYPE_META = Set.of("apiVersion", "kind");
  private static final Set<String> STRATEGY = Set.of("type", "resources", "requestedToCapacityRatio");
  private static final Set<String> RESOURCE = Set.of("name", "weight");
  private static final Set<String> RATIO = Set.of("shape");
  private static final Set<String> POINT = Set.of("utilization", "score");
  private static final List<String> STRATEGIES = List.of(ScoringStrategy.LEAST_ALLOCATED,
      ScoringStrategy.MOST_ALLOCATED, ScoringStrategy.REQUESTED_TO_CAPACITY_RATIO);
  private static final int MAX_CUSTOM_PRIORITY_SCORE = 10;
  /** A Go duration, as time.ParseDuration reads it. */
  private static final Pattern DURATION = Pattern.compile("([-+]?)((\\d+(\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h))+|[-+]?0");
  private static final Pattern DURATION_PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h)");

  private final ConfigTree tree;
  private ScoringStrategy fit = ScoringStrategy.defaults();
  private List<String> ignoredResources = List.of();
  private List<String> ignoredResourceGroups = List.of();
  private List<Resource> balanced = PluginArgs.DEFAULT_RESOURCES;
  private int hardPodAffinityWeight = 1;
  private boolean ignorePreferred;
  private String defaultingType = PluginArgs.SYSTEM_DEFAULTING;
  private List<TopologySpreadConstraint> defaultConstraints = List.of();
  private @Nullable NodeAffinity addedAffinity;
  private int minCandidateNodesPercentage = PluginArgs.DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE;
  private int minCandidateNodesAbsolute = PluginArgs.DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE;

  PluginArgsReader(ConfigTree tree) {
    this.tree = tree;
  }

  PluginArgs read(JsonNode list, JsonPath at) throws DecodeException {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < list.size(); i++) {
      JsonPath p = at.index(i);
      JsonNode entry = list.get(i);
      tree.object(entry, p, Set.of("name", "args"));
      String name = tree.string(entry, p, "name");
      if (name == null || name.isEmpty()) {
        throw tree.fail(p.field("name"), "Required value");
      }
      if (!seen.add(name)) {
        tree.error(p, FieldError.duplicate(p.toFieldPath(), name));
        continue;
      }
      if (SchedulerPlugins.REMOVED.contains(name)) {
        tree.error(p, FieldError.invalid(p.toFieldPath(), name, "was invalid in version \""
            + SchedulerConfiguration.API_VERSION + "\" (KubeSchedulerConfiguration is version \""
            + SchedulerConfiguration.API_VERSION + "\")"));
        continue;
      }
      if (!SchedulerPlugins.REGISTRY.containsKey(name)) {
        String closest = FieldCheck.closest(name, SchedulerPlugins.REGISTRY.keySet());
        tree.error(p.field("name"), FieldError.notFound(p.field("name").toFieldPath(), name, "no in-tree plugin has"
            + " this name" + (closest == null ? "" : "; did you mean \"" + closest + "\"?")));
        continue;
      }
      JsonNode args = entry.get("args");
      JsonPath argsAt = p.field("args");
      Set<String> fields = ARGS.get(name);
      if (fields == null) {
        if (args != null && !args.isNull() && args.size() > 0) {
          tree.error(argsAt, FieldError.forbidden(argsAt.toFieldPath(), "plugin \"" + name + "\" takes no arguments"));
        }
        continue;
      }
      if (args == null || args.isNull()) {
        continue; // the defaults
      }
      Set<String> known = new HashSet<>(fields);
      known.addAll(TYPE_META);
      tree.object(args, argsAt, known);
      typeMeta(args, argsAt, name);
      plugin(name, args, argsAt);
    }
    return new PluginArgs(fit, ignoredResources, ignoredResourceGroups, balanced, hardPodAffinityWeight,
        ignorePreferred, defaultingType, defaultConstraints, addedAffinity, minCandidateNodesPercentage,
        minCandidateNodesAbsolute);
  }

  /* The args' apiVersion and kind, when given, are v1's <plugin>Args. */
  private void typeMeta(JsonNode args, JsonPath at, String plugin) throws DecodeException {
    String apiVersion = tree.string(args, at, "apiVersion");
    String kind = tree.string(args, at, "kind");
    if ((apiVersion != null && !apiVersion.equals(SchedulerConfiguration.API_VERSION))
        || (kind != null && !kind.equals(plugin + "Args"))) {
      tree.error(at, FieldError.invalid(at.toFieldPath(), (apiVersion == null ? "" : apiVersion + ", ")
          + "Kind=" + kind, "has to match plugin args (" + SchedulerConfiguration.API_VERSION + ", Kind=" + plugin
          + "Args)"));
    }
  }

  private void plugin(String name, JsonNode args, JsonPath at) throws DecodeException {
    switch (name) {
      case "NodeResourcesFit" -> fit(args, at);
      case "NodeResourcesBalancedAllocation" -> balanced(args, at);
      case "InterPodAffinity" -> {
        Integer w = tree.int32(args, at, "hardPodAffinityWeight");
        hardPodAffinityWeight = w == null ? 1 : w;
        if (hardPodAffinityWeight < 0 || hardPodAffinityWeight > 100) {
          tree.error(at.field("hardPodAffinityWeight"), FieldError.invalid(at.field("hardPodAffinityWeight")
              .toFieldPath(), hardPodAffinityWeight, "not in valid range [0, 100]"));
        }
        tree.bool(args, at, "ignorePreferredTermsOfExistingPods");
        ignorePreferred = args.path("ignorePreferredTermsOfExistingPods").asBoolean(false);
      }
      case "PodTopologySpread" -> spread(args, at);
      case "NodeAffinity" -> {
        JsonNode added = args.get("addedAffinity");
        if (added != null && !added.isNull()) {
          addedAffinity = tree.decode(added, at.field("addedAffinity"), NodeAffinity.class);
        }
      }
      case "DefaultPreemption" -> preemption(args, at);
      case "VolumeBinding" -> {
        Long timeout = tree.int64(args, at, "bindTimeoutSeconds");
        if (timeout != null && timeout < 0) {
          tree.error(at.field("bindTimeoutSeconds"), FieldError.invalid(at.field("bindTimeoutSeconds").toFieldPath(),
              timeout, "invalid BindTimeoutSeconds, should not be a negative value"));
        }
        if (args.has("shape")) {
          var unused = shape(args, at, "shape");
        }
      }
      default -> dynamicResources(args, at);
    }
  }

  /* PodTopologySpreadArgs: ValidatePodTopologySpreadArgs. */
  private void spread(JsonNode args, JsonPath at) throws DecodeException {
    String type = tree.string(args, at, "defaultingType");
    defaultingType = type == null || type.isEmpty() ? PluginArgs.SYSTEM_DEFAULTING : type;
    JsonNode list = tree.list(args, at, "defaultConstraints");
    JsonPath cs = at.field("defaultConstraints");
    List<TopologySpreadConstraint> constraints = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      constraints.add(tree.decode(list.get(i), cs.index(i), TopologySpreadConstraint.class));
    }
    JsonPath t = at.field("defaultingType");
    if (!defaultingType.equals(PluginArgs.SYSTEM_DEFAULTING) && !defaultingType.equals(PluginArgs.LIST_DEFAULTING)) {
      tree.error(t, FieldError.notSupported(t.toFieldPath(), defaultingType, "supported values: \"List\", \"System\""));
    } else if (defaultingType.equals(PluginArgs.SYSTEM_DEFAULTING) && !constraints.isEmpty()) {
      tree.error(t, FieldError.invalid(t.toFieldPath(), defaultingType, "when .defaultConstraints are not empty"));
    }
    for (int i = 0; i < constraints.size(); i++) {
      TopologySpreadConstraint c = constraints.get(i);
      JsonPath p = cs.index(i);
      if (c.maxSkew() <= 0) {
        tree.error(p.field("maxSkew"), FieldError.invalid(p.field("maxSkew").toFieldPath(), c.maxSkew(),
            "not in valid range (0, inf)"));
      }
      if (c.topologyKey().isEmpty()) {
        tree.error(p.field("topologyKey"), FieldError.required(p.field("topologyKey").toFieldPath(), "can not be empty"));
      }
      String when = c.whenUnsatisfiable();
      if (when.isEmpty()) {
        tree.error(p.field("whenUnsatisfiable"), FieldError.required(p.field("whenUnsatisfiable").toFieldPath(),
            "can not be empty"));
      } else if (!when.equals(TopologySpreadConstraint.DO_NOT_SCHEDULE)
          && !when.equals(TopologySpreadConstraint.SCHEDULE_ANYWAY)) {
        tree.error(p.field("whenUnsatisfiable"), FieldError.notSupported(p.field("whenUnsatisfiable").toFieldPath(),
            when, "supported values: \"DoNotSchedule\", \"ScheduleAnyway\""));
      }
      if (c.labelSelector() != null) {
        tree.error(p.field("labelSelector"), FieldError.forbidden(p.field("labelSelector").toFieldPath(),
            "constraint must not define a selector, as they deduced for each pod"));
      }
      for (int j = 0; j < i; j++) {
        if (constraints.get(j).topologyKey().equals(c.topologyKey()) && constraints.get(j).whenUnsatisfiable().equals(when)) {
          tree.error(p, FieldError.duplicate(p.toFieldPath(), "{" + c.topologyKey() + ", " + when + "}"));
          break;
        }
      }
    }
    defaultConstraints = constraints;
  }

  private void fit(JsonNode args, JsonPath at) throws DecodeException {
    ignoredResources = strings(args, at, "ignoredResources");
    ignoredResourceGroups = strings(args, at, "ignoredResourceGroups");
    for (int i = 0; i < ignoredResourceGroups.size(); i++) {
      if (ignoredResourceGroups.get(i).contains("/")) {
        JsonPath p = at.field("ignoredResourceGroups").index(i);
        tree.error(p, FieldError.invalid(p.toFieldPath(), ignoredResourceGroups.get(i),
            "resource group name can't contain '/'"));
      }
    }
    JsonPath s = at.field("scoringStrategy");
    JsonNode strategy = tree.optionalObject(args, at, "scoringStrategy", STRATEGY);
    if (strategy == null) {
      return; // defaulted: LeastAllocated over cpu and memory
    }
    String type = tree.string(strategy, s, "type");
    if (type == null || !STRATEGIES.contains(type)) {
      tree.error(s.field("type"), FieldError.notSupported(s.field("type").toFieldPath(), type == null ? "" : type,
          "supported values: \"" + String.join("\", \"", STRATEGIES) + "\""));
    }
    List<Resource> resources = resources(strategy, s, "resources");
    for (int i = 0; i < resources.size(); i++) {
      Resource r = resources.get(i);
      if (r.weight() <= 0 || r.weight() > 100) {
        JsonPath p = s.field("resources").index(i).field("weight");
        tree.error(p, FieldError.invalid(p.toFieldPath(), r.weight(), "resource weight of " + r.name()
            + " not in valid range (0, 100]"));
      }
    }
    List<ShapePoint> shape = List.of();
    JsonNode ratio = tree.optionalObject(strategy, s, "requestedToCapacityRatio", RATIO);
    if (ScoringStrategy.REQUESTED_TO_CAPACITY_RATIO.equals(type)) {
      if (ratio == null) {
        tree.error(s.field("requestedToCapacityRatio"), FieldError.required(s.field("requestedToCapacityRatio")
            .toFieldPath(), "must be specified when type is RequestedToCapacityRatio"));
      } else {
        shape = shape(ratio, s.field("requestedToCapacityRatio"), "shape");
      }
    } else if (ratio != null) {
      tree.error(s.field("requestedToCapacityRatio"), FieldError.forbidden(s.field("requestedToCapacityRatio")
          .toFieldPath(), "must be nil when type is not RequestedToCapacityRatio"));
    }
    fit = new ScoringStrategy(type == null ? "" : type, resources.isEmpty() ? PluginArgs.DEFAULT_RESOURCES : resources,
        shape);
  }

  private void balanced(JsonNode args, JsonPath at) throws DecodeException {
    List<Resource> resources = resources(args, at, "resources");
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < resources.size(); i++) {
      JsonPath p = at.field("resources").index(i);
      if (!seen.add(resources.get(i).name())) {
        tree.error(p.field("name"), FieldError.duplicate(p.field("name").toFieldPath(), resources.get(i).name()));
      }
      if (resources.get(i).weight() != 1) {
        tree.error(p.field("weight"), FieldError.invalid(p.field("weight").toFieldPath(), resources.get(i).weight(),
            "must be 1"));
      }
    }
    balanced = resources.isEmpty() ? PluginArgs.DEFAULT_RESOURCES : resources;
  }

  /* Resources with weights; a weight left out or 0 is 1 (SetDefaults_NodeResourcesFitArgs). */
  private List<Resource> resources(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode list = tree.list(node, at, field);
    List<Resource> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      JsonPath p = at.field(field).index(i);
      tree.object(list.get(i), p, RESOURCE);
      String name = tree.string(list.get(i), p, "name");
      Integer weight = tree.int32(list.get(i), p, "weight");
      out.add(new Resource(name == null ? "" : name, weight == null || weight == 0 ? 1 : weight));
    }
    return out;
  }

  /* validateFunctionShape. */
  private List<ShapePoint> shape(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode list = tree.list(node, at, field);
    JsonPath s = at.field(field);
    if (list.isEmpty()) {
      tree.error(s, FieldError.required(s.toFieldPath(), "at least one point must be specified"));
      return List.of();
    }
    List<ShapePoint> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      JsonPath p = s.index(i);
      tree.object(list.get(i), p, POINT);
      Integer u = tree.int32(list.get(i), p, "utilization");
      Integer score = tree.int32(list.get(i), p, "score");
      out.add(new ShapePoint(u == null ? 0 : u, score == null ? 0 : score));
    }
    for (int i = 1; i < out.size(); i++) {
      if (out.get(i - 1).utilization() >= out.get(i).utilization()) {
        JsonPath p = s.index(i).field("utilization");
        tree.error(p, FieldError.invalid(p.toFieldPath(), out.get(i).utilization(),
            "values must be sorted in increasing order"));
        break;
      }
    }
    for (int i = 0; i < out.size(); i++) {
      ShapePoint point = out.get(i);
      if (point.utilization() < 0 || point.utilization() > 100) {
        JsonPath p = s.index(i).field("utilization");
        tree.error(p, FieldError.invalid(p.toFieldPath(), point.utilization(), "not in valid range [0, 100]"));
      }
      if (point.score() < 0 || point.score() > MAX_CUSTOM_PRIORITY_SCORE) {
        JsonPath p = s.index(i).field("score");
        tree.error(p, FieldError.invalid(p.toFieldPath(), point.score(), "not in valid range [0, "
            + MAX_CUSTOM_PRIORITY_SCORE + "]"));
      }
    }
    return out;
  }

  private void preemption(JsonNode args, JsonPath at) throws DecodeException {
    Integer percentage = tree.int32(args, at, "minCandidateNodesPercentage");
    Integer absolute = tree.int32(args, at, "minCandidateNodesAbsolute");
    int pct = percentage == null ? PluginArgs.DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE : percentage;
    int abs = absolute == null ? PluginArgs.DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE : absolute;
    minCandidateNodesPercentage = pct;
    minCandidateNodesAbsolute = abs;
    JsonPath pp = at.field("minCandidateNodesPercentage");
    JsonPath ap = at.field("minCandidateNodesAbsolute");
    if (pct < 0 || pct > 100) {
      tree.error(pp, FieldError.invalid(pp.toFieldPath(), pct, "not in valid range [0, 100]"));
    }
    if (abs < 0) {
      tree.error(ap, FieldError.invalid(ap.toFieldPath(), abs, "not in valid range [0, inf)"));
    }
    if (pct == 0 && abs == 0) {
      tree.error(pp, FieldError.invalid(pp.toFieldPath(), 0, "cannot be zero at the same time as minCandidateNodesAbsolute"));
      tree.error(ap, FieldError.invalid(ap.toFieldPath(), 0, "cannot be zero at the same time as minCandidateNodesPercentage"));
    }
  }

  /* DynamicResourcesArgs, with the DRASchedulerFilterTimeout and DRADeviceBindingConditions gates on. */
  private void dynamicResources(JsonNode args, JsonPath at) throws DecodeException {
    Double filter = duration(args, at, "filterTimeout");
    if (filter != null && filter < 0) {
      tree.error(at.field("filterTimeout"), FieldError.invalid(at.field("filterTimeout").toFieldPath(),
          args.get("filterTimeout").textValue(), "must be zero or positive"));
    }
    Double binding = duration(args, at, "bindingTimeout");
    if (binding != null && binding < 1) {
      tree.error(at.field("bindingTimeout"), FieldError.invalid(at.field("bindingTimeout").toFieldPath(),
          args.get("bindingTimeout").textValue(), "must be at least 1 second"));
    }
  }

  /* A Go duration in seconds, or null when absent. */
  private @Nullable Double duration(JsonNode args, JsonPath at, String field) throws DecodeException {
    String text = tree.string(args, at, field);
    if (text == null) {
      return null;
    }
    if (!DURATION.matcher(text).matches()) {
      throw tree.fail(at.field(field), FieldError.invalid(at.field(field).toFieldPath(), text,
          "not a duration such as \"10s\" or \"1m30s\"").errorBody());
    }
    double seconds = 0;
    Matcher m = DURATION_PART.matcher(text);
    while (m.find()) {
      double v = Double.parseDouble(m.group(1));
      seconds += switch (m.group(2)) {
        case "ns" -> v / 1e9;
        case "us", "µs" -> v / 1e6;
        case "ms" -> v / 1e3;
        case "m" -> v * 60;
        case "h" -> v * 3600;
        default -> v;
      };
    }
    return text.startsWith("-") ? -seconds : seconds;
  }

  private List<String> strings(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode list = tree.list(node, at, field);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      if (!list.get(i).isTextual()) {
        throw tree.fail(at.field(field).index(i), "expected a string, got " + Decoder.describe(list.get(i)));
      }
      out.add(list.get(i).textValue());
    }
    return out;
  }
}
