package io.github.dra4j.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Named.named;

import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import io.github.dra4j.api.config.SchedulerConfiguration.Profile;
import io.github.dra4j.api.config.SchedulerConfiguration.Resource;
import io.github.dra4j.api.config.SchedulerConfiguration.ScoringStrategy;
import io.github.dra4j.api.config.SchedulerConfiguration.Weighted;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import io.github.dra4j.api.io.UnknownObject;
import io.github.dra4j.api.simulation.Arrivals;
import io.github.dra4j.api.simulation.DurationDistribution;
import io.github.dra4j.api.simulation.Gang;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.api.simulation.Timeline;
import io.github.dra4j.api.simulation.Timeline.TraceArrival;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The builders of the public records of 4 or more components in the subpackages of {@code io.github.dra4j.api}. */
final class SubpackageBuildersTest {

  private static final Node NODE = Node.of("dgx", Map.of("kubernetes.io/hostname", "dgx"));

  private static final ResourceSlice SLICE = new ResourceSlice(ObjectMeta.named("dgx-gpus"),
      ResourceSliceSpec.builder().driver("gpu.example.com").pool(ResourcePool.of("dgx", 1, 1)).nodeName("dgx")
          .addDevice(Device.builder().name("gpu-0").build()).build());

  private static final Pod POD = Pod.of(ObjectMeta.named("default", "train"), PodSpec.builder()
      .addResourceClaim(PodResourceClaim.ofTemplate("gpu", "one-gpu")).build());

  private static final ResourceClaimTemplate TEMPLATE = ResourceClaimTemplate.of(ObjectMeta.named("default", "one-gpu"),
      ResourceClaimTemplateSpec.of(ObjectMeta.builder().build(),
          new ResourceClaimSpec(new DeviceClaim(List.of(), List.of(), List.of()))));

  private static final Gang GANG = Gang.of(4, 3, "rack", List.of());

  private static final NodeGroup GROUP = new NodeGroup("dgx", 8, NODE, List.of(SLICE));

  private static final PodKind KIND = new PodKind("train", POD, List.of(TEMPLATE), 2.5, 10, GANG);

  private static final PodKind WEB = new PodKind("web", Pod.of(ObjectMeta.named("default", "web"),
      PodSpec.builder().build()), List.of(), 1, null);

  private static final Arrivals ARRIVALS = new Arrivals(List.of(KIND, WEB), 100, 42L, List.of("web", "train"));

  private static final Timeline TIMELINE = new Timeline(null,
      List.of(new TraceArrival(Duration.ZERO, "web", null), new TraceArrival(Duration.ofSeconds(5), "train",
          Duration.ofMinutes(3))),
      Map.of("web", DurationDistribution.fixed(Duration.ofMinutes(30)),
          "train", DurationDistribution.exponential(Duration.ofHours(1))),
      Duration.ofSeconds(10));

  private static final SimulationSpec SIMULATION = new SimulationSpec("plan", Cluster.of(List.of(NODE, SLICE)),
      List.of(GROUP), ARRIVALS, List.of("most-allocated", "least-allocated"), 10, TIMELINE);

  private static final ScoringStrategy MOST = new ScoringStrategy(ScoringStrategy.MOST_ALLOCATED,
      List.of(new Resource("nvidia.com/gpu", 5)), List.of());

  private static final TopologySpreadConstraint SPREAD = TopologySpreadConstraint.builder().maxSkew(1)
      .topologyKey("zone").whenUnsatisfiable(TopologySpreadConstraint.SCHEDULE_ANYWAY).build();

  private static final NodeAffinity AFFINITY = new NodeAffinity(NodeSelector.forNodeName("dgx"), List.of());

  private static final PluginArgs ARGS = new PluginArgs(MOST, List.of("example.com/foo"), List.of("example.com"),
      List.of(new Resource("cpu", 2)), 7, true, PluginArgs.LIST_DEFAULTING, List.of(SPREAD), AFFINITY, 20, 50);

  private static final Profile PROFILE = new Profile("gpu-scheduler", 40, List.of("NodeName", "DynamicResources"),
      List.of(new Weighted("DynamicResources", 3)), ARGS, List.of("DynamicResources"));

  private static final FieldError ERROR = new FieldError(FieldError.Type.INVALID,
      FieldPath.of("spec", "count"), -1, "must be at least 1");

  private static final UnknownObject UNKNOWN = new UnknownObject("v1", "Namespace", "team-a",
      RawJson.of("{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"team-a\"}}"));

  /* --- every builder reproduces its record from scratch and via toBuilder (run by BuildersTest) --- */

