package io.github.dra4j.bench;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerResourceClaim;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSpec;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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
 * Upstream's scheduler_perf DRA workloads with a performance threshold
 * (kubernetes/kubernetes test/integration/scheduler_perf/dra/performance-config.yaml), scheduled
 * by {@link PodScheduler} with kube-scheduler's default filters and scoring ({@link
 * NodeScorer#kubeScheduler}). The cluster is upstream's: nodes {@code scheduler-perf-dra-N} with
 * 4 CPUs, 32Gi and 110 pods, and per node the test driver's slice of {@value #DEVICES_PER_NODE}
 * devices {@code instance-I} (model, family, driverVersion and numa attributes, 1Gi of memory);
 * DeviceClass {@code test-class} selects the driver, and each pod's claim comes from a template
 * for one device of it.
 * <ul>
 *   <li>{@link #schedulingWithResourceClaimTemplate} ({@code 5000pods_500nodes}): 500 nodes, 2,500
 *       pods placed first (untimed), then the 2,500 measured pods, which fill the cluster. Pods per
 *       second: 2,500 over the time per run.
 *   <li>{@link #steadyState} ({@code SteadyStateClusterResourceClaimTemplate}, {@code
 *       empty|half|full_500nodes}): 0, 2,500 or 4,990 claims allocated beforehand on random nodes
 *       (as upstream's allocResourceClaims op); then, per operation, 10 pods are scheduled and
 *       deleted (their claims released). Pods per second: 10 over the time per operation.
 * </ul>
 * Upstream's figures are pods per second through a real API server (etcd, watches, binding)
 * and kube-scheduler's queue; these place the same pods on the same objects in memory, so they
 * measure the scheduling decision alone (see docs/performance.md).
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh SchedulerPerfBenchmark}.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@Warmup(iterations = 5)
@Measurement(iterations = 5)
public class SchedulerPerfBenchmark {
  static final int NODES = 500;
  static final int DEVICES_PER_NODE = 10;
  static final int INIT_PODS = 2500;
  static final int MEASURE_PODS = 2500;
  static final int STEADY_PODS = 10;
  private static final String DRIVER = "test-driver.cdi.k8s.io";
  private static final String CLASS = "test-class";
  private static final String TEMPLATE = "test-claim-template";

  /** Nodes of the cluster: {@value #NODES}, fewer in the smoke test. */
  int nodes = NODES;
  private StructuredAllocator allocator;
  private Cluster cluster;
  private ClusterSnapshot built;
  private PodScheduler filled;
  private int next;

  @Setup(Level.Trial)
  public void setup() {
    allocator = Allocations.allocator();
    cluster = cluster(nodes, List.of());
    built = allocator.snapshot(cluster);
  }

  /** A scheduler with the first half of the pods placed, before each run of the measured half. */
  @Setup(Level.Invocation)
  public void placeInitPods() {
    filled = PodScheduler.builder(allocator).cluster(cluster).scorer(NodeScorer.kubeScheduler())
        .snapshot(allocator.snapshot(built, cluster.slices(), cluster.classes(), List.of())).build();
    for (int i = 0; i < nodes * DEVICES_PER_NODE / 2; i++) {
      requirePlaced(filled.schedule(pod("init", i)));
    }
  }

  /** {@return how many of the measured pods were placed: all of them, which fill the cluster} */
  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public int schedulingWithResourceClaimTemplate() {
    int placed = 0;
    for (int i = 0; i < nodes * DEVICES_PER_NODE / 2; i++) {
      placed += filled.schedule(pod("test", i)) instanceof SchedulingResult.Scheduled ? 1 : 0;
    }
    return placed;
  }

  /**
   * {@return the pods placed of the 10 scheduled and then deleted}
   *
   * @param steady the cluster with its claims allocated beforehand
   */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public int steadyState(Steady steady) {
    List<SchedulingResult.Scheduled> placed = new ArrayList<>(STEADY_PODS);
    for (int i = 0; i < STEADY_PODS; i++) {
      if (steady.scheduler.schedule(pod("test", next++)) instanceof SchedulingResult.Scheduled s) {
        placed.add(s);
      }
    }
    List<ResourceClaim> claims = new ArrayList<>();
    placed.forEach(s -> claims.addAll(s.claims()));
    steady.scheduler.removePods(placed.stream().map(SchedulingResult.Scheduled::pod).toList());
    steady.scheduler.release(claims);
    return placed.size();
  }

  /** The cluster with 0, half or all but 10 of its devices allocated to claims of namespace init. */
  @State(Scope.Benchmark)
  public static class Steady {
    @Param({"empty", "half", "full"})
    String fill;

    /** Nodes of the cluster: {@value SchedulerPerfBenchmark#NODES}, fewer in the smoke test. */
    int nodes = NODES;
    PodScheduler scheduler;

