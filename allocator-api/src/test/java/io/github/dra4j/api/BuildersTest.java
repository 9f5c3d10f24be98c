package io.github.dra4j.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Named.named;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

final class BuildersTest {

  private static final NodeSelector SELECTOR = NodeSelector.forNodeName("node-1");
  private static final DeviceToleration TOLERATION =
      new DeviceToleration("k", DeviceToleration.OPERATOR_EXISTS, null, "NoSchedule", 30L);
  private static final DeviceTaint TAINT = new DeviceTaint("k", "v", DeviceTaint.EFFECT_NO_SCHEDULE, null);

  private static final Device DEVICE = new Device("gpu-0",
      Map.of("model", DeviceAttribute.ofString("A100"), "cores", DeviceAttribute.ofInt(108)),
      Map.of("memory", DeviceCapacity.of("40Gi")),
      List.of(new DeviceCounterConsumption("set", Map.of("mem", Counter.of("4Gi")), List.of())),
      List.of("common", "mem"), "node-1", SELECTOR, true, List.of(TAINT), List.of("ready"),
      List.of("failed"), true, true);

  private static final ResourceSliceSpec SPEC = new ResourceSliceSpec("d", ResourcePool.of("p", 1, 2),
      "node-1", SELECTOR, true, true, List.of(DEVICE),
      List.of(new CounterSet("set", Map.of("mem", Counter.of("8Gi")), List.of())),
      new ResourceSliceMixins(List.of(), List.of(), List.of()));

  private static final ExactDeviceRequest EXACT = new ExactDeviceRequest("class",
      List.of(DeviceSelector.cel("true")), DeviceAllocationMode.EXACT_COUNT, 2L, true, List.of(TOLERATION),
      new CapacityRequirements(Map.of("mem", Quantity.parse("1Gi"))));

  private static final DeviceSubRequest SUB = new DeviceSubRequest("sub", "class",
      List.of(DeviceSelector.cel("true")), DeviceAllocationMode.ALL, 3L, List.of(TOLERATION),
      new CapacityRequirements(Map.of()));

  private static final DeviceRequestAllocationResult RESULT = new DeviceRequestAllocationResult(
      "req/sub", "d", "p", "gpu-0", true, List.of(TOLERATION), List.of("ready"), List.of("failed"),
      "share-1", Map.of("mem", Quantity.parse("1Gi")));

  private static final DeviceRequest REQUEST = new DeviceRequest("req", EXACT, List.of(SUB));

  private static final ResourceClaim CLAIM = new ResourceClaim(
      new ObjectMeta("claim-0", "default", "uid-1", null, null, Map.of("team", "a")),
      new ResourceClaimSpec(new DeviceClaim(List.of(REQUEST),
          List.of(DeviceConstraint.matchAttribute("d/model", List.of("req")),
              DeviceConstraint.distinctAttribute("d/uuid", List.of())),
          List.of(new DeviceClaimConfiguration(List.of("req"),
              new OpaqueDeviceConfiguration("d", RawJson.of("{\"a\":1}")))))),
      new ResourceClaimStatus(null, List.of()));

  private static final ObjectMeta META = new ObjectMeta("n", "ns", "uid", "7", 3L, Map.of("a", "b"));

  private static final ResourceClaimConsumerReference CONSUMER =
      new ResourceClaimConsumerReference("", "pods", "pod-0", "uid-0");

  private static final LabelSelector WEB = new LabelSelector(Map.of("app", "web"), List.of());

  private static final PodStatus POD_STATUS = new PodStatus(
      List.of(PodResourceClaimStatus.of("gpu", "pod-0-gpu")),
      PodExtendedResourceClaimStatus.of(List.of(), "pod-0-extended"), "Running",
      List.of(new NodeAllocatableResourceClaimStatus("pod-0-gpu", List.of("main"), List.of(), List.of())),
      "node-1", List.of(new PodCondition(PodCondition.DISRUPTION_TARGET, "True", PodCondition.PREEMPTION_BY_SCHEDULER)));

  private static final NodeAllocatableResourceClaimStatus NODE_ALLOCATABLE = new NodeAllocatableResourceClaimStatus(
      "claim-0", List.of("init", "main"),
      List.of(new NodeAllocatableMappedResources("cpu", Quantity.parse("2"))),
      List.of(new NodeAllocatableOverheadResources("memory", Quantity.parse("1Gi"), null)));

