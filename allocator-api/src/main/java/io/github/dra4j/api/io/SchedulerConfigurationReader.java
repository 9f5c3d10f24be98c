package io.github.dra4j.api.io;

import static io.github.dra4j.api.io.SchedulerPlugins.FILTER;
import static io.github.dra4j.api.io.SchedulerPlugins.MULTI_POINT;
import static io.github.dra4j.api.io.SchedulerPlugins.SCORE;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import io.github.dra4j.api.config.SchedulerConfiguration.Profile;
import io.github.dra4j.api.config.SchedulerConfiguration.Weighted;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.io.SchedulerPlugins.Merged;
import io.github.dra4j.api.io.SchedulerPlugins.Written;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@code KubeSchedulerConfiguration} of {@code kubescheduler.config.k8s.io/v1} (the file
 * of {@code kube-scheduler --config}) as kube-scheduler reads it: strictly (an unknown field is an
 * error naming the file, the field path and the closest known field), then defaulted (one {@code
 * default-scheduler} profile when none is given; every profile's plugins merged with the default
 * ones as upstream's {@code mergePlugins} merges them, {@code multiPoint} expanded into the
 * extension points, weights taken, plugin arguments defaulted), then validated with upstream's
 * rules and messages ({@code pkg/scheduler/apis/config/validation}), all errors at once.
 *
 * <p>Older apiVersions ({@code v1beta2}, {@code v1beta3}, removed from Kubernetes) are refused
 * with the supported one named. Scheduler extenders are refused: dra4j cannot call them. Fields
 * that configure kube-scheduler's process (leader election, client connection, parallelism,
 * backoff, profiling) are read and checked but change no placement.
 *
 * <pre>{@code
 * SchedulerConfiguration config = SchedulerConfigurationReader.read(Path.of("sched.yaml"), KubernetesCodec.create());
 * }</pre>
 */
public final class SchedulerConfigurationReader {
  /** The kind of the document. */
  public static final String KIND = "KubeSchedulerConfiguration";

  private static final String GROUP = "kubescheduler.config.k8s.io/";
  private static final Set<String> TOP = Set.of("apiVersion", "kind", "parallelism", "leaderElection",
      "clientConnection", "enableProfiling", "enableContentionProfiling", "percentageOfNodesToScore",
      "percentageOfPlacementsToScore", "podInitialBackoffSeconds", "podMaxBackoffSeconds", "profiles", "extenders",
      "delayCacheUntilActive");
  private static final Set<String> LEADER_ELECTION = Set.of("leaderElect", "leaseDuration", "renewDeadline",
      "retryPeriod", "resourceLock", "resourceName", "resourceNamespace");
  private static final Set<String> CLIENT_CONNECTION = Set.of("kubeconfig", "acceptContentTypes", "contentType",
      "qps", "burst");
  private static final Set<String> PROFILE = Set.of("schedulerName", "percentageOfNodesToScore",
      "percentageOfPlacementsToScore", "plugins", "pluginConfig");
  private static final Set<String> PLUGIN_SET = Set.of("enabled", "disabled");
  private static final Set<String> PLUGIN = Set.of("name", "weight");

  private final ConfigTree tree;

  private SchedulerConfigurationReader(ConfigTree tree) {
    this.tree = tree;
  }

  /**
   * Reads a configuration file.
   *
   * @param file the file: exactly one KubeSchedulerConfiguration document, YAML or JSON
   * @param codec the codec (its field validation applies; it decodes the embedded node affinity
   *     and spread constraints)
   * @return the defaulted configuration
   * @throws DecodeException when the file is not one valid configuration
   * @throws IOException when the file cannot be read
   */
  public static SchedulerConfiguration read(Path file, KubernetesCodec codec) throws IOException {
    return read(SimulationReader.text(file), file.toString(), codec);
  }

  /**
   * Reads a configuration from text.
   *
   * @param text exactly one KubeSchedulerConfiguration document, YAML or JSON
   * @param source the name errors use for the text
   * @param codec the codec
   * @return the defaulted configuration
   * @throws DecodeException when the text is not one valid configuration
   */
  public static SchedulerConfiguration read(String text, String source, KubernetesCodec codec) throws DecodeException {
    Objects.requireNonNull(codec, "codec");
    ConfigTree.Document only = ConfigTree.single(codec, text, source, KIND);
    return new SchedulerConfigurationReader(new ConfigTree(codec, source, only.number(), KIND))
        .configuration(only.node());
  }