    @Setup(Level.Trial)
    public void setup() {
      StructuredAllocator allocator = Allocations.allocator();
      int devices = nodes * DEVICES_PER_NODE;
      int initClaims = switch (fill) {
        case "empty" -> 0;
        case "half" -> devices / 2;
        default -> devices - STEADY_PODS;
      };
      Cluster empty = cluster(nodes, List.of());
      ClusterSnapshot snapshot = allocator.snapshot(empty);
      List<ResourceClaim> allocated = new ArrayList<>();
      List<Node> shuffled = new ArrayList<>(empty.nodes());
      SplittableRandom random = new SplittableRandom(DgxA100.SEED);
      for (int c = 0; c < initClaims; c++) {
        ResourceClaim claim = claim("test-claim-" + c);
        for (int k = shuffled.size() - 1; k > 0; k--) {
          int j = random.nextInt(k + 1);
          shuffled.set(j, shuffled.set(k, shuffled.get(j)));
        }
        for (Node node : shuffled) {
          if (snapshot.allocate(node, List.of(claim)) instanceof AllocationOutcome.Allocated a) {
            ResourceClaim done = claim.withAllocation(a.results().get(0));
            allocated.add(done);
            snapshot = snapshot.withAllocated(List.of(done));
            break;
          }
        }
      }
      Cluster withClaims = cluster(nodes, allocated);
      scheduler = PodScheduler.builder(allocator).cluster(withClaims).scorer(NodeScorer.kubeScheduler())
          .snapshot(snapshot).build();
    }
  }

  private static void requirePlaced(SchedulingResult r) {
    if (!(r instanceof SchedulingResult.Scheduled)) {
      throw new IllegalStateException("an init pod was not placed: " + r);
    }
  }

  static Cluster cluster(int nodes, List<ResourceClaim> claims) {
    List<Node> nodeList = new ArrayList<>(nodes);
    List<ResourceSlice> slices = new ArrayList<>(nodes);
    Map<String, Quantity> allocatable = Map.of("cpu", Quantity.parse("4"), "memory", Quantity.parse("32Gi"),
        "pods", Quantity.parse("110"));
    for (int n = 0; n < nodes; n++) {
      String name = "scheduler-perf-dra-" + n;
      nodeList.add(new Node(ObjectMeta.builder().name(name).build(), new NodeSpec(null, List.of()),
          new NodeStatus(List.of(), allocatable)));
      slices.add(slice(name));
    }
    List<ResourceClaimTemplate> templates = List.of(template("init"), template("test"));
    return Cluster.builder().nodes(nodeList).slices(slices).classes(List.of(deviceClass())).templates(templates)
        .claims(claims).build();
  }

  /* The test driver's slice of a node (scheduler_perf's resourceSlice). */
  private static ResourceSlice slice(String node) {
    List<io.github.dra4j.api.Device> devices = new ArrayList<>(DEVICES_PER_NODE);
    for (int i = 0; i < DEVICES_PER_NODE; i++) {
      Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
      attributes.put("model", DeviceAttribute.ofString("A100"));
      attributes.put("family", DeviceAttribute.ofString("GPU"));
      attributes.put("driverVersion", DeviceAttribute.ofVersion("1.2.3"));
      attributes.put("dra.example.com/numa", DeviceAttribute.ofInt(i));
      devices.add(Model.device("instance-" + i, attributes, Map.of("memory", DeviceCapacity.of("1Gi")), List.of(),
          List.of()));
    }
    return Model.deviceSlice(node, DRIVER, node, ResourcePool.of(node, 0, 1), devices, null);
  }

  private static DeviceClass deviceClass() {
    return Model.deviceClass(CLASS, "device.driver == \"" + DRIVER + "\"");
  }

  private static ResourceClaim claim(String name) {
    ResourceClaim one = Model.claim(name, "req-0", CLASS, "true");
    return new ResourceClaim(ObjectMeta.named("init", name), one.spec(), null);
  }

  private static ResourceClaimTemplate template(String namespace) {
    ResourceClaim one = Model.claim(TEMPLATE, "req-0", CLASS, "true");
    return new ResourceClaimTemplate(ObjectMeta.named(namespace, TEMPLATE),
        new ResourceClaimTemplateSpec(ObjectMeta.builder().build(), new ResourceClaimSpec(one.spec().devices())));
  }

  static Pod pod(String namespace, int i) {
    Container pause = new Container("pause", new ResourceRequirements(Map.of(), Map.of(), List.of(
        ContainerResourceClaim.of("resource", null))), List.of(), null);
    return Pod.of(ObjectMeta.builder().name("test-dra-" + i).namespace(namespace).build(),
        PodSpec.builder().addContainer(pause).addResourceClaim(PodResourceClaim.ofTemplate("resource", TEMPLATE))
            .build());
  }
}
