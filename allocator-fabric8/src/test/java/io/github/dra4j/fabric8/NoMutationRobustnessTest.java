package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.UnknownObject;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.Scenarios;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Allocation never modifies its inputs: for every conformance scenario, the fabric8 objects
 * converted with {@link Fabric8Adapters} and the records made from them are unchanged after
 * the snapshot is built and the claims are allocated, and the answer equals the one for the
 * scenario's own records (the conversion loses nothing the allocator reads).
 */
final class NoMutationRobustnessTest {
  private static final CelCompiler CEL = CelCompiler.create();

  @Test
  void scenarios_fabric8InputsAndRecords_unchangedByAllocation() {
    for (Scenario s : Scenarios.all()) {
      List<HasMetadata> fabric8 = new ArrayList<>();
      for (Object o : s.objects()) {
        if (!(o instanceof UnknownObject)) {
          fabric8.add(Fabric8AdaptersRoundTripTest.toFabric8(o));
        }
      }
      List<HasMetadata> pristine = fabric8.stream().map(Fabric8Yaml.SERIALIZATION::clone).toList();

      List<ResourceSlice> slices = new ArrayList<>();
      List<DeviceClass> classes = new ArrayList<>();
      List<ResourceClaim> allocated = new ArrayList<>();
      List<ResourceClaim> claims = new ArrayList<>();
      for (HasMetadata o : fabric8) {
        Object r = Fabric8AdaptersRoundTripTest.toRecord(o);
        if (r instanceof ResourceSlice) {
          slices.add((ResourceSlice) r);
        } else if (r instanceof DeviceClass) {
          classes.add((DeviceClass) r);
        } else if (r instanceof ResourceClaim) {
          ResourceClaim c = (ResourceClaim) r;
          (c.allocation() == null ? claims : allocated).add(c);
        }
      }
      List<Object> records = List.of(List.copyOf(slices), List.copyOf(classes), List.copyOf(allocated),
          List.copyOf(claims));

      Features features = Features.all().with(s.featureGates());
      String viaFabric8 = answer(features, s.nodeObject(), slices, classes, allocated, claims);
      String direct = answer(features, s.nodeObject(), s.slices(), s.deviceClasses(), s.allocatedClaims(),
          s.claimsToAllocate());

      assertThat(viaFabric8).as("scenario %s: same answer via fabric8", s.name()).isEqualTo(direct);
      assertThat(fabric8).as("scenario %s: fabric8 objects unchanged", s.name()).isEqualTo(pristine);
      assertThat(List.<Object>of(slices, classes, allocated, claims))
          .as("scenario %s: records unchanged", s.name()).isEqualTo(records);
    }
  }

  private static String answer(Features features, Node node, List<ResourceSlice> slices,
      List<DeviceClass> classes, List<ResourceClaim> allocated, List<ResourceClaim> claims) {
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(features)
        .selectorCompiler(CEL)
        .build();
    try {
      ClusterSnapshot snapshot = allocator.snapshot(slices, classes, allocated);
      AllocationOutcome outcome = snapshot.allocate(node, claims);
      if (outcome instanceof AllocationOutcome.Allocated) {
        // Share IDs are random UUIDs, as in the reference.
        return ("Allocated " + ((AllocationOutcome.Allocated) outcome).results())
            .replaceAll("shareID=[0-9a-f-]{36}", "shareID=<uuid>");
      }
      return "Unsatisfiable " + ((AllocationOutcome.Unsatisfiable) outcome).explanation().summary();
    } catch (AllocationException e) {
      return "Error " + e.getMessage();
    }
  }
}