  static Stream<Arguments> records() {
    return Stream.of(
        Arguments.of(named("NodeGroup", GROUP), (Supplier<Object>) () -> NodeGroup.builder()
            .name("dgx").count(8).node(NODE).addSlice(SLICE)
            .build(),
            (Function<Object, Object>) o -> ((NodeGroup) o).toBuilder().build()),
        Arguments.of(named("PodKind", KIND), (Supplier<Object>) () -> PodKind.builder()
            .name("train").pod(POD).addTemplate(TEMPLATE).weight(2.5).lifetime(10).gang(GANG)
            .build(),
            (Function<Object, Object>) o -> ((PodKind) o).toBuilder().build()),
        Arguments.of(named("Arrivals", ARRIVALS), (Supplier<Object>) () -> Arrivals.builder()
            .addKind(KIND).addKind(WEB).count(100).seed(42L).order(List.of("web")).addOrder("train")
            .build(),
            (Function<Object, Object>) o -> ((Arrivals) o).toBuilder().build()),
        Arguments.of(named("Timeline", TIMELINE), (Supplier<Object>) () -> Timeline.builder()
            .trace(TIMELINE.trace().subList(0, 1)).addTraceArrival(TIMELINE.trace().get(1))
            .putDuration("web", DurationDistribution.fixed(Duration.ofMinutes(30)))
            .putDuration("train", DurationDistribution.exponential(Duration.ofHours(1)))
            .sampleInterval(Duration.ofSeconds(10))
            .build(),
            (Function<Object, Object>) o -> ((Timeline) o).toBuilder().build()),
        Arguments.of(named("SimulationSpec", SIMULATION), (Supplier<Object>) () -> SimulationSpec.builder()
            .name("plan").cluster(SIMULATION.cluster()).addNodeGroup(GROUP).arrivals(ARRIVALS)
            .addPolicy("most-allocated").addPolicy("least-allocated").sampleEvery(10).timeline(TIMELINE)
            .build(),
            (Function<Object, Object>) o -> ((SimulationSpec) o).toBuilder().build()),
        Arguments.of(named("Profile", PROFILE), (Supplier<Object>) () -> Profile.builder()
            .schedulerName("gpu-scheduler").percentageOfNodesToScore(40).addFilter("NodeName")
            .addFilter("DynamicResources").addScore(new Weighted("DynamicResources", 3)).args(ARGS)
            .postFilters(List.of("DynamicResources"))
            .build(),
            (Function<Object, Object>) o -> ((Profile) o).toBuilder().build()),
        Arguments.of(named("PluginArgs", ARGS), (Supplier<Object>) () -> PluginArgs.builder()
            .fit(MOST).addIgnoredResource("example.com/foo").ignoredResourceGroups(List.of("example.com"))
            .addBalancedResource(new Resource("cpu", 2)).hardPodAffinityWeight(7)
            .ignorePreferredTermsOfExistingPods(true).defaultingType(PluginArgs.LIST_DEFAULTING)
            .addDefaultConstraint(SPREAD).addedAffinity(AFFINITY).minCandidateNodesPercentage(20)
            .minCandidateNodesAbsolute(50)
            .build(),
            (Function<Object, Object>) o -> ((PluginArgs) o).toBuilder().build()),
        Arguments.of(named("FieldError", ERROR), (Supplier<Object>) () -> FieldError.builder()
            .type(FieldError.Type.INVALID).field(FieldPath.of("spec", "count")).badValue(-1)
            .detail("must be at least 1")
            .build(),
            (Function<Object, Object>) o -> ((FieldError) o).toBuilder().build()),
        Arguments.of(named("UnknownObject", UNKNOWN), (Supplier<Object>) () -> UnknownObject.builder()
            .apiVersion("v1").kind("Namespace").name("team-a").content(UNKNOWN.content())
            .build(),
            (Function<Object, Object>) o -> ((UnknownObject) o).toBuilder().build()));
  }

  /* --- builders validate in the record's constructor (missing components run by BuildersTest) --- */

  static Stream<Arguments> missingRequired() {
    return Stream.of(
        Arguments.of(named("NodeGroup", (Supplier<Object>) () -> NodeGroup.builder().node(NODE).build()), "name"),
        Arguments.of(named("PodKind", (Supplier<Object>) () -> PodKind.builder().name("train").build()), "pod"),
        Arguments.of(named("SimulationSpec", (Supplier<Object>) () ->
            SimulationSpec.builder().name("plan").cluster(Cluster.empty()).build()), "arrivals"),
        Arguments.of(named("Profile", (Supplier<Object>) () -> Profile.builder().schedulerName("s").build()), "args"),
        Arguments.of(named("PluginArgs", (Supplier<Object>) () ->
            PluginArgs.builder().fit(ScoringStrategy.defaults()).build()), "defaultingType"),
        Arguments.of(named("FieldError", (Supplier<Object>) () ->
            FieldError.builder().type(FieldError.Type.REQUIRED).field(FieldPath.root()).build()), "detail"),
        Arguments.of(named("UnknownObject", (Supplier<Object>) () ->
            UnknownObject.builder().apiVersion("v1").kind("Namespace").build()), "content"));
  }

