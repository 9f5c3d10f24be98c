package io.github.dra4j.cel.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.Scenarios;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Fuzzes the allocator end to end on decoded objects, with the real CEL compiler: building a
 * snapshot and allocating either gives an outcome (one result per claim) or throws an
 * {@link AllocationException}, within a step budget, and leaves the inputs unchanged. It lives
 * here rather than in allocator-core because the scenarios' selectors need real CEL.
 *
 * <p>A scenario file (header first) runs as the conformance runner runs it: its node, feature
 * gates and in-use devices. Any other input runs with its first Node (or an empty node-1), its
 * claims with {@code status.allocation} in use and the others to allocate, once with every
 * feature gate on and once with all off.
 *
 * <p>{@code mvn verify} replays the seed corpus in {@code AllocatorFuzzTestInputs/allocate};
 * {@code docs/robustness.md} gives the fuzzing command.
 */
final class AllocatorFuzzTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final CelCompiler CEL = CelCompiler.create(256);
  private static final long STEP_BUDGET = 20_000;

  @FuzzTest(maxDuration = "2m")
  void allocate(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    Scenario scenario = scenario(text);
    if (scenario != null) {
      Features features;
      try {
        features = Features.all().with(scenario.featureGates());
      } catch (IllegalArgumentException e) {
        return;
      }
      run(features, scenario.nodeObject(), scenario.slices(), scenario.deviceClasses(),
          scenario.allocatedClaims(), scenario.claimsToAllocate());
      return;
    }
    List<Object> objects;
    try {
      objects = CODEC.readAll(text, "fuzz.yaml");
    } catch (DecodeException e) {
      return;
    }
    Node node = Node.of("node-1", Map.of());
    List<ResourceSlice> slices = new ArrayList<>();
    List<DeviceClass> classes = new ArrayList<>();
    List<ResourceClaim> allocated = new ArrayList<>();
    List<ResourceClaim> claims = new ArrayList<>();
    boolean nodeSeen = false;
    for (Object o : objects) {
      if (o instanceof Node && !nodeSeen) {
        node = (Node) o;
        nodeSeen = true;
      } else if (o instanceof ResourceSlice) {
        slices.add((ResourceSlice) o);
      } else if (o instanceof DeviceClass) {
        classes.add((DeviceClass) o);
      } else if (o instanceof ResourceClaim) {
        ResourceClaim claim = (ResourceClaim) o;
        (claim.allocation() == null ? claims : allocated).add(claim);
      }
    }
    run(Features.all(), node, slices, classes, allocated, claims);
    run(Features.none(), node, slices, classes, allocated, claims);
  }

  /** {@return the scenario, or null when the text is no scenario with its node} */
  private static @Nullable Scenario scenario(String text) {
    Scenario scenario;
    try {
      scenario = Scenarios.parse(text, "fuzz.yaml");
    } catch (IllegalArgumentException e) {
      return null;
    }
    boolean hasNode = scenario.objects().stream()
        .anyMatch(o -> o instanceof Node && ((Node) o).name().equals(scenario.node()));
    return hasNode ? scenario : null;
  }

  private static void run(Features features, Node node, List<ResourceSlice> slices,
      List<DeviceClass> classes, List<ResourceClaim> allocated, List<ResourceClaim> claims) {
    List<Object> before = List.of(List.copyOf(slices), List.copyOf(classes), List.copyOf(allocated),
        List.copyOf(claims), node);
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(features)
        .selectorCompiler(CEL)
        .build();
    AllocationOptions options = AllocationOptions.defaults()
        .withStepBudget(STEP_BUDGET)
        .withDeadline(Instant.now().plus(Duration.ofSeconds(10)));
    try {
      ClusterSnapshot snapshot = allocator.snapshot(slices, classes, allocated);
      AllocationOutcome outcome = snapshot.allocate(node, claims, options);
      if (outcome instanceof AllocationOutcome.Allocated) {
        assertThat(((AllocationOutcome.Allocated) outcome).results()).hasSameSizeAs(claims);
      } else {
        assertThat(((AllocationOutcome.Unsatisfiable) outcome).explanation().summary()).isNotBlank();
      }
    } catch (AllocationException e) {
      assertThat(e.getMessage()).isNotBlank();
    }
    assertThat(List.<Object>of(slices, classes, allocated, claims, node)).isEqualTo(before);
  }
}