  private static final TopologySpreadConstraint SPREAD = new TopologySpreadConstraint(2, "zone",
      TopologySpreadConstraint.DO_NOT_SCHEDULE, WEB, 3, "Honor", "Honor", List.of("version"));

  private static final PodAffinityTerm AFFINITY = new PodAffinityTerm(WEB, List.of("a", "b"), "zone",
      new LabelSelector(Map.of(), List.of()), List.of("version"), List.of("tenant"));

  private static final OwnerReference OWNER = new OwnerReference("v1", "Pod", "pod-0", "uid-0", true, true);

  private static final ContainerPort PORT = new ContainerPort("http", 8080, 80, "TCP", "10.0.0.1");

  private static final Container CONTAINER = new Container("main",
      ResourceRequirements.of(Map.of("cpu", Quantity.parse("1")), Map.of(), List.of()), List.of(PORT),
      Container.RESTART_ALWAYS, "nginx:1.27");

  private static final Toleration POD_TOLERATION = new Toleration("k", Toleration.EQUAL, "v", "NoExecute", 60L);

  private static final DeviceCounterConsumption CONSUMPTION = new DeviceCounterConsumption("set",
      Map.of("mem", Counter.of("4Gi"), "cores", Counter.of("2")), List.of("common"), List.of("g1", "g2"));

  private static final ObjectRef REF = new ObjectRef("ResourceClaim", "default", "claim-0", "uid-1");

  private static final PriorityClass PRIORITY = new PriorityClass(ObjectMeta.named("high"), 1000, true,
      PriorityClass.NEVER);

  private static final PodController STATEFUL_SET = new PodController("apps/v1", "StatefulSet",
      ObjectMeta.named("ns", "db"), 3, null, null, 1,
      Pod.of(ObjectMeta.builder().putLabel("app", "db").build(), PodSpec.builder().build()),
      new LabelSelector(Map.of("app", "db"), List.of()));

  private static final ResourcePoolStatusRequestSpec POOL_STATUS =
      new ResourcePoolStatusRequestSpec("gpu.example.com", "pool-a", 10, "gpu.example.com/partition");

  /* --- every builder reproduces its record from scratch and via toBuilder --- */

  static Stream<Arguments> records() {
    return Stream.concat(apiRecords(), SubpackageBuildersTest.records());
  }

