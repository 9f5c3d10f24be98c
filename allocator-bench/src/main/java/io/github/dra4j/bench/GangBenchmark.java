package io.github.dra4j.bench;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodGroupSchedulingConstraints;
import io.github.dra4j.api.PodGroupSchedulingPolicy;
import io.github.dra4j.api.PodGroupSpec;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSchedulingGroup;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.GangSearch;
import io.github.dra4j.scheduling.PodGroupResult;
import io.github.dra4j.scheduling.PodGroupScheduler;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One workload scheduling cycle for a gang of 64 pods, each asking for all 8 GPUs of a DGX A100
 * node, on 1,000 DGX nodes ({@link DgxA100#cluster}, 30% of them busy with MIG devices, so a
 * whole GPU is taken there):
 * <ul>
 *   <li>{@code shape=fits}: no topology constraint; the gang is placed on 64 free nodes;
 *   <li>{@code shape=racks-too-small}: racks of 50 nodes as the topology constraint, so no rack
 *       holds 64 pods: every rack is tried (pods placed until minCount can no longer be met) and
 *       rolled back, and the group is proved impossible.
 * </ul>
 * {@code search=DEFAULT} is kube-scheduler's cycle; {@code search=JOINT} adds the joint search
 * when the default rejects, whose allocator calls are printed at the end of each trial. Warm, as
 * a scheduler that runs for a while is: one scheduler for the trial, and before each invocation
 * (outside the timing) the claims the previous cycle placed are released, so the nodes they used
 * are searched again and the others are remembered.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh GangBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 2, timeUnit = TimeUnit.SECONDS)
public class GangBenchmark {
  private static final int NODES = 1000;
  private static final int PODS = 64;
  private static final int RACK = 50;

  @Param({"fits", "racks-too-small"})
  String shape;

  @Param({"DEFAULT", "JOINT"})
  String search;

  private StructuredAllocator allocator;
  private Cluster cluster;
  private BenchCluster bench;
  private ClusterSnapshot built;
  private List<Pod> pods;
  private PodGroupScheduler groups;
  private PodGroupResult last;
  private long steps;
  private long cycles;
  private long unexpected;

  /** Builds the cluster once and checks the outcome the shape promises. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = Allocations.allocator();
    bench = DgxA100.cluster(NODES, DgxA100.SEED);
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < NODES; i++) {
      String name = DgxA100.nodeName(i);
      nodes.add(Node.of(name, Map.of("kubernetes.io/hostname", name, "rack", "r-" + (i / RACK))));
    }
    ExactDeviceRequest all = new ExactDeviceRequest(DgxA100.GPU_CLASS, List.of(DeviceSelector.cel("true")),
        DeviceAllocationMode.EXACT_COUNT, (long) DgxA100.GPUS, null, List.of(), null);
    ResourceClaimTemplate template = new ResourceClaimTemplate(ObjectMeta.named("default", "eight-gpus"),
        new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), new ResourceClaimSpec(
            new DeviceClaim(List.of(new DeviceRequest("gpus", all, List.of())), List.of(), List.of()))));
    PodGroupSpec.Builder spec = PodGroupSpec.builder().schedulingPolicy(PodGroupSchedulingPolicy.gangPolicy(PODS));
    if (shape.equals("racks-too-small")) {
      spec.schedulingConstraints(PodGroupSchedulingConstraints.topology("rack"));
    }
    PodGroup group = PodGroup.of(ObjectMeta.named("default", "train"), spec.build());
    pods = new ArrayList<>();
    for (int i = 0; i < PODS; i++) {
      pods.add(Pod.of(ObjectMeta.named("default", "train-" + i), PodSpec.builder()
          .schedulingGroup(PodSchedulingGroup.of("train"))
          .addResourceClaim(PodResourceClaim.ofTemplate("gpus", "eight-gpus")).build()));
    }
    cluster = bench.cluster().toBuilder().nodes(nodes).templates(List.of(template)).podGroups(List.of(group)).build();
    built = allocator.snapshot(bench.slices(), bench.classes(), bench.allocatedClaims());
    PodScheduler scheduler = PodScheduler.builder(allocator).cluster(cluster)
        .snapshot(allocator.snapshot(built, bench.slices(), bench.classes(), bench.allocatedClaims())).build();
    groups = PodGroupScheduler.builder(scheduler).podGroups(cluster.podGroups())
        .gangSearch(GangSearch.valueOf(search)).build();
    PodGroupResult r = cycle();
    if (r.scheduled() != shape.equals("fits")) {
      throw new IllegalStateException(shape + ": " + r.line());
    }
  }

  /** Frees what the previous cycle placed, as when its pods end. */
  @Setup(Level.Invocation)
  public void release() {
    List<ResourceClaim> placed = new ArrayList<>();
    for (SchedulingResult p : last.pods()) {
      if (p instanceof SchedulingResult.Scheduled s) {
        placed.addAll(s.claims());
      }
    }
    groups.podScheduler().release(placed);
  }

  /** {@return the group's result} */
  @Benchmark
  public PodGroupResult cycle() {
    PodGroupResult r = groups.scheduleAll(pods).groups().get(0);
    last = r;
    steps += r.jointSteps();
    cycles++;
    if (r.scheduled() != shape.equals("fits")) {
      unexpected++;
    }
    return r;
  }

  /**
   * Reports the joint search's allocator calls per cycle, and refuses a trial in which a cycle
   * decided otherwise than the shape promises (its time would be of another workload).
   */
  @TearDown(Level.Trial)
  public void report() {
    System.out.println("GangBenchmark " + shape + " " + search + ": joint search steps per cycle "
        + (cycles == 0 ? 0 : steps / cycles) + ", cycles " + cycles + ", decided otherwise " + unexpected);
    if (unexpected > 0) {
      throw new IllegalStateException(shape + ": " + unexpected + " of " + cycles + " cycles decided otherwise");
    }
  }
}
