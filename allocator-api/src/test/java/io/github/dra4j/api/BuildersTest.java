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
  void emptyBuilder_defaults() {
    ObjectMeta m = ObjectMeta.builder().build();
    DeviceToleration t = DeviceToleration.builder().build();

    assertThat(m).isEqualTo(new ObjectMeta(null, null, null, null, null, Map.of()));
    assertThat(t).isEqualTo(new DeviceToleration(null, null, null, null, null));
    assertThat(Device.builder().name("x").build())
        .isEqualTo(new Device("x", null, null, null, null, null, null, false, null, null, null, false, false));
  }
}
