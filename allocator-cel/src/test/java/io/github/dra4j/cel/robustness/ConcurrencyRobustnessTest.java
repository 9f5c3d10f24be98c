package io.github.dra4j.cel.robustness;

import static io.github.dra4j.testing.Builders.claim;
import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.node;
import static io.github.dra4j.testing.Builders.request;
import static io.github.dra4j.testing.Builders.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Builders.ClaimBuilder;
import io.github.dra4j.testing.Builders.DeviceBuilder;
import io.github.dra4j.testing.Builders.RequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many threads allocate different claim sets against one {@link ClusterSnapshot}: every answer
 * equals the one computed sequentially, so the snapshot, its counter caches and the CEL
 * compiler's cache (kept small here so that it evicts while threads compile) hold up under
 * contention.
 */
final class ConcurrencyRobustnessTest {
  private static final int THREADS = 8;
  private static final int ROUNDS = 16;
  private static final int CLAIM_SETS = 32;
  private static final String[] SELECTORS = {
    "device.attributes[\"driver-a\"].index % 2 == 0",
    "device.attributes[\"driver-a\"].index % 3 != 1",
    "device.attributes[\"driver-a\"].model == \"a100\"",
    "device.capacity[\"driver-a\"].memory.compareTo(quantity(\"40Gi\")) >= 0",
    "\"driver-a\" in device.attributes && device.attributes[\"driver-a\"].index > 20",
    "device.attributes[\"driver-a\"].missing == 1",
    "device.attributes[\"driver-a\"].index > 1000",
  };

  @Test
  void snapshot_sharedByThreads_answersAsSequentially() throws Exception {
    Node node = node("node-1");
    List<ResourceSlice> slices = new ArrayList<>();
    for (int s = 0; s < 4; s++) {
      DeviceBuilder[] devices = new DeviceBuilder[16];
      for (int i = 0; i < devices.length; i++) {
        int index = s * 16 + i;
        devices[i] = device("dev-" + index)
            .attr("index", index)
            .attr("model", index % 4 == 0 ? "h100" : "a100")
            .capacity("memory", index % 3 == 0 ? "80Gi" : "40Gi");
      }
      slices.add(slice("slice-" + s, "driver-a", "pool-" + s, "node-1", devices)
          .build());
    }
    List<DeviceClass> classes = List.of(
        deviceClass("gpu", "device.driver == \"driver-a\""),
        deviceClass("big", "device.driver == \"driver-a\"", SELECTORS[3]));
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(Features.all())
        .selectorCompiler(CelCompiler.create(4))
        .build();
    ClusterSnapshot snapshot = allocator.snapshot(slices, classes, List.of());

    List<List<ResourceClaim>> claimSets = claimSets(new Random(42));
    List<String> expected = new ArrayList<>();
    for (List<ResourceClaim> claims : claimSets) {
      expected.add(answer(snapshot, node, claims));
    }
    assertThat(expected).anyMatch(a -> a.startsWith("Allocated"))
        .anyMatch(a -> a.startsWith("Unsatisfiable"))
        .anyMatch(a -> a.startsWith("Error"));

    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<List<String>>> mismatches = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int seed = t;
        mismatches.add(pool.submit(() -> {
          Random random = new Random(seed);
          List<String> wrong = new ArrayList<>();
          for (int round = 0; round < ROUNDS; round++) {
            int i = random.nextInt(claimSets.size());
            String got = answer(snapshot, node, claimSets.get(i));
            if (!got.equals(expected.get(i))) {
              wrong.add("set " + i + ": expected " + expected.get(i) + " but got " + got);
            }
          }
          return wrong;
        }));
      }
      for (Future<List<String>> f : mismatches) {
        assertThat(f.get(2, TimeUnit.MINUTES)).isEmpty();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** {@return the outcome as comparable text: results, the explanation, or the error} */
  private static String answer(ClusterSnapshot snapshot, Node node, List<ResourceClaim> claims) {
    try {
      AllocationOutcome outcome = snapshot.allocate(node, claims);
      if (outcome instanceof AllocationOutcome.Allocated) {
        return "Allocated " + ((AllocationOutcome.Allocated) outcome).results();
      }
      return "Unsatisfiable " + ((AllocationOutcome.Unsatisfiable) outcome).explanation();
    } catch (AllocationException e) {
      return "Error " + e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  private static List<List<ResourceClaim>> claimSets(Random random) {
    List<List<ResourceClaim>> sets = new ArrayList<>();
    for (int s = 0; s < CLAIM_SETS; s++) {
      List<ResourceClaim> claims = new ArrayList<>();
      int numClaims = 1 + random.nextInt(3);
      for (int c = 0; c < numClaims; c++) {
        int numRequests = 1 + random.nextInt(2);
        RequestBuilder[] requests = new RequestBuilder[numRequests];
        List<String> names = new ArrayList<>();
        for (int r = 0; r < numRequests; r++) {
          String name = "req-" + r;
          names.add(name);
          requests[r] = request(name, random.nextInt(4) == 0 ? "big" : "gpu", 1 + random.nextInt(12))
              .selector(SELECTORS[random.nextInt(SELECTORS.length)]);
        }
        ClaimBuilder claim = claim("claim-" + c, requests);
        if (random.nextInt(3) == 0) {
          claim.matchAttribute("driver-a/model", names.toArray(String[]::new));
        }
        claims.add(claim.build());
      }
      sets.add(List.copyOf(claims));
    }
    return List.copyOf(sets);
  }
}
