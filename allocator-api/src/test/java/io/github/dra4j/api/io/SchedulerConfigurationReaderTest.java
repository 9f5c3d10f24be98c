package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import io.github.dra4j.api.config.SchedulerConfiguration.Profile;
import io.github.dra4j.api.config.SchedulerConfiguration.Resource;
import io.github.dra4j.api.config.SchedulerConfiguration.ScoringStrategy;
import io.github.dra4j.api.config.SchedulerConfiguration.ShapePoint;
import io.github.dra4j.api.config.SchedulerConfiguration.Weighted;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A KubeSchedulerConfiguration is defaulted, merged and validated as kube-scheduler does it: the
 * cases of pkg/scheduler/apis/config/v1/default_plugins_test.go (TestMergePlugins),
 * defaults_test.go and validation/validation_test.go and validation_pluginargs_test.go, with
 * their messages, and the strict reading every dra4j reader does.
 */
final class SchedulerConfigurationReaderTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String HEAD = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";

  private static SchedulerConfiguration read(String body) throws DecodeException {
    return SchedulerConfigurationReader.read(HEAD + body, "sched.yaml", CODEC);
  }

  private static Profile profile(String pluginsAndConfig) throws DecodeException {
    return read("profiles:\n- schedulerName: p\n" + pluginsAndConfig).profiles().get(0);
  }

  private static List<String> names(List<Weighted> ws) {
    return ws.stream().map(Weighted::name).toList();
  }

  @Test
  void emptyConfiguration_isOneDefaultProfileWithTheDefaultPlugins() throws DecodeException {
    SchedulerConfiguration c = read("");
    assertThat(c).isEqualTo(SchedulerConfiguration.defaults());
    Profile p = c.profiles().get(0);
    assertThat(p.schedulerName()).isEqualTo("default-scheduler");
    assertThat(p.filters()).containsExactly("NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity",
        "NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone",
        "PodTopologySpread", "InterPodAffinity", "DynamicResources");
    assertThat(p.scores()).containsExactly(new Weighted("TaintToleration", 3), new Weighted("NodeAffinity", 2),
        new Weighted("NodeResourcesFit", 1), new Weighted("VolumeBinding", 1), new Weighted("PodTopologySpread", 2),
        new Weighted("InterPodAffinity", 2), new Weighted("DynamicResources", 1),
        new Weighted("NodeResourcesBalancedAllocation", 1), new Weighted("ImageLocality", 1));
    assertThat(p.args()).isEqualTo(PluginArgs.defaults());
  }

  /** Plugins sections and the Score plugins they give (TestMergePlugins and the framework's expansion). */
  static Stream<Arguments> scoreMerges() {
    return Stream.of(
        Arguments.of("disable-one-in-multiPoint", "  plugins: {multiPoint: {disabled: [{name: ImageLocality}]}}",
            List.of("TaintToleration:3", "NodeAffinity:2", "NodeResourcesFit:1", "VolumeBinding:1",
                "PodTopologySpread:2", "InterPodAffinity:2", "DynamicResources:1", "NodeResourcesBalancedAllocation:1")),
        Arguments.of("reweigh-default-in-place", "  plugins: {multiPoint: {enabled: [{name: NodeAffinity, weight: 7}]}}",
            List.of("TaintToleration:3", "NodeAffinity:7", "NodeResourcesFit:1", "VolumeBinding:1",
                "PodTopologySpread:2", "InterPodAffinity:2", "DynamicResources:1", "NodeResourcesBalancedAllocation:1",
                "ImageLocality:1")),
        Arguments.of("disable-all-score", "  plugins: {score: {disabled: [{name: '*'}]}}", List.of()),
        Arguments.of("disable-all-score-enable-one",
            "  plugins: {score: {disabled: [{name: '*'}], enabled: [{name: NodeResourcesFit, weight: 5}]}}",
            List.of("NodeResourcesFit:5")),
        Arguments.of("score-override-goes-first",
            "  plugins: {score: {enabled: [{name: InterPodAffinity, weight: 9}]}}",
            List.of("InterPodAffinity:9", "TaintToleration:3", "NodeAffinity:2", "NodeResourcesFit:1",
                "VolumeBinding:1", "PodTopologySpread:2", "DynamicResources:1", "NodeResourcesBalancedAllocation:1",
                "ImageLocality:1")),
        Arguments.of("score-disabled-keeps-filter", "  plugins: {score: {disabled: [{name: TaintToleration}]}}",
            List.of("NodeAffinity:2", "NodeResourcesFit:1", "VolumeBinding:1", "PodTopologySpread:2",
                "InterPodAffinity:2", "DynamicResources:1", "NodeResourcesBalancedAllocation:1", "ImageLocality:1")),
        Arguments.of("weight-zero-is-one", "  plugins: {multiPoint: {enabled: [{name: TaintToleration, weight: 0}]}}",
            List.of("TaintToleration:1", "NodeAffinity:2", "NodeResourcesFit:1", "VolumeBinding:1",
                "PodTopologySpread:2", "InterPodAffinity:2", "DynamicResources:1", "NodeResourcesBalancedAllocation:1",
                "ImageLocality:1")),
        Arguments.of("multiPoint-disable-all-then-enable",
            "  plugins: {multiPoint: {disabled: [{name: '*'}], enabled: [{name: PrioritySort}, {name: DefaultBinder},"
                + " {name: DynamicResources}, {name: NodeResourcesFit, weight: 4}]}}",
            List.of("DynamicResources:1", "NodeResourcesFit:4")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scoreMerges")
  void plugins_mergeAsUpstream(String name, String plugins, List<String> expected) throws DecodeException {
    Profile p = profile(plugins);
    assertThat(p.scores().stream().map(w -> w.name() + ":" + w.weight()).toList()).isEqualTo(expected);
  }

  @Test
  void filterDisabled_isLeftOutOfTheFiltersOnly() throws DecodeException {
    Profile p = profile("  plugins: {filter: {disabled: [{name: TaintToleration}, {name: NodePorts}]}}");
    assertThat(p.filters()).doesNotContain("TaintToleration", "NodePorts").contains("NodeResourcesFit");
    assertThat(names(p.scores())).contains("TaintToleration");
  }

  /** Invalid configurations and the message each gives, with its field path. */
  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of("unknown-top-field", "percentageOfNodeToScore: 10\n",
            "percentageOfNodeToScore: unknown field \"percentageOfNodeToScore\", did you mean \"percentageOfNodesToScore\"?"),
        Arguments.of("unknown-profile-field", "profiles:\n- schedulerName: a\n  plugin: {}\n",
            "profiles[0].plugin: unknown field \"plugin\", did you mean \"plugins\"?"),
        Arguments.of("unknown-extension-point", "profiles:\n- plugins: {scores: {}}\n",
            "profiles[0].plugins.scores: unknown field \"scores\", did you mean \"score\"?"),
        Arguments.of("percentage-out-of-range", "percentageOfNodesToScore: 101\n",
            "percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100]"),
        Arguments.of("profile-percentage-out-of-range", "profiles:\n- percentageOfNodesToScore: -1\n",
            "profiles[0].percentageOfNodesToScore: Invalid value: -1: not in valid range [0-100]"),
        Arguments.of("two-profiles-need-names", "profiles:\n- schedulerName: a\n- {}\n",
            "profiles[1].schedulerName: Required value"),
        Arguments.of("duplicate-profile", "profiles:\n- schedulerName: a\n- schedulerName: a\n",
            "profiles[1].schedulerName: Duplicate value: \"profiles[0].schedulerName\""),
        Arguments.of("unknown-plugin", "profiles:\n- plugins: {score: {enabled: [{name: NodeResourceFit}]}}\n",
            "profiles[0].plugins.score.enabled[0].name: Not found: \"NodeResourceFit\": no in-tree plugin has this name"
                + " (dra4j runs kube-scheduler's in-tree plugins only); did you mean \"NodeResourcesFit\"?"),
        Arguments.of("removed-plugin", "profiles:\n- plugins: {filter: {enabled: [{name: EBSLimits}]}}\n",
            "profiles[0].plugins.filter.enabled[0].name: Invalid value: \"EBSLimits\": was invalid in version"
                + " \"kubescheduler.config.k8s.io/v1\""),
        Arguments.of("not-a-score-plugin", "profiles:\n- plugins: {score: {enabled: [{name: NodePorts}]}}\n",
            "profiles[0].plugins.score.enabled[0]: Invalid value: \"NodePorts\": plugin \"NodePorts\" does not extend"
                + " ScorePlugin"),
        Arguments.of("no-queue-sort", "profiles:\n- plugins: {queueSort: {disabled: [{name: '*'}]}}\n",
            "profiles[0].plugins.queueSort: Invalid value: 0: only one queue sort plugin required for profile with"
                + " scheduler name \"default-scheduler\", but got 0"),
        Arguments.of("no-bind", "profiles:\n- plugins: {bind: {disabled: [{name: DefaultBinder}]}}\n",
            "profiles[0].plugins.bind: Required value: at least one bind plugin is needed"),
        Arguments.of("no-dra", "profiles:\n- plugins: {filter: {disabled: [{name: DynamicResources}]}}\n",
            "profiles[0].plugins: Forbidden: dra4j needs the DynamicResources filter"),
        Arguments.of("negative-weight", "profiles:\n- plugins: {score: {enabled: [{name: ImageLocality, weight: -2}]}}\n",
            "profiles[0].plugins.score.enabled[0].weight: Invalid value: -2: must not be negative"),
        Arguments.of("extenders", "extenders: [{urlPrefix: 'http://x'}]\n",
            "extenders: Forbidden: dra4j cannot call scheduler extenders"),
        Arguments.of("parallelism", "parallelism: 0\n",
            "parallelism: Invalid value: 0: should be an integer value greater than zero"),
        Arguments.of("strategy-type", fit("{scoringStrategy: {type: Balanced}}"),
            "profiles[0].pluginConfig[0].args.scoringStrategy.type: Unsupported value: \"Balanced\": supported values:"
                + " \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\""),
        Arguments.of("strategy-weight", fit("{scoringStrategy: {type: MostAllocated, resources: [{name: cpu, weight: 101}]}}"),
            "profiles[0].pluginConfig[0].args.scoringStrategy.resources[0].weight: Invalid value: 101: resource weight"
                + " of cpu not in valid range (0, 100]"),
        Arguments.of("ratio-needs-shape", fit("{scoringStrategy: {type: RequestedToCapacityRatio}}"),
            "profiles[0].pluginConfig[0].args.scoringStrategy.requestedToCapacityRatio: Required value: must be"
                + " specified when type is RequestedToCapacityRatio"),
        Arguments.of("ratio-forbidden", fit("{scoringStrategy: {type: LeastAllocated, requestedToCapacityRatio: {shape:"
                + " [{utilization: 0, score: 0}]}}}"),
            "profiles[0].pluginConfig[0].args.scoringStrategy.requestedToCapacityRatio: Forbidden: must be nil when"
                + " type is not RequestedToCapacityRatio"),
        Arguments.of("shape-order", fit("{scoringStrategy: {type: RequestedToCapacityRatio, requestedToCapacityRatio:"
                + " {shape: [{utilization: 50, score: 1}, {utilization: 10, score: 11}]}}}"),
            "profiles[0].pluginConfig[0].args.scoringStrategy.requestedToCapacityRatio.shape[1].utilization: Invalid"
                + " value: 10: values must be sorted in increasing order"),
        Arguments.of("shape-score", fit("{scoringStrategy: {type: RequestedToCapacityRatio, requestedToCapacityRatio:"
                + " {shape: [{utilization: 50, score: 11}]}}}"),
            "profiles[0].pluginConfig[0].args.scoringStrategy.requestedToCapacityRatio.shape[0].score: Invalid value:"
                + " 11: not in valid range [0, 10]"),
        Arguments.of("fit-unknown-arg", fit("{scoringStrategy: {type: MostAllocated}, ignoredResource: [a]}"),
            "profiles[0].pluginConfig[0].args.ignoredResource: unknown field \"ignoredResource\", did you mean"
                + " \"ignoredResources\"?"),
        Arguments.of("resource-group-slash", fit("{ignoredResourceGroups: [example.com/x]}"),
            "profiles[0].pluginConfig[0].args.ignoredResourceGroups[0]: Invalid value: \"example.com/x\": resource"
                + " group name can't contain '/'"),
        Arguments.of("hard-pod-affinity-weight", args("InterPodAffinity", "{hardPodAffinityWeight: 101}"),
            "profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]"),
        Arguments.of("system-defaulting-with-constraints", args("PodTopologySpread",
                "{defaultConstraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway}]}"),
            "profiles[0].pluginConfig[0].args.defaultingType: Invalid value: \"System\": when .defaultConstraints are"
                + " not empty"),
        Arguments.of("default-constraint-selector", args("PodTopologySpread", "{defaultingType: List, defaultConstraints:"
                + " [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: ScheduleAnyway, labelSelector: {}}]}"),
            "profiles[0].pluginConfig[0].args.defaultConstraints[0].labelSelector: Forbidden: constraint must not"
                + " define a selector"),
        Arguments.of("default-constraint-repeated", args("PodTopologySpread", "{defaultingType: List, defaultConstraints:"
                + " [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule},"
                + " {maxSkew: 2, topologyKey: zone, whenUnsatisfiable: DoNotSchedule}]}"),
            "profiles[0].pluginConfig[0].args.defaultConstraints[1]: Duplicate value: \"{zone, DoNotSchedule}\""),
        Arguments.of("defaulting-type", args("PodTopologySpread", "{defaultingType: Lists}"),
            "profiles[0].pluginConfig[0].args.defaultingType: Unsupported value: \"Lists\""),
        Arguments.of("balanced-weight", args("NodeResourcesBalancedAllocation", "{resources: [{name: cpu, weight: 2}]}"),
            "profiles[0].pluginConfig[0].args.resources[0].weight: Invalid value: 2: must be 1"),
        Arguments.of("preemption-both-zero", args("DefaultPreemption",
                "{minCandidateNodesPercentage: 0, minCandidateNodesAbsolute: 0}"),
            "profiles[0].pluginConfig[0].args.minCandidateNodesPercentage: Invalid value: 0: cannot be zero at the"
                + " same time as minCandidateNodesAbsolute"),
        Arguments.of("dra-binding-timeout", args("DynamicResources", "{bindingTimeout: 500ms}"),
            "profiles[0].pluginConfig[0].args.bindingTimeout: Invalid value: \"500ms\": must be at least 1 second"),
        Arguments.of("args-kind", args("InterPodAffinity", "{kind: NodeAffinityArgs}"),
            "profiles[0].pluginConfig[0].args: Invalid value: \"Kind=NodeAffinityArgs\": has to match plugin args"),
        Arguments.of("args-unknown-plugin", args("NodeAfinity", "{}"),
            "profiles[0].pluginConfig[0].name: Not found: \"NodeAfinity\": no in-tree plugin has this name; did you"
                + " mean \"NodeAffinity\"?"),
        Arguments.of("args-of-plugin-without", args("NodePorts", "{a: 1}"),
            "profiles[0].pluginConfig[0].args: Forbidden: plugin \"NodePorts\" takes no arguments"),
        Arguments.of("duplicate-plugin-config", "profiles:\n- pluginConfig: [{name: NodeAffinity}, {name: NodeAffinity}]\n",
            "profiles[0].pluginConfig[1]: Duplicate value: \"NodeAffinity\""),
        Arguments.of("added-affinity-unknown-field", args("NodeAffinity",
                "{addedAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerm: []}}}"),
            "profiles[0].pluginConfig[0].args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution"
                + ".nodeSelectorTerm: unknown field \"nodeSelectorTerm\", did you mean \"nodeSelectorTerms\"?"));
  }

  private static String fit(String args) {
    return args("NodeResourcesFit", args);
  }

  private static String args(String plugin, String args) {
    return "profiles:\n- pluginConfig:\n  - name: " + plugin + "\n    args: " + args + "\n";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void invalid_isRefusedWithPathAndRule(String name, String body, String message) {
    assertThatThrownBy(() -> read(body)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("sched.yaml")
        .hasMessageContaining(message);
  }

  @Test
  void errors_areReportedAllAtOnce() {
    assertThatThrownBy(() -> read("percentageOfNodesToScore: 200\nprofiles:\n- percentageOfNodesToScore: 300\n"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("percentageOfNodesToScore: Invalid value: 200")
        .hasMessageContaining("profiles[0].percentageOfNodesToScore: Invalid value: 300");
  }

  @Test
  void olderApiVersions_areRefusedNamingV1() {
    assertThatThrownBy(() -> SchedulerConfigurationReader.read("apiVersion: kubescheduler.config.k8s.io/v1beta3\n"
        + "kind: KubeSchedulerConfiguration\n", "old.yaml", CODEC))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("unsupported apiVersion \"kubescheduler.config.k8s.io/v1beta3\"; supported:"
            + " kubescheduler.config.k8s.io/v1");
    assertThatThrownBy(() -> SchedulerConfigurationReader.read("apiVersion: kubescheduler.config.k8s.io/v1\n"
        + "kind: Simulation\n", "k.yaml", CODEC)).hasMessageContaining("expected kind KubeSchedulerConfiguration");
  }

  @Test
  void pluginArgs_areReadAndDefaulted() throws DecodeException {
    Profile p = profile("  percentageOfNodesToScore: 30\n  pluginConfig:\n"
        + "  - name: NodeResourcesFit\n    args:\n      ignoredResourceGroups: [example.com]\n"
        + "      scoringStrategy:\n        type: RequestedToCapacityRatio\n"
        + "        resources: [{name: cpu, weight: 3}, {name: nvidia.com/gpu}]\n"
        + "        requestedToCapacityRatio: {shape: [{utilization: 0, score: 10}, {utilization: 100, score: 0}]}\n"
        + "  - name: InterPodAffinity\n    args: {hardPodAffinityWeight: 5, ignorePreferredTermsOfExistingPods: true}\n"
        + "  - name: PodTopologySpread\n    args:\n      defaultingType: List\n"
        + "      defaultConstraints: [{maxSkew: 2, topologyKey: topology.kubernetes.io/zone,"
        + " whenUnsatisfiable: ScheduleAnyway}]\n"
        + "  - name: NodeAffinity\n    args:\n      apiVersion: kubescheduler.config.k8s.io/v1\n"
        + "      kind: NodeAffinityArgs\n      addedAffinity:\n"
        + "        requiredDuringSchedulingIgnoredDuringExecution:\n"
        + "          nodeSelectorTerms: [{matchExpressions: [{key: pool, operator: In, values: [gpu]}]}]\n");
    assertThat(p.percentageOfNodesToScore()).isEqualTo(30);
    assertThat(p.args().fit()).isEqualTo(new ScoringStrategy(ScoringStrategy.REQUESTED_TO_CAPACITY_RATIO,
        List.of(new Resource("cpu", 3), new Resource("nvidia.com/gpu", 1)),
        List.of(new ShapePoint(0, 10), new ShapePoint(100, 0))));
    assertThat(p.args().ignoredResourceGroups()).containsExactly("example.com");
    assertThat(p.args().hardPodAffinityWeight()).isEqualTo(5);
    assertThat(p.args().ignorePreferredTermsOfExistingPods()).isTrue();
    assertThat(p.args().defaultingType()).isEqualTo(PluginArgs.LIST_DEFAULTING);
    assertThat(p.args().defaultConstraints()).singleElement()
        .satisfies(c -> assertThat(c.maxSkew()).isEqualTo(2));
    NodeSelectorRequirement r = Objects.requireNonNull(Objects.requireNonNull(p.args().addedAffinity()).required())
        .nodeSelectorTerms().get(0).matchExpressions().get(0);
    assertThat(r.key()).isEqualTo("pool");
  }

  @Test
  void scoringStrategyWithoutResources_getsCpuAndMemory() throws DecodeException {
    Profile p = profile("  pluginConfig:\n  - name: NodeResourcesFit\n    args: {scoringStrategy: {type: MostAllocated}}\n");
    assertThat(p.args().fit()).isEqualTo(new ScoringStrategy(ScoringStrategy.MOST_ALLOCATED,
        PluginArgs.DEFAULT_RESOURCES, List.of()));
  }

  /** numFeasibleNodesToFind, as TestNumFeasibleNodesToFind of pkg/scheduler/schedule_one_test.go. */
  static Stream<Arguments> feasibleNodes() {
    return Stream.of(
        Arguments.of(null, null, 10, 10),
        Arguments.of(40, null, 10, 10),
        Arguments.of(null, null, 1000, 420),
        Arguments.of(40, null, 1000, 400),
        Arguments.of(null, null, 6000, 300),
        Arguments.of(40, null, 6000, 2400),
        Arguments.of(null, 40, 1000, 400),
        Arguments.of(10, 40, 1000, 400),
        Arguments.of(null, 1, 1000, 100),
        Arguments.of(null, 0, 10_000, 500),
        Arguments.of(100, null, 5000, 5000));
  }

  @ParameterizedTest(name = "global {0}, profile {1}, {2} nodes: {3}")
  @MethodSource("feasibleNodes")
  void numFeasibleNodesToFind_asUpstream(Integer global, Integer profile, int nodes, int expected) {
    Profile p = new Profile("p", profile, Profile.DEFAULT_FILTERS, Profile.DEFAULT_SCORES, PluginArgs.defaults());
    assertThat(new SchedulerConfiguration(global, List.of(p)).numFeasibleNodesToFind(p, nodes)).isEqualTo(expected);
  }
}