  private static Stream<Arguments> apiRecords() {
    return Stream.of(
        Arguments.of(named("Device", DEVICE), (Supplier<Object>) () -> Device.builder()
            .name("gpu-0")
            .putAttribute("model", DeviceAttribute.ofString("A100"))
            .putAttribute("cores", DeviceAttribute.ofInt(108))
            .putCapacity("memory", DeviceCapacity.of("40Gi"))
            .addConsumesCounter(DEVICE.consumesCounters().get(0))
            .addInclude("common").addInclude("mem")
            .nodeName("node-1").nodeSelector(SELECTOR).allNodes(true)
            .addTaint(TAINT).addBindingCondition("ready").addBindingFailureCondition("failed")
            .bindsToNode(true).allowMultipleAllocations(true)
            .build(),
            (Function<Object, Object>) o -> ((Device) o).toBuilder().build()),
        Arguments.of(named("ResourceSliceSpec", SPEC), (Supplier<Object>) () -> ResourceSliceSpec.builder()
            .driver("d").pool(ResourcePool.of("p", 1, 2)).nodeName("node-1").nodeSelector(SELECTOR)
            .allNodes(true).perDeviceNodeSelection(true).addDevice(DEVICE)
            .addSharedCounter(SPEC.sharedCounters().get(0)).mixins(SPEC.mixins())
            .build(),
            (Function<Object, Object>) o -> ((ResourceSliceSpec) o).toBuilder().build()),
        Arguments.of(named("ExactDeviceRequest", EXACT), (Supplier<Object>) () -> ExactDeviceRequest.builder()
            .deviceClassName("class").addSelector(DeviceSelector.cel("true"))
            .allocationMode(DeviceAllocationMode.EXACT_COUNT).count(2L).adminAccess(true)
            .addToleration(TOLERATION).capacity(EXACT.capacity())
            .build(),
            (Function<Object, Object>) o -> ((ExactDeviceRequest) o).toBuilder().build()),
        Arguments.of(named("DeviceSubRequest", SUB), (Supplier<Object>) () -> DeviceSubRequest.builder()
            .name("sub").deviceClassName("class").selectors(List.of(DeviceSelector.cel("true")))
            .allocationMode(DeviceAllocationMode.ALL).count(3L).tolerations(List.of(TOLERATION))
            .capacity(SUB.capacity())
            .build(),
            (Function<Object, Object>) o -> ((DeviceSubRequest) o).toBuilder().build()),
        Arguments.of(named("DeviceRequest", REQUEST), (Supplier<Object>) () -> DeviceRequest.builder()
            .name("req").exactly(EXACT).addFirstAvailable(SUB)
            .build(),
            (Function<Object, Object>) o -> ((DeviceRequest) o).toBuilder().build()),
        Arguments.of(named("ResourceClaim", CLAIM), (Supplier<Object>) () -> ResourceClaim.builder()
            .metadata(ObjectMeta.builder().uid("uid-1").putLabel("team", "a").build())
            .namespace("default").name("claim-0")
            .addRequest(REQUEST)
            .matchAttribute("d/model", "req").distinctAttribute("d/uuid")
            .addConfig(CLAIM.spec().devices().config().get(0))
            .status(new ResourceClaimStatus(null, List.of()))
            .build(),
            (Function<Object, Object>) o -> ((ResourceClaim) o).toBuilder().build()),
        Arguments.of(named("DeviceRequestAllocationResult", RESULT), (Supplier<Object>) () ->
            DeviceRequestAllocationResult.builder()
                .request("req/sub").driver("d").pool("p").device("gpu-0").adminAccess(true)
                .addToleration(TOLERATION).bindingConditions(List.of("ready"))
                .bindingFailureConditions(List.of("failed")).shareID("share-1")
                .consumedCapacity(Map.of("mem", Quantity.parse("1024Mi")))
                .build(),
            (Function<Object, Object>) o -> ((DeviceRequestAllocationResult) o).toBuilder().build()),
        Arguments.of(named("ObjectMeta", META), (Supplier<Object>) () -> ObjectMeta.builder()
            .name("n").namespace("ns").uid("uid").resourceVersion("7").generation(3L).putLabel("a", "b")
            .build(),
            (Function<Object, Object>) o -> ((ObjectMeta) o).toBuilder().build()),
        Arguments.of(named("DeviceToleration", TOLERATION), (Supplier<Object>) () -> DeviceToleration.builder()
            .key("k").operator(DeviceToleration.OPERATOR_EXISTS).effect("NoSchedule").tolerationSeconds(30L)
            .build(),
            (Function<Object, Object>) o -> ((DeviceToleration) o).toBuilder().build()),
        Arguments.of(named("DeviceTaint", TAINT), (Supplier<Object>) () -> DeviceTaint.builder()
            .key("k").value("v").effect(DeviceTaint.EFFECT_NO_SCHEDULE)
            .build(),
            (Function<Object, Object>) o -> ((DeviceTaint) o).toBuilder().build()),
        Arguments.of(named("ResourceClaimConsumerReference", CONSUMER), (Supplier<Object>) () ->
            ResourceClaimConsumerReference.builder().apiGroup("").resource("pods").name("pod-0").uid("uid-0")
                .build(),
            (Function<Object, Object>) o -> ((ResourceClaimConsumerReference) o).toBuilder().build()),
        Arguments.of(named("PodStatus", POD_STATUS), (Supplier<Object>) () -> PodStatus.builder()
            .addResourceClaimStatus(PodResourceClaimStatus.of("gpu", "pod-0-gpu"))
            .extendedResourceClaimStatus(POD_STATUS.extendedResourceClaimStatus()).phase("Running")
            .nodeAllocatableResourceClaimStatuses(POD_STATUS.nodeAllocatableResourceClaimStatuses())
            .nominatedNodeName("node-1").addCondition(POD_STATUS.conditions().get(0))
            .build(),
            (Function<Object, Object>) o -> ((PodStatus) o).toBuilder().build()),
        Arguments.of(named("NodeAllocatableResourceClaimStatus", NODE_ALLOCATABLE), (Supplier<Object>) () ->
            NodeAllocatableResourceClaimStatus.builder()
                .resourceClaimName("claim-0").addContainer("init").addContainer("main")
                .addMapping(NODE_ALLOCATABLE.mapping().get(0)).overhead(NODE_ALLOCATABLE.overhead())
                .build(),
            (Function<Object, Object>) o -> ((NodeAllocatableResourceClaimStatus) o).toBuilder().build()),
        Arguments.of(named("TopologySpreadConstraint", SPREAD), (Supplier<Object>) () ->
            TopologySpreadConstraint.builder()
                .maxSkew(2).topologyKey("zone").whenUnsatisfiable(TopologySpreadConstraint.DO_NOT_SCHEDULE)
                .labelSelector(WEB).minDomains(3).nodeAffinityPolicy("Honor").nodeTaintsPolicy("Honor")
                .addMatchLabelKey("version")
                .build(),
            (Function<Object, Object>) o -> ((TopologySpreadConstraint) o).toBuilder().build()),
        Arguments.of(named("PodAffinityTerm", AFFINITY), (Supplier<Object>) () -> PodAffinityTerm.builder()
            .labelSelector(WEB).addNamespace("a").addNamespace("b").topologyKey("zone")
            .namespaceSelector(new LabelSelector(Map.of(), List.of())).matchLabelKeys(List.of("version"))
            .addMismatchLabelKey("tenant")
            .build(),
            (Function<Object, Object>) o -> ((PodAffinityTerm) o).toBuilder().build()),
        Arguments.of(named("OwnerReference", OWNER), (Supplier<Object>) () -> OwnerReference.builder()
            .apiVersion("v1").kind("Pod").name("pod-0").uid("uid-0").controller(true).blockOwnerDeletion(true)
            .build(),
            (Function<Object, Object>) o -> ((OwnerReference) o).toBuilder().build()),
        Arguments.of(named("Container", CONTAINER), (Supplier<Object>) () -> Container.builder()
            .name("main").resources(CONTAINER.resources()).addPort(PORT).restartPolicy(Container.RESTART_ALWAYS)
            .image("nginx:1.27")
            .build(),
            (Function<Object, Object>) o -> ((Container) o).toBuilder().build()),
        Arguments.of(named("ContainerPort", PORT), (Supplier<Object>) () -> ContainerPort.builder()
            .name("http").hostPort(8080).containerPort(80).protocol("TCP").hostIP("10.0.0.1")
            .build(),
            (Function<Object, Object>) o -> ((ContainerPort) o).toBuilder().build()),
        Arguments.of(named("Toleration", POD_TOLERATION), (Supplier<Object>) () -> Toleration.builder()
            .key("k").operator(Toleration.EQUAL).value("v").effect("NoExecute").tolerationSeconds(60L)
            .build(),
            (Function<Object, Object>) o -> ((Toleration) o).toBuilder().build()),
        Arguments.of(named("DeviceCounterConsumption", CONSUMPTION), (Supplier<Object>) () ->
            DeviceCounterConsumption.builder()
                .counterSet("set").putCounter("mem", Counter.of("4Gi")).putCounter("cores", Counter.of("2"))
                .addInclude("common").compatibilityGroups(List.of("g1")).addCompatibilityGroup("g2")
                .build(),
            (Function<Object, Object>) o -> ((DeviceCounterConsumption) o).toBuilder().build()),
        Arguments.of(named("ObjectRef", REF), (Supplier<Object>) () -> ObjectRef.builder()
            .kind("ResourceClaim").namespace("default").name("claim-0").uid("uid-1")
            .build(),
            (Function<Object, Object>) o -> ((ObjectRef) o).toBuilder().build()),
        Arguments.of(named("PriorityClass", PRIORITY), (Supplier<Object>) () -> PriorityClass.builder()
            .metadata(ObjectMeta.named("high")).value(1000).globalDefault(true).preemptionPolicy(PriorityClass.NEVER)
            .build(),
            (Function<Object, Object>) o -> ((PriorityClass) o).toBuilder().build()),
        Arguments.of(named("ResourcePoolStatusRequestSpec", POOL_STATUS), (Supplier<Object>) () ->
            ResourcePoolStatusRequestSpec.builder()
                .driver("gpu.example.com").poolName("pool-a").limit(10)
                .defaultPartitionTypeAttribute("gpu.example.com/partition")
                .build(),
            (Function<Object, Object>) o -> ((ResourcePoolStatusRequestSpec) o).toBuilder().build()),
        Arguments.of(named("PodController", STATEFUL_SET), (Supplier<Object>) () -> PodController.builder()
            .kind("StatefulSet").metadata(ObjectMeta.named("ns", "db")).replicas(3).ordinalsStart(1)
            .template(STATEFUL_SET.template()).selector(STATEFUL_SET.selector())
            .build(),
            (Function<Object, Object>) o -> ((PodController) o).toBuilder().build()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("records")
  void builder_buildsTheSameRecordAsTheConstructor(Object expected, Supplier<Object> built, Function<Object, Object> copy) {
    assertThat(built.get()).isEqualTo(expected);
    assertThat(copy.apply(expected)).isEqualTo(expected).isNotSameAs(expected);
  }

  /* --- builders validate in the record's constructor --- */

  static Stream<Arguments> missingRequired() {
    return Stream.concat(apiMissingRequired(), SubpackageBuildersTest.missingRequired());
  }

  private static Stream<Arguments> apiMissingRequired() {
    return Stream.of(
        Arguments.of(named("NodeAllocatableResourceClaimStatus", (Supplier<Object>) () ->
            NodeAllocatableResourceClaimStatus.builder().addContainer("main").build()), "resourceClaimName"),
        Arguments.of(named("TopologySpreadConstraint without topologyKey", (Supplier<Object>) () ->
            TopologySpreadConstraint.builder().whenUnsatisfiable(TopologySpreadConstraint.SCHEDULE_ANYWAY).build()),
            "topologyKey"),
        Arguments.of(named("TopologySpreadConstraint without whenUnsatisfiable", (Supplier<Object>) () ->
            TopologySpreadConstraint.builder().maxSkew(1).topologyKey("zone").build()), "whenUnsatisfiable"),
        Arguments.of(named("PodAffinityTerm", (Supplier<Object>) () ->
            PodAffinityTerm.builder().labelSelector(WEB).build()), "topologyKey"),
        Arguments.of(named("OwnerReference", (Supplier<Object>) () ->
            OwnerReference.builder().apiVersion("v1").name("pod-0").build()), "kind"),
        Arguments.of(named("Container", (Supplier<Object>) () -> Container.builder().addPort(PORT).build()), "name"),
        Arguments.of(named("DeviceCounterConsumption", (Supplier<Object>) () ->
            DeviceCounterConsumption.builder().putCounter("mem", Counter.of("1")).build()), "counterSet"),
        Arguments.of(named("PriorityClass", (Supplier<Object>) () -> PriorityClass.builder().value(1).build()),
            "metadata"),
        Arguments.of(named("ResourcePoolStatusRequestSpec", (Supplier<Object>) () ->
            ResourcePoolStatusRequestSpec.builder().limit(5).build()), "driver"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("missingRequired")
  void missingRequiredComponent_failsAsTheConstructorFails(Supplier<Object> build, String component) {
    assertThatThrownBy(build::get).isInstanceOf(NullPointerException.class).hasMessage(component);
  }

  @Test
  void builtRecords_areNormalizedAsTheConstructorNormalizes() {
    assertThat(REF.toBuilder().namespace("").build().namespace()).isNull();
    assertThat(ObjectRef.builder().kind("Node").name("node-1").build()).isEqualTo(ObjectRef.of("Node", null, "node-1"));
    assertThat(CONSUMPTION.toBuilder().build().counters().keySet()).containsExactly("cores", "mem");
    assertThat(Container.builder().name("main").build()).isEqualTo(Container.of("main", ResourceRequirements.EMPTY));
    assertThat(PodStatus.builder().build()).isEqualTo(PodStatus.EMPTY);
    assertThat(Toleration.builder().build()).isEqualTo(new Toleration(null, null, null, null, null));
    assertThat(ResourcePoolStatusRequestSpec.builder().driver("d").build()).isEqualTo(ResourcePoolStatusRequestSpec.of("d"));
    assertThat(PriorityClass.builder().metadata(ObjectMeta.named("low")).value(5).build())
        .isEqualTo(PriorityClass.of("low", 5));
  }

  @Test
  void newBuilders_rejectNullRequiredValuesAndElements() {
    assertThatThrownBy(() -> PodStatus.builder().addCondition(null))
        .isInstanceOf(NullPointerException.class).hasMessage("conditions item");
    assertThatThrownBy(() -> DeviceCounterConsumption.builder().putCounter("mem", null))
        .isInstanceOf(NullPointerException.class).hasMessage("counters value");
    assertThatThrownBy(() -> ObjectRef.builder().name(null))
        .isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> Container.builder().resources(null))
        .isInstanceOf(NullPointerException.class).hasMessage("resources");
  }

  @Test
  void newBuilders_doNotShareStateWithBuiltRecords() {
    PodAffinityTerm.Builder b = AFFINITY.toBuilder();
    PodAffinityTerm first = b.build();

    b.addNamespace("c").matchLabelKeys(List.of());

    assertThat(first).isEqualTo(AFFINITY);
    assertThat(b.build().namespaces()).containsExactly("a", "b", "c");
    assertThat(b.build().matchLabelKeys()).isEmpty();
    assertThatThrownBy(() -> first.namespaces().add("d")).isInstanceOf(UnsupportedOperationException.class);
  }

  /* --- builder semantics --- */

  @Test
  void builtRecord_doesNotSeeLaterBuilderChanges() {
    Device.Builder b = DEVICE.toBuilder();
    Device first = b.build();

    b.addInclude("late").putAttribute("late", DeviceAttribute.ofBool(true)).addTaint(TAINT).name("other");

    assertThat(first).isEqualTo(DEVICE);
    assertThat(b.build().includes()).containsExactly("common", "mem", "late");
    assertThat(b.build().name()).isEqualTo("other");
  }

  @Test
  void builtCollections_areImmutable() {
    Device d = Device.builder().name("x").addInclude("a").putAttribute("k", DeviceAttribute.ofInt(1)).build();

    assertThatThrownBy(() -> d.includes().add("b")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> d.attributes().put("j", DeviceAttribute.ofInt(2)))
        .isInstanceOf(UnsupportedOperationException.class);
    ObjectMeta m = ObjectMeta.builder().putLabel("a", "b").build();
    assertThatThrownBy(() -> m.labels().clear()).isInstanceOf(UnsupportedOperationException.class);
    ResourceSliceSpec s = SPEC.toBuilder().build();
    assertThatThrownBy(() -> s.devices().remove(0)).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void listSetter_replaces_addAppends() {
    Device d = DEVICE.toBuilder().includes(List.of("x")).addInclude("y").taints(List.of()).build();

    assertThat(d.includes()).containsExactly("x", "y");
    assertThat(d.taints()).isEmpty();
  }

  @Test
  void mapSetter_replaces_putOverwrites() {
    Device d = DEVICE.toBuilder()
        .attributes(Map.of("a", DeviceAttribute.ofInt(1)))
        .putAttribute("a", DeviceAttribute.ofInt(2))
        .build();

    assertThat(d.attributes()).containsExactly(Map.entry("a", DeviceAttribute.ofInt(2)));
  }

  @Test
  void nullableSetter_clears() {
    Device d = DEVICE.toBuilder().nodeName(null).nodeSelector(null).build();

    assertThat(d.nodeName()).isNull();
    assertThat(d.nodeSelector()).isNull();
  }

  @Test
  void missingRequiredComponent_failsInTheConstructor() {
    assertThatThrownBy(() -> Device.builder().build())
        .isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> ResourceSliceSpec.builder().driver("d").build())
        .isInstanceOf(NullPointerException.class).hasMessage("pool");
    assertThatThrownBy(() -> DeviceTaint.builder().key("k").build())
        .isInstanceOf(NullPointerException.class).hasMessage("effect");
  }

  @Test
  void requiredSetters_andElements_rejectNull() {
    assertThatThrownBy(() -> Device.builder().name(null)).isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> Device.builder().addInclude(null))
        .isInstanceOf(NullPointerException.class).hasMessage("includes item");
    assertThatThrownBy(() -> ObjectMeta.builder().putLabel("a", null))
        .isInstanceOf(NullPointerException.class).hasMessage("labels value");
  }

  @Test
  void emptyBuilder_givesNullsAndEmptyDefaults() {
    ObjectMeta m = ObjectMeta.builder().build();
    DeviceToleration t = DeviceToleration.builder().build();

    assertThat(m).isEqualTo(new ObjectMeta(null, null, null, null, null, Map.of()));
    assertThat(t).isEqualTo(new DeviceToleration(null, null, null, null, null));
    assertThat(Device.builder().name("x").build())
        .isEqualTo(new Device("x", null, null, null, null, null, null, false, null, null, null, false, false));
  }

  /* --- claims and requests without nested constructors --- */

  @Test
  void claimBuilder_buildsTheSpecOfNestedRecords() {
    ResourceClaim claim = ResourceClaim.builder()
        .namespace("default").name("claim-0")
        .addRequest(DeviceRequest.builder().name("gpus")
            .exactly(ExactDeviceRequest.builder().deviceClassName("gpu.nvidia.com")
                .addSelector("device.attributes[\"gpu.nvidia.com\"].model == \"A100\"")
                .count(2)
                .build())
            .build())
        .addRequest(DeviceRequest.builder().name("any")
            .addFirstAvailable(DeviceSubRequest.builder().name("big").deviceClassName("gpu.nvidia.com")
                .addSelector("true").count(1).build())
            .addFirstAvailable(DeviceSubRequest.builder().name("small").deviceClassName("mig.nvidia.com").build())
            .build())
        .matchAttribute("gpu.nvidia.com/model", "gpus")
        .build();

    ResourceClaim expected = new ResourceClaim(ObjectMeta.named("default", "claim-0"),
        new ResourceClaimSpec(new DeviceClaim(List.of(
            new DeviceRequest("gpus", new ExactDeviceRequest("gpu.nvidia.com",
                List.of(DeviceSelector.cel("device.attributes[\"gpu.nvidia.com\"].model == \"A100\"")),
                null, 2L, null, List.of(), null), List.of()),
            new DeviceRequest("any", null, List.of(
                new DeviceSubRequest("big", "gpu.nvidia.com", List.of(DeviceSelector.cel("true")), null, 1L,
                    List.of(), null),
                new DeviceSubRequest("small", "mig.nvidia.com", List.of(), null, null, List.of(), null)))),
            List.of(DeviceConstraint.matchAttribute("gpu.nvidia.com/model", List.of("gpus"))),
            List.of())),
        null);
    assertThat(claim).isEqualTo(expected);
    assertThat(claim.name()).isEqualTo("claim-0");
  }

  @Test
  void claimBuilder_nameAndNamespace_keepTheOtherMetadata() {
    ResourceClaim claim = CLAIM.toBuilder().name("claim-1").namespace(null).build();

    assertThat(claim.metadata()).isEqualTo(new ObjectMeta("claim-1", null, "uid-1", null, null, Map.of("team", "a")));
    assertThat(claim.spec()).isEqualTo(CLAIM.spec());
  }

  @Test
  void claimBuilder_spec_replacesRequestsConstraintsAndConfig() {
    ResourceClaimSpec other = new ResourceClaimSpec(new DeviceClaim(List.of(), List.of(), List.of()));

    assertThat(CLAIM.toBuilder().spec(other).build().spec()).isEqualTo(other);
    assertThat(ResourceClaim.builder().name("c").spec(CLAIM.spec()).build().spec()).isEqualTo(CLAIM.spec());
  }

  @Test
  void countSetters_acceptIntLiterals_andNullClears() {
    assertThat(EXACT.toBuilder().count(5).build().count()).isEqualTo(5L);
    assertThat(EXACT.toBuilder().count(null).build().count()).isNull();
    assertThat(SUB.toBuilder().count(4).build().count()).isEqualTo(4L);
  }

  @Test
  void requestBuilder_requiresAName_andRejectsNullAlternatives() {
    assertThatThrownBy(() -> DeviceRequest.builder().exactly(EXACT).build())
        .isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> DeviceRequest.builder().addFirstAvailable(null))
        .isInstanceOf(NullPointerException.class).hasMessage("firstAvailable item");
    assertThatThrownBy(() -> ResourceClaim.builder().addRequest(null))
        .isInstanceOf(NullPointerException.class).hasMessage("requests item");
  }
}