  private SchedulerConfiguration configuration(JsonNode root) throws DecodeException {
    JsonPath at = JsonPath.ROOT;
    if (!root.isObject()) {
      throw tree.fail(at, "expected an object, got " + Decoder.describe(root));
    }
    String apiVersion = tree.string(root, at, "apiVersion");
    if (!SchedulerConfiguration.API_VERSION.equals(apiVersion)) {
      throw tree.fail(at.field("apiVersion"), "unsupported apiVersion " + (apiVersion == null ? "(none)"
          : "\"" + apiVersion + "\"") + "; supported: " + SchedulerConfiguration.API_VERSION
          + (apiVersion != null && apiVersion.startsWith(GROUP) ? " (the beta versions were removed from"
          + " Kubernetes; kube-scheduler 1.29 and later read v1 only)" : ""));
    }
    if (!KIND.equals(tree.string(root, at, "kind"))) {
      throw tree.fail(at.field("kind"), "expected kind " + KIND + ", got " + Decoder.describe(root.get("kind")));
    }
    tree.object(root, at, TOP);
    process(root, at);
    Integer percentage = tree.int32(root, at, "percentageOfNodesToScore");
    percentage(percentage, at.field("percentageOfNodesToScore"));
    percentage(tree.int32(root, at, "percentageOfPlacementsToScore"), at.field("percentageOfPlacementsToScore"));
    JsonNode list = tree.list(root, at, "profiles");
    List<Profile> profiles = new ArrayList<>();
    Map<String, Integer> names = new HashMap<>();
    for (int i = 0; i < list.size(); i++) {
      JsonPath p = at.field("profiles").index(i);
      Profile profile = profile(list.get(i), p, list.size() == 1);
      Integer first = names.putIfAbsent(profile.schedulerName(), i);
      if (first != null) {
        tree.error(p.field("schedulerName"), FieldError.duplicate(p.field("schedulerName").toFieldPath(),
            at.field("profiles").index(first).field("schedulerName").toString()));
      }
      profiles.add(profile);
    }
    if (profiles.isEmpty()) {
      profiles.add(Profile.defaults(SchedulerConfiguration.DEFAULT_SCHEDULER_NAME));
    }
    tree.check();
    return new SchedulerConfiguration(percentage, profiles);
  }

  /* The fields of kube-scheduler's process: checked, then dropped. */
  private void process(JsonNode root, JsonPath at) throws DecodeException {
    Integer parallelism = tree.int32(root, at, "parallelism");
    if (parallelism != null && parallelism <= 0) {
      tree.error(at.field("parallelism"), FieldError.invalid(at.field("parallelism").toFieldPath(), parallelism,
          "should be an integer value greater than zero"));
    }
    JsonNode leader = tree.optionalObject(root, at, "leaderElection", LEADER_ELECTION);
    if (leader != null) {
      tree.bool(leader, at.field("leaderElection"), "leaderElect");
    }
    var unused = tree.optionalObject(root, at, "clientConnection", CLIENT_CONNECTION);
    for (String flag : List.of("enableProfiling", "enableContentionProfiling", "delayCacheUntilActive")) {
      tree.bool(root, at, flag);
    }
    Long initial = tree.int64(root, at, "podInitialBackoffSeconds");
    Long max = tree.int64(root, at, "podMaxBackoffSeconds");
    if (initial != null && initial <= 0) {
      tree.error(at.field("podInitialBackoffSeconds"), FieldError.invalid(
          at.field("podInitialBackoffSeconds").toFieldPath(), initial, "must be greater than 0"));
    }
    if (max != null && max < (initial == null ? 1 : initial)) {
      tree.error(at.field("podMaxBackoffSeconds"), FieldError.invalid(at.field("podMaxBackoffSeconds").toFieldPath(),
          max, "must be greater than or equal to PodInitialBackoffSeconds"));
    }
    if (!tree.list(root, at, "extenders").isEmpty()) {
      throw tree.fail(at.field("extenders"), "Forbidden: dra4j cannot call scheduler extenders (HTTP webhooks);"
          + " remove them, or schedule with kube-scheduler itself");
    }
  }

  private void percentage(@Nullable Integer value, JsonPath at) {
    if (value != null && (value < 0 || value > 100)) {
      tree.error(at, FieldError.invalid(at.toFieldPath(), value, "not in valid range [0-100]"));
    }
  }

