package io.github.dra4j.testing;

import static io.github.dra4j.testing.Builders.CLASS;
import static io.github.dra4j.testing.Builders.DRIVER;
import static io.github.dra4j.testing.Builders.NODE;
import static io.github.dra4j.testing.Builders.POOL;
import static io.github.dra4j.testing.Builders.allocatedClaim;
import static io.github.dra4j.testing.Builders.claim;
import static io.github.dra4j.testing.Builders.consumption;
import static io.github.dra4j.testing.Builders.consumptionMixin;
import static io.github.dra4j.testing.Builders.counterSet;
import static io.github.dra4j.testing.Builders.counterSetMixin;
import static io.github.dra4j.testing.Builders.counterSlice;
import static io.github.dra4j.testing.Builders.counters;
import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.mixin;
import static io.github.dra4j.testing.Builders.node;
import static io.github.dra4j.testing.Builders.request;
import static io.github.dra4j.testing.Builders.result;
import static io.github.dra4j.testing.Builders.slice;
import static io.github.dra4j.testing.Builders.subRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.validation.Validator;
import java.util.List;
import org.junit.jupiter.api.Test;

final class BuildersTest {

  @Test
  void slice_withDevicesAndMixins_matchesTheYamlForm() throws Exception {
    ResourceSlice built = slice("slice-1", DRIVER, POOL, NODE,
        device("gpu-0").attr("model", "a100").attr("index", 0L).capacity("memory", "40Gi")
            .includes("common").consumes(consumption("set", counters(), "use")))
        .resourceSliceCount(2)
        .deviceMixins(mixin("common").attr("ecc", true))
        .consumptionMixins(consumptionMixin("use", counters("memory", "40Gi")))
        .build();
    ResourceSlice parsed = KubernetesCodec.create().read(String.join("\n",
        "apiVersion: resource.k8s.io/v1",
        "kind: ResourceSlice",
        "metadata: {name: slice-1}",
        "spec:",
        "  driver: driver-a",
        "  nodeName: node-1",
        "  pool: {name: pool-1, generation: 1, resourceSliceCount: 2}",
        "  mixins:",
        "    device:",
        "    - {name: common, attributes: {ecc: {bool: true}}}",
        "    deviceCounterConsumption:",
        "    - {name: use, counters: {memory: {value: 40Gi}}}",
        "  devices:",
        "  - name: gpu-0",
        "    attributes: {model: {string: a100}, index: {int: 0}}",
        "    capacity: {memory: {value: 40Gi}}",
        "    includes: [common]",
        "    consumesCounters: [{counterSet: set, includes: [use]}]"), ResourceSlice.class);
    assertThat(built).isEqualTo(parsed);
    assertThat(Validator.validate(built)).isEmpty();
  }

  @Test
  void device_setsEveryField() {
    Device d = device("d").attr("b", DeviceAttribute.ofBools(List.of(true)))
        .capacity("c", new DeviceCapacity(io.github.dra4j.api.Quantity.parse("1"), null))
        .consumes("set", "a", "1", "b", "2").nodeName(NODE).allNodes(true)
        .nodeSelector(Builders.nodeSelector("zone", "In", "a"))
        .taint("k", "v", "NoSchedule").bindingConditions("ready").bindingFailureConditions("failed")
        .bindsToNode(true).allowMultipleAllocations(true).build();
    assertThat(d.consumesCounters().get(0).counters())
        .containsEntry("a", Counter.of("1")).containsEntry("b", Counter.of("2"));
    assertThat(d.nodeName()).isEqualTo(NODE);
    assertThat(d.allNodes()).isTrue();
    assertThat(d.nodeSelector()).isNotNull();
    assertThat(d.taints()).singleElement().satisfies(t -> assertThat(t.effect())
        .isEqualTo("NoSchedule"));
    assertThat(d.bindingConditions()).containsExactly("ready");
    assertThat(d.bindingFailureConditions()).containsExactly("failed");
    assertThat(d.bindsToNode()).isTrue();
    assertThat(d.allowMultipleAllocations()).isTrue();
  }

  @Test
  void counterSlice_holdsOnlyCounterSets() {
    ResourceSlice s = counterSlice("counters", DRIVER, POOL, null,
        counterSet("gpu-0", counters(), "a100")).allNodes(true)
        .counterSetMixins(counterSetMixin("a100", counters("memory", "40Gi"))).build();
    assertThat(s.spec().devices()).isEmpty();
    assertThat(s.spec().sharedCounters()).singleElement()
        .satisfies(c -> assertThat(c.includes()).containsExactly("a100"));
    assertThat(Validator.validate(s)).isEmpty();
  }

  @Test
  void claim_buildsRequestsConstraintsAndConfig() {
    ResourceClaim c = claim("claim-0",
        request("req-0", CLASS, 2).selector("device.attributes['x'].y").toleration("k",
            "Exists", null, null).capacity("memory", "1Gi").adminAccess(true),
        request("req-1", subRequest("big", CLASS, 1), subRequest("small", "class-b", 2).all()))
        .matchAttribute("driver-a/model", "req-0", "req-1/big").config(DRIVER, "{\"a\":1}")
        .build();
    assertThat(c.metadata().namespace()).isEqualTo(Builders.NAMESPACE);
    DeviceRequest first = c.spec().devices().requests().get(0);
    assertThat(first.exactly()).isNotNull();
    assertThat(first.exactly().count()).isEqualTo(2L);
    assertThat(first.exactly().adminAccess()).isTrue();
    DeviceRequest second = c.spec().devices().requests().get(1);
    assertThat(second.exactly()).isNull();
    assertThat(second.firstAvailable()).extracting(s -> s.name()).containsExactly("big", "small");
    assertThat(second.firstAvailable().get(1).allocationMode()).isEqualTo("All");
    assertThat(second.firstAvailable().get(1).count()).isNull();
    assertThat(c.allocation()).isNull();
    assertThat(Validator.validate(c)).isEmpty();
  }

  @Test
  void allocatedClaim_hasOneRequestPerResultRequestAndTheResults() {
    ResourceClaim c = allocatedClaim("in-use", result("req-0", DRIVER, POOL, "d0"),
        result("req-0", DRIVER, POOL, "d1"), result("req-1/sub", DRIVER, POOL, "d2"));
    assertThat(c.spec().devices().requests()).extracting(DeviceRequest::name)
        .containsExactly("req-0", "req-1");
    assertThat(c.spec().devices().requests().get(0).exactly().count()).isEqualTo(2L);
    assertThat(c.allocation()).isNotNull();
    assertThat(c.allocation().devices().results()).extracting(r -> r.device())
        .containsExactly("d0", "d1", "d2");
  }

  @Test
  void deviceClassAndNode_carrySelectorsAndLabels() {
    DeviceClass k = deviceClass(CLASS, "device.driver == 'driver-a'");
    assertThat(k.spec().selectors()).singleElement()
        .satisfies(s -> assertThat(s.cel().expression()).isEqualTo("device.driver == 'driver-a'"));
    Node n = node(NODE, "zone", "a", "rack", "1");
    assertThat(n.metadata().labels()).containsEntry("zone", "a").containsEntry("rack", "1");
    assertThat(Builders.nodeSelector("zone", "In", "a").matches(n)).isTrue();
    assertThat(Builders.nodeNameSelector(NODE).matches(n)).isTrue();
  }

  @Test
  void pairs_mustBeEven() {
    assertThatThrownBy(() -> counters("memory")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("name/quantity pairs");
    assertThatThrownBy(() -> node("n", "zone")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("key/value pairs");
  }
}
