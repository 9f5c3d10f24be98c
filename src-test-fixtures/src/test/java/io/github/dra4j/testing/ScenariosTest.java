package io.github.dra4j.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

final class ScenariosTest {
  private static final List<String> GATES = List.of(
      "DRAAdminAccess", "DRAConsumableCapacity", "DRADeviceBindingConditions",
      "DRAResourceClaimDeviceStatus", "DRADeviceTaints", "DRAListTypeAttributes",
      "DRAPartitionableDevices", "DRAPrioritizedList", "DRAResourceSliceMixins");

  static Stream<Named<Scenario>> scenarios() {
    return Stream.of(Scenarios.TRANSCRIBED, Scenarios.DIFFERENTIAL, Scenarios.UPSTREAM_NEW, Scenarios.DRA4J)
        .flatMap(folder -> Scenarios.all(folder).stream().map(s -> Named.of(folder + "/" + s.name(), s)));
  }

  @Test
  void all_loadsEveryCopiedScenario() {
    assertThat(Scenarios.all()).hasSize(Scenarios.names().size()).hasSizeGreaterThanOrEqualTo(184);
    assertThat(Scenarios.all()).extracting(Scenario::name).containsExactlyElementsOf(Scenarios.names());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {Scenarios.DIFFERENTIAL, Scenarios.UPSTREAM_NEW, Scenarios.DRA4J})
  void all_loadsEveryScenarioOfAFolder(String folder) {
    assertThat(Scenarios.all(folder)).isNotEmpty().extracting(Scenario::name)
        .containsExactlyElementsOf(Scenarios.names(folder));
    assertThat(Scenarios.load(folder, Scenarios.names(folder).get(0)).expect())
        .isEqualTo(Scenarios.all(folder).get(0).expect());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void all_scenarioFollowsTheFormat(Scenario s) {
    assertThat(s.featureGates()).containsOnlyKeys(GATES);
    assertThat(s.nodeObject().name()).isEqualTo(s.node());
    assertThat(s.objects()).allSatisfy(o -> assertThat(o.getClass().getPackageName()).isEqualTo("io.github.dra4j.api"));
    if (s.expect().outcome().equals(Expectation.ALLOCATED)) {
      assertThat(s.expect().results()).extracting(Expectation.Claim::claim)
          .containsExactlyElementsOf(s.claimsToAllocate().stream().map(ResourceClaim::name).toList());
    } else {
      assertThat(s.expect().results()).isEmpty();
    }
    assertThat(s.expect().errorContains() != null).isEqualTo(s.expect().outcome().equals(Expectation.ERROR));
  }

  @Test
  void load_readsHeaderAndExpectation() {
    Scenario s = Scenarios.load("claim-with-device-config");

    assertThat(s.node()).isEqualTo("node-1");
    assertThat(s.featureGates()).containsEntry("DRAAdminAccess", false).hasSize(9);
    assertThat(s.slices()).extracting(ResourceSlice::name).containsExactly("slice-1");
    Expectation.Claim claim = s.expect().results().get(0);
    assertThat(claim.claim()).isEqualTo("claim-0");
    assertThat(claim.nodeSelector()).isNotNull();
    assertThat(claim.devices()).singleElement().satisfies(d -> {
      assertThat(d.device()).isEqualTo("device-1");
      assertThat(d.shareID()).isFalse();
      assertThat(d.adminAccess()).isFalse();
      assertThat(d.consumedCapacity()).isNull();
    });
    assertThat(claim.config()).singleElement().satisfies(c -> {
      assertThat(c.source()).isEqualTo("FromClaim");
      assertThat(c.driver()).isEqualTo("driver-a");
      assertThat(c.parameters()).isNotNull();
      assertThat(c.parameters().json()).contains("deviceAttributeValue");
    });
  }

  @Test
  void load_resolvesYamlAliasesInTheHeader() {
    Scenario s = Scenarios.load("several-different-drivers");

    List<Expectation.Claim> results = s.expect().results();
    assertThat(results).hasSize(2);
    assertThat(results.get(0).nodeSelector()).isNotNull();
    assertThat(results.get(1).nodeSelector()).isEqualTo(results.get(0).nodeSelector());
  }

  @Test
  void load_synthesizesInUseClaimsFromTheHeader() {
    Scenario s = Scenarios.load("consumable-capacity-multi-allocatable-device-allocation-mode-all-in-use-insufficient");

    List<ResourceClaim> inUse = s.allocatedClaims();
    assertThat(inUse).singleElement().satisfies(c -> {
      assertThat(c.metadata().namespace()).isEqualTo("default");
      assertThat(c.name()).isEqualTo("in-use-0");
      assertThat(c.spec().devices().requests().get(0).exactly().deviceClassName()).isEqualTo("in-use");
      DeviceRequestAllocationResult r = c.allocation().devices().results().get(0);
      assertThat(r.request()).isEqualTo("in-use");
      assertThat(r.device()).isEqualTo("device-1");
      assertThat(r.shareID()).isNotBlank();
      assertThat(r.consumedCapacity()).isEqualTo(Map.of("capacity-0", Quantity.parse("1")));
    });
    assertThat(s.objects().get(s.objects().size() - 1)).isSameAs(inUse.get(0));
  }

  @Test
  void parse_numbersPlainSharedAndCapacityEntriesInOrder() {
    String text = String.join("\n",
        "apiVersion: scenario.dra4j.io/v1",
        "kind: AllocationScenario",
        "metadata: {name: synthetic}",
        "spec:",
        "  node: node-1",
        "  featureGates: {DRAConsumableCapacity: true}",
        "  allocatedCapacity:",
        "  - {driver: d, pool: p, device: c, capacity: {mem: 1Gi}}",
        "  allocatedSharedDevices:",
        "  - {driver: d, pool: p, device: b, shareID: aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa}",
        "  allocatedDevices:",
        "  - {driver: d, pool: p, device: a}",
        "expect: {outcome: Unsatisfiable}",
        "---",
        "apiVersion: v1",
        "kind: Node",
        "metadata: {name: node-1}",
        "");
    Scenario s = Scenarios.parse(text, "synthetic.yaml");

    assertThat(s.allocatedClaims()).extracting(ResourceClaim::name).containsExactly("in-use-0", "in-use-1", "in-use-2");
    assertThat(s.allocatedClaims()).extracting(c -> c.allocation().devices().results().get(0).device())
        .containsExactly("a", "b", "c");
    assertThat(s.allocatedClaims().get(1).allocation().devices().results().get(0).shareID())
        .isEqualTo("aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa");
    assertThat(s.allocatedClaims().get(2).allocation().devices().results().get(0).consumedCapacity())
        .containsEntry("mem", Quantity.parse("1073741824"));
    assertThat(s.featureGates()).containsExactly(Map.entry("DRAConsumableCapacity", true));
  }

  @Test
  void parse_rejectsAMissingOutcomeNamingTheSource() {
    String text = "apiVersion: scenario.dra4j.io/v1\nkind: AllocationScenario\nmetadata: {name: x}\n"
        + "spec: {node: 'n'}\nexpect: {}\n";
    assertThatThrownBy(() -> Scenarios.parse(text, "broken.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("broken.yaml")
        .hasMessageContaining("outcome");
  }

  @Test
  void parse_rejectsAnUnknownOutcome() {
    String text = "apiVersion: scenario.dra4j.io/v1\nkind: AllocationScenario\nmetadata: {name: x}\n"
        + "spec: {node: 'n'}\nexpect: {outcome: Maybe}\n";
    assertThatThrownBy(() -> Scenarios.parse(text, "maybe.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maybe.yaml")
        .hasMessageContaining("Maybe");
  }

  @Test
  void load_unknownScenario() {
    assertThatThrownBy(() -> Scenarios.load("no-such-scenario"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no-such-scenario");
  }
}
