package io.github.dra4j.bench;

import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.SearchBudgetExceededException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A backtracking explosion ends by the step budget. 128 devices in 8 groups, and 9
 * requests that must take devices of distinct groups: every partial choice of up to 8 devices
 * works, so only the 9th request fails, and the search would walk 128·112·…·16 paths. The time
 * is for one {@code allocate} until it gives up after 1,000,000
 * steps, on an unchanged snapshot (selector results cached), so it is the cost of the search
 * steps themselves. It runs the plain search: with pruning, the distinctAttribute bound decides
 * this input at once.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh BacktrackingBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
public class BacktrackingBenchmark {
  static final String DRIVER = "driver-a";
  static final String CLASS = "class-a";
  static final int DEVICES = 128;
  static final int GROUPS = 8;
  /** The plain search: the bounds decide this input at once (HardInstancesBenchmark). */
  static final AllocationOptions PLAIN = AllocationOptions.defaults().withPruning(false).withStepBudget(1_000_000);

  private ClusterSnapshot snapshot;
  private Node node;
  private List<ResourceClaim> claims;

  /** Builds the slice and the claim and checks that the search ends by the step budget. */
  @Setup
  public void setup() {
    node = Node.of("node-0", Map.of());
    snapshot = Allocations.allocator().snapshot(List.of(slice()),
        List.of(Model.deviceClass(CLASS, "device.driver == \"" + DRIVER + "\"")), List.of());
    claims = List.of(claim());
    long steps = exhaustBudget();
    if (steps <= PLAIN.stepBudget()) {
      throw new IllegalStateException("stopped after " + steps + " steps");
    }
  }

  /** {@return the steps taken until the search stopped} */
  @Benchmark
  public long exhaustBudget() {
    try {
      var unused = snapshot.allocate(node, claims, PLAIN);
    } catch (SearchBudgetExceededException e) {
      return e.steps();
    }
    throw new IllegalStateException("the search ended before its step budget");
  }

  private ResourceSlice slice() {
    List<io.github.dra4j.api.Device> devices = new ArrayList<>(DEVICES);
    for (int i = 0; i < DEVICES; i++) {
      devices.add(Model.device("dev-" + i, Map.of("group", DeviceAttribute.ofInt(i % GROUPS)), Map.of(),
          List.of(), List.of()));
    }
    return Model.deviceSlice("slice-0", DRIVER, Objects.requireNonNull(node.name()), ResourcePool.of("pool-0", 1, 1),
        devices, null);
  }

  private static ResourceClaim claim() {
    List<DeviceRequest> requests = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i <= GROUPS; i++) {
      ExactDeviceRequest exactly = new ExactDeviceRequest(CLASS, List.of(), DeviceAllocationMode.EXACT_COUNT,
          1L, null, List.of(), null);
      requests.add(new DeviceRequest("req-" + i, exactly, List.of()));
      names.add("req-" + i);
    }
    return new ResourceClaim(ObjectMeta.named("default", "claim-0"), new ResourceClaimSpec(new DeviceClaim(
        requests, List.of(DeviceConstraint.distinctAttribute(DRIVER + "/group", names)), List.of())), null);
  }
}