  static Stream<Arguments> invalid() {
    return Stream.of(
        Arguments.of(named("NodeGroup count 0", (Supplier<Object>) () -> GROUP.toBuilder().count(0).build()),
            "node group dgx: count must be at least 1, got 0"),
        Arguments.of(named("NodeGroup slice of another node", (Supplier<Object>) () ->
            GROUP.toBuilder().node(Node.of("other", Map.of())).build()),
            "node group dgx: slice dgx-gpus must have spec.nodeName other, got dgx"),
        Arguments.of(named("PodKind negative weight", (Supplier<Object>) () -> KIND.toBuilder().weight(-1).build()),
            "pod kind train: weight must be a finite number >= 0, got -1.0"),
        Arguments.of(named("PodKind lifetime 0", (Supplier<Object>) () -> KIND.toBuilder().lifetime(0).build()),
            "pod kind train: lifetime must be at least 1, got 0"),
        Arguments.of(named("Arrivals without kinds", (Supplier<Object>) () -> Arrivals.builder().count(1).build()),
            "arrivals need at least one pod kind"),
        Arguments.of(named("Arrivals with an unknown kind in the order", (Supplier<Object>) () ->
            ARRIVALS.toBuilder().addOrder("batch").build()),
            "order names the unknown pod kind batch; known: "),
        Arguments.of(named("Timeline with a rate and a trace", (Supplier<Object>) () ->
            TIMELINE.toBuilder().rate(5.0).build()), "a timeline needs either a rate or a trace"),
        Arguments.of(named("Timeline with neither", (Supplier<Object>) () -> Timeline.builder().build()),
            "a timeline needs either a rate or a trace"),
        Arguments.of(named("Timeline going back in time", (Supplier<Object>) () ->
            TIMELINE.toBuilder().addTraceArrival(new TraceArrival(Duration.ofSeconds(1), "web", null)).build()),
            "trace arrival 2 at PT1S is before arrival 1 at PT5S"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void invalidComponents_failAsTheConstructorFails(Supplier<Object> build, String message) {
    assertThatThrownBy(build::get).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith(message);
  }

  /* --- defaults and normalization match the records' shorter constructors --- */

  @Test
  void builderDefaults_areTheShorterConstructors() {
    assertThat(Profile.builder().schedulerName("s").args(PluginArgs.defaults()).build())
        .isEqualTo(new Profile("s", null, List.of(), List.of(), PluginArgs.defaults()));
    assertThat(PluginArgs.builder().fit(ScoringStrategy.defaults()).defaultingType(PluginArgs.SYSTEM_DEFAULTING)
        .balancedResources(PluginArgs.DEFAULT_RESOURCES).hardPodAffinityWeight(1).build())
        .isEqualTo(PluginArgs.defaults());
    assertThat(SIMULATION.toBuilder().timeline(null).build()).isEqualTo(new SimulationSpec("plan",
        SIMULATION.cluster(), List.of(GROUP), ARRIVALS, List.of("most-allocated", "least-allocated"), 10));
    assertThat(KIND.toBuilder().gang(null).build()).isEqualTo(new PodKind("train", POD, List.of(TEMPLATE), 2.5, 10));
    assertThat(PodKind.builder().name("web").pod(WEB.pod()).build()).isEqualTo(WEB);
    assertThat(NodeGroup.builder().name("dgx").node(NODE).build().count()).isEqualTo(1);
    assertThat(Timeline.builder().rate(5.0).build()).isEqualTo(Timeline.poisson(5.0, Map.of(), null));
    assertThat(FieldError.builder().type(FieldError.Type.REQUIRED).field(FieldPath.of("spec")).detail("x").build())
        .isEqualTo(FieldError.required(FieldPath.of("spec"), "x"));
  }

  @Test
  void builtRecords_areNormalizedAsTheConstructorNormalizes() {
    assertThat(TIMELINE.toBuilder().build().durations().keySet()).containsExactly("train", "web");
    Arrivals built = ARRIVALS.toBuilder().build();
    assertThatThrownBy(() -> built.kinds().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> PROFILE.toBuilder().build().postFilters().add("x"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void builders_rejectNullRequiredValuesAndElements() {
    assertThatThrownBy(() -> SimulationSpec.builder().addPolicy(null))
        .isInstanceOf(NullPointerException.class).hasMessage("policies item");
    assertThatThrownBy(() -> Timeline.builder().putDuration("web", null))
        .isInstanceOf(NullPointerException.class).hasMessage("durations value");
    assertThatThrownBy(() -> PluginArgs.builder().defaultingType(null))
        .isInstanceOf(NullPointerException.class).hasMessage("defaultingType");
    assertThatThrownBy(() -> UnknownObject.builder().kind(null))
        .isInstanceOf(NullPointerException.class).hasMessage("kind");
  }

  @Test
  void builders_doNotShareStateWithBuiltRecords() {
    Profile.Builder b = PROFILE.toBuilder();
    Profile first = b.build();

    b.addFilter("TaintToleration").postFilters(List.of());

    assertThat(first).isEqualTo(PROFILE);
    assertThat(b.build().filters()).containsExactly("NodeName", "DynamicResources", "TaintToleration");
    assertThat(b.build().preempts()).isFalse();
  }
}