  private Profile profile(JsonNode node, JsonPath at, boolean only) throws DecodeException {
    tree.object(node, at, PROFILE);
    String name = tree.string(node, at, "schedulerName");
    if (name == null && only) {
      name = SchedulerConfiguration.DEFAULT_SCHEDULER_NAME; // defaulted only for a single profile
    }
    if (name == null || name.isEmpty()) {
      tree.error(at.field("schedulerName"), FieldError.required(at.field("schedulerName").toFieldPath(), ""));
      name = "";
    }
    Integer percentage = tree.int32(node, at, "percentageOfNodesToScore");
    percentage(percentage, at.field("percentageOfNodesToScore"));
    percentage(tree.int32(node, at, "percentageOfPlacementsToScore"), at.field("percentageOfPlacementsToScore"));

    Map<String, Written> written = plugins(node, at);
    JsonPath pluginsAt = at.field("plugins");
    Merged multi = SchedulerPlugins.merge(SchedulerPlugins.DEFAULTS,
        written.getOrDefault(MULTI_POINT, Written.EMPTY), pluginsAt.field(MULTI_POINT));
    Map<String, List<String>> expanded = new LinkedHashMap<>();
    Map<String, Merged> merged = new HashMap<>();
    for (String point : SchedulerPlugins.POINTS) {
      if (!point.equals(MULTI_POINT)) {
        Merged own = SchedulerPlugins.merge(List.of(), written.getOrDefault(point, Written.EMPTY),
            pluginsAt.field(point));
        merged.put(point, own);
        expanded.put(point, SchedulerPlugins.expand(point, own, multi, tree));
      }
    }
    int queueSort = expanded.getOrDefault(SchedulerPlugins.QUEUE_SORT, List.of()).size();
    if (queueSort != 1) {
      tree.error(pluginsAt.field(SchedulerPlugins.QUEUE_SORT), FieldError.invalid(
          pluginsAt.field(SchedulerPlugins.QUEUE_SORT).toFieldPath(), queueSort, "only one queue sort plugin required"
          + " for profile with scheduler name \"" + name + "\", but got " + queueSort));
    }
    if (expanded.getOrDefault(SchedulerPlugins.BIND, List.of()).isEmpty()) {
      tree.error(pluginsAt.field(SchedulerPlugins.BIND), FieldError.required(
          pluginsAt.field(SchedulerPlugins.BIND).toFieldPath(), "at least one bind plugin is needed for profile with"
          + " scheduler name \"" + name + "\""));
    }
    List<String> filters = expanded.getOrDefault(FILTER, List.of());
    if (!filters.contains("DynamicResources")) {
      tree.error(pluginsAt, FieldError.forbidden(pluginsAt.toFieldPath(), "dra4j needs the DynamicResources filter:"
          + " it is what allocates the pods' claims"));
    }
    List<Weighted> scores = SchedulerPlugins.weights(expanded.getOrDefault(SCORE, List.of()),
        Objects.requireNonNull(merged.get(SCORE)), multi);
    PluginArgs args = new PluginArgsReader(tree).read(tree.list(node, at, "pluginConfig"), at.field("pluginConfig"));
    return new Profile(name, percentage, filters, scores, args,
        expanded.getOrDefault(SchedulerPlugins.POST_FILTER, List.of()));
  }

  /* Each extension point's lists as written; names checked against the in-tree plugins. */
  private Map<String, Written> plugins(JsonNode profile, JsonPath profileAt) throws DecodeException {
    Map<String, Written> out = new HashMap<>();
    SchedulerPlugins.POINTS.forEach(p -> out.put(p, Written.EMPTY));
    JsonPath at = profileAt.field("plugins");
    JsonNode plugins = tree.optionalObject(profile, profileAt, "plugins", Set.copyOf(SchedulerPlugins.POINTS));
    if (plugins == null) {
      return out;
    }
    for (String point : SchedulerPlugins.POINTS) {
      JsonNode set = tree.optionalObject(plugins, at, point, PLUGIN_SET);
      if (set == null) {
        continue;
      }
      JsonPath setAt = at.field(point);
      List<Weighted> enabled = new ArrayList<>();
      List<JsonPath> where = new ArrayList<>();
      JsonNode e = tree.list(set, setAt, "enabled");
      for (int i = 0; i < e.size(); i++) {
        JsonPath p = setAt.field("enabled").index(i);
        tree.object(e.get(i), p, PLUGIN);
        String name = pluginName(e.get(i), p, false);
        Integer weight = tree.int32(e.get(i), p, "weight");
        if (weight != null && weight < 0) {
          tree.error(p.field("weight"), FieldError.invalid(p.field("weight").toFieldPath(), weight,
              "must not be negative"));
        }
        enabled.add(new Weighted(name, weight == null ? 0 : weight));
        where.add(p);
      }
      List<String> disabled = new ArrayList<>();
      JsonNode d = tree.list(set, setAt, "disabled");
      for (int i = 0; i < d.size(); i++) {
        JsonPath p = setAt.field("disabled").index(i);
        tree.object(d.get(i), p, PLUGIN);
        disabled.add(pluginName(d.get(i), p, true));
      }
      out.put(point, new Written(enabled, where, disabled));
    }
    return out;
  }

  /* A plugin's name: an in-tree plugin (or "*" where plugins are disabled). */
  private String pluginName(JsonNode entry, JsonPath at, boolean disabled) throws DecodeException {
    String name = tree.string(entry, at, "name");
    if (name == null || name.isEmpty()) {
      throw tree.fail(at.field("name"), "Required value");
    }
    if (SchedulerPlugins.REMOVED.contains(name)) {
      tree.error(at.field("name"), FieldError.invalid(at.field("name").toFieldPath(), name, "was invalid in version \""
          + SchedulerConfiguration.API_VERSION + "\" (KubeSchedulerConfiguration is version \""
          + SchedulerConfiguration.API_VERSION + "\")"));
    } else if (!(disabled && name.equals("*")) && !SchedulerPlugins.REGISTRY.containsKey(name)) {
      String closest = FieldCheck.closest(name, SchedulerPlugins.REGISTRY.keySet());
      tree.error(at.field("name"), FieldError.notFound(at.field("name").toFieldPath(), name, "no in-tree plugin has"
          + " this name (dra4j runs kube-scheduler's in-tree plugins only)"
          + (closest == null ? "" : "; did you mean \"" + closest + "\"?")));
    }
    return name;
  }
}
