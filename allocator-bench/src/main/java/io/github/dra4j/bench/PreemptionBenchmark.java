package io.github.dra4j.bench;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * What DefaultPreemption costs: nodes of one GPU and 8 cpus, each running a priority-0 pod that
 * holds the GPU through its claim and all the cpu. {@code preempt}: a priority-1000 pod asking
 * for a GPU fits no node, so the dry run tries 100 nodes (minCandidateNodesAbsolute), each with
 * the victim's claim freed on a derived snapshot, picks one and places the pod there. {@code fit}:
 * the same cluster with the last node's pod and claim gone, so the pod is placed there without
 * preemption; compare the two in the same run. The scheduler is rebuilt before each call.
 *
 * <p>Run: {@code java -jar benchmarks.jar PreemptionBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 3, time = 2, timeUnit = TimeUnit.SECONDS)
public class PreemptionBenchmark {
  @Param({"1000"})
  int nodes;

  @Param({"fit", "preempt"})
  String mode;

  private final KubernetesCodec codec = KubernetesCodec.create();
  private StructuredAllocator allocator;
  private Cluster cluster;
  private PodScheduler scheduler;
  private Pod pod;

  /** Builds the cluster's objects. */
  @Setup(Level.Trial)
  public void setup() throws DecodeException {
    allocator = Allocations.allocator();
    StringBuilder yaml = new StringBuilder("apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\n"
        + "spec: {}\n---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\n"
        + "metadata: {name: one-gpu, namespace: bench}\n"
        + "spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}}\n");
    int busy = mode.equals("fit") ? nodes - 1 : nodes;
    for (int i = 0; i < nodes; i++) {
      String n = "node-" + i;
      yaml.append("---\napiVersion: v1\nkind: Node\nmetadata: {name: ").append(n)
          .append("}\nstatus: {allocatable: {cpu: '8', memory: 64Gi, pods: '110'}}\n")
          .append("---\napiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: ").append(n)
          .append("}\nspec: {driver: gpu.example.com, nodeName: ").append(n).append(", pool: {name: ").append(n)
          .append(", generation: 1, resourceSliceCount: 1}, devices: [{name: gpu-0}]}\n");
      if (i < busy) {
        yaml.append("---\napiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: low-").append(i)
            .append(", namespace: bench}\nspec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu}}]}}\n")
            .append("status: {allocation: {devices: {results: [{request: gpu, driver: gpu.example.com, pool: ")
            .append(n).append(", device: gpu-0}]}}, reservedFor: [{resource: pods, name: low-").append(i)
            .append(", uid: uid-").append(i).append("}]}\n")
            .append("---\napiVersion: v1\nkind: Pod\nmetadata: {name: low-").append(i)
            .append(", namespace: bench, uid: uid-").append(i).append("}\nspec: {nodeName: ").append(n)
            .append(", priority: 0, resourceClaims: [{name: gpu, resourceClaimName: low-").append(i)
            .append("}], containers: [{name: c, resources: {requests: {cpu: '8'}}}]}\n");
      }
    }
    cluster = Cluster.of(codec.readAll(yaml.toString(), "bench.yaml"));
    pod = codec.read("apiVersion: v1\nkind: Pod\nmetadata: {name: high, namespace: bench}\nspec: {priority: 1000,"
        + " resourceClaims: [{name: gpu, resourceClaimTemplateName: one-gpu}],"
        + " containers: [{name: c, resources: {requests: {cpu: '4'}}}]}\n", Pod.class);
  }

  /** A new scheduler on the cluster, so that each call preempts. */
  @Setup(Level.Invocation)
  public void restart() {
    scheduler = PodScheduler.builder(allocator).cluster(cluster).build();
  }

  /** {@return the node the pod went to} */
  @Benchmark
  public String scheduleOne() {
    SchedulingResult r = scheduler.schedule(pod);
    if (!(r instanceof SchedulingResult.Scheduled s)) {
      throw new IllegalStateException("not placed: " + r);
    }
    return String.valueOf(s.node().name());
  }
}
