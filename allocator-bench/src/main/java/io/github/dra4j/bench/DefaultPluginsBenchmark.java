package io.github.dra4j.bench;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSpec;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.SchedulingResult;
import io.github.dra4j.simulation.Simulation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * What kube-scheduler's other default filter and score plugins add to a placement: {@link
 * SimulationBenchmark#placeOne}'s loop on DGX A100 MIG nodes.
 * <ul>
 *   <li>{@code dra-only}: as there, nodes without allocatable or taints, pods asking for one MIG
 *       device, the first feasible node chosen ({@link NodeScorer#first()}: the search stops at
 *       it).
 *   <li>{@code dra-scored}: the same cluster and pods placed as kube-scheduler places them with a
 *       profile whose only Filter and Score plugin is DynamicResources (a KubeSchedulerConfiguration
 *       that disables every other plugin): the feasible nodes its adaptive
 *       percentageOfNodesToScore looks for (420 of 1,000) are found, scored and one chosen. The
 *       baseline of {@code all-scored}: DRA alone as kube-scheduler runs it.
 *   <li>{@code all-plugins}: every node with allocatable cpu, memory and pods and every tenth
 *       tainted, every pod also requesting cpu and memory, tolerating the taint and holding no
 *       host port, so that NodeUnschedulable, TaintToleration, NodeAffinity, NodePorts and
 *       NodeResourcesFit all run and NodeResourcesFit counts every placement; the first feasible
 *       node chosen, as {@code dra-only}.
 *   <li>{@code all-scored}: {@code all-plugins} with spread and affinity, placed by
 *       kube-scheduler's default configuration ({@link NodeScorer#kubeScheduler()}): nodes in four
 *       zones, every pod labelled {@code app: train} with a DoNotSchedule zone spread constraint
 *       (maxSkew 100), a ScheduleAnyway one (maxSkew 1) and a preferred anti-affinity term per
 *       host for the pods of its app, so that PodTopologySpread and InterPodAffinity filter and
 *       every default score plugin scores the 420 feasible nodes.
 * </ul>
 * {@code all-scored} against {@code dra-scored} is what the other default plugins cost under the
 * same placement policy; against {@code dra-only} it also pays for scoring 420 nodes rather than
 * taking the first. Compare the medians in the same run.
 *
 * <p>Run: {@code java -jar benchmarks.jar DefaultPluginsBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 3, time = 2, timeUnit = TimeUnit.SECONDS)
public class DefaultPluginsBenchmark {
  @Param({"1000"})
  int nodes;

  @Param({"dra-only", "dra-scored", "all-plugins", "all-scored"})
  String plugins;

  private StructuredAllocator allocator;
  private Simulation simulation;
  private ClusterSnapshot built;
  private List<Node> clusterNodes;
  private PodScheduler scheduler;
  private int next;

  /** Builds the cluster and places the first pods. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = Allocations.allocator();
    simulation = SimulationBenchmark.simulation(allocator, nodes);
    built = allocator.snapshot(simulation.slices(), DgxA100.classes(), List.of());
    clusterNodes = draAlone() ? simulation.cluster().nodes() : withAllocatable(simulation.cluster().nodes());
    restart();
    if (!(scheduler.schedule(pod(next++)) instanceof SchedulingResult.Scheduled)) {
      throw new IllegalStateException("the first pod was not placed");
    }
  }

  private boolean draAlone() {
    return plugins.equals("dra-only") || plugins.equals("dra-scored");
  }

  private static List<Node> withAllocatable(List<Node> plain) {
    List<Node> out = new ArrayList<>(plain.size());
    for (int i = 0; i < plain.size(); i++) {
      Node n = plain.get(i);
      List<Taint> taints = i % 10 == 0 ? List.of(new Taint("dedicated", "ml", Taint.NO_SCHEDULE)) : List.of();
      ObjectMeta meta = n.metadata().toBuilder().putLabel("topology.kubernetes.io/zone", "zone-" + i % 4)
          .putLabel("kubernetes.io/hostname", Objects.requireNonNull(n.name())).build();
      out.add(new Node(meta, new NodeSpec(null, taints), new NodeStatus(List.of(),
          Map.of("cpu", Quantity.parse("256"), "memory", Quantity.parse("2Ti"), "pods", Quantity.parse("110")))));
    }
    return List.copyOf(out);
  }

  /* Starts again on the empty cluster, with nothing remembered. */
  private void restart() {
    scheduler = PodScheduler.builder(allocator)
        .cluster(simulation.cluster().toBuilder().nodes(clusterNodes).templates(SimulationBenchmark.templates()).build())
        .scorer(plugins.equals("all-scored") ? NodeScorer.kubeScheduler() : NodeScorer.first())
        .configuration(plugins.equals("dra-scored") ? DRA_ONLY_PROFILE : null)
        .snapshot(allocator.snapshot(built, simulation.slices(), DgxA100.classes(), List.of()))
        .build();
  }

  private Pod pod(int i) {
    Pod pod = SimulationBenchmark.pod(i);
    if (draAlone()) {
      return pod;
    }
    ResourceRequirements requests = new ResourceRequirements(Map.of(),
        Map.of("cpu", Quantity.parse("2"), "memory", Quantity.parse("16Gi")), List.of());
    PodSpec.Builder spec = pod.spec().toBuilder()
        .addContainer(new Container("main", requests))
        .addToleration(new Toleration("dedicated", Toleration.EXISTS, null, Taint.NO_SCHEDULE, null));
    if (!plugins.equals("all-scored")) {
      return new Pod(pod.metadata(), spec.build(), pod.status());
    }
    spec.affinity(SPREAD_AND_AFFINITY.spec().affinity());
    SPREAD_AND_AFFINITY.spec().topologySpreadConstraints().forEach(spec::addTopologySpreadConstraint);
    return new Pod(pod.metadata().toBuilder().putLabel("app", "train").build(), spec.build(), pod.status());
  }

  /* The spread constraints and the affinity term of an all-scored pod. */
  private static final Pod SPREAD_AND_AFFINITY = read(String.join("\n",
      "apiVersion: v1", "kind: Pod", "metadata: {name: template}", "spec:", "  containers: [{name: c}]",
      "  topologySpreadConstraints:",
      "  - {maxSkew: 100, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule,"
          + " labelSelector: {matchLabels: {app: train}}}",
      "  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: ScheduleAnyway,"
          + " labelSelector: {matchLabels: {app: train}}}",
      "  affinity:",
      "    podAntiAffinity:",
      "      preferredDuringSchedulingIgnoredDuringExecution:",
      "      - weight: 10",
      "        podAffinityTerm: {topologyKey: kubernetes.io/hostname, labelSelector: {matchLabels: {app: train}}}",
      ""));

  /* kube-scheduler's default profile with every Filter and Score plugin but DynamicResources disabled. */
  private static final SchedulerConfiguration DRA_ONLY_PROFILE = configuration(String.join("\n",
      "apiVersion: kubescheduler.config.k8s.io/v1", "kind: KubeSchedulerConfiguration", "profiles:",
      "- schedulerName: default-scheduler", "  plugins:",
      "    filter: {disabled: [{name: '*'}], enabled: [{name: DynamicResources}]}",
      "    score: {disabled: [{name: '*'}], enabled: [{name: DynamicResources}]}", ""));

  private static SchedulerConfiguration configuration(String yaml) {
    try {
      return SchedulerConfigurationReader.read(yaml, "dra-scored", KubernetesCodec.create());
    } catch (DecodeException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Pod read(String yaml) {
    try {
      return KubernetesCodec.create().read(yaml, Pod.class);
    } catch (DecodeException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@return the node the next pod went to} */
  @Benchmark
  public String placeOne() {
    SchedulingResult r = scheduler.schedule(pod(next++));
    if (r instanceof SchedulingResult.Scheduled s) {
      return Objects.requireNonNull(s.node().name());
    }
    restart(); // the cluster is full
    return "";
  }
}
