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

  /* --- every builder reproduces its record from scratch and via toBuilder --- */

  static Stream<Arguments> records() {
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
            (Function<Object, Object>) o -> ((ResourceClaimConsumerReference) o).toBuilder().build()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("records")
  void builder_buildsTheSameRecordAsTheConstructor(Object expected, Supplier<Object> built, Function<Object, Object> copy) {
    assertThat(built.get()).isEqualTo(expected);
    assertThat(copy.apply(expected)).isEqualTo(expected).isNotSameAs(expected);
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
