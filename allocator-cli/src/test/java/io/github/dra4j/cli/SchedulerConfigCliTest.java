package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --config}: a KubeSchedulerConfiguration through {@code dra4j schedule} and {@code
 * headroom}, end to end: profiles picked by schedulerName, a scoring strategy, a disabled filter,
 * PodTopologySpread's default constraints, and a bad file refused with its path and rule.
 */
final class SchedulerConfigCliTest {
  private static final String NODES = String.join("\n",
      "apiVersion: v1", "kind: Node", "metadata: {name: busy}",
      "spec: {taints: [{key: maintenance, value: 'true', effect: NoSchedule}]}",
      "status: {allocatable: {cpu: '4', memory: 8Gi, pods: '10'}}", "---",
      "apiVersion: v1", "kind: Node", "metadata: {name: empty}",
      "status: {allocatable: {cpu: '4', memory: 8Gi, pods: '10'}}", "---",
      "apiVersion: v1", "kind: Pod", "metadata: {name: existing, namespace: demo}",
      "spec: {nodeName: busy, containers: [{name: c, resources: {requests: {cpu: '2', memory: 4Gi}}}]}", "");

  private static String pod(String name, String schedulerName) {
    return String.join("\n", "---", "apiVersion: v1", "kind: Pod", "metadata: {name: " + name + ", namespace: demo}",
        "spec: {" + (schedulerName == null ? "" : "schedulerName: " + schedulerName + ", ")
            + "containers: [{name: c, resources: {requests: {cpu: '1', memory: 1Gi}}}]}", "");
  }

  private static final String CONFIG = String.join("\n",
      "apiVersion: kubescheduler.config.k8s.io/v1",
      "kind: KubeSchedulerConfiguration",
      "profiles:",
      "- schedulerName: default-scheduler",
      "- schedulerName: packer",
      "  plugins:",
      "    filter: {disabled: [{name: TaintToleration}]}",
      "    score: {disabled: [{name: NodeResourcesBalancedAllocation}, {name: TaintToleration}]}",
      "  pluginConfig:",
      "  - name: NodeResourcesFit",
      "    args: {scoringStrategy: {type: MostAllocated}}", "");

  private static Cli.Result schedule(Path dir, String config, String pods, String... more) throws IOException {
    Path input = Files.writeString(dir.resolve("cluster.yaml"), NODES + pods);
    Path cfg = Files.writeString(dir.resolve("sched.yaml"), config);
    List<String> args = new java.util.ArrayList<>(List.of("schedule", "-o", "json", "--config", cfg.toString(), "-f",
        input.toString()));
    args.addAll(List.of(more));
    return Cli.run(args.toArray(new String[0]));
  }

  @Test
  void profiles_placeEachPodWithItsOwn(@TempDir Path dir) throws IOException {
    Cli.Result r = schedule(dir, CONFIG, pod("spread", null) + pod("pack", "packer") + pod("other", "gpu-scheduler"));
    assertThat(r.exit()).as("%s", r).isEqualTo(1);
    assertThat(placements(r)).containsExactly("spread empty", "pack busy", "other ");
    assertThat(r.err()).contains("pod demo/other: no profile has schedulerName \"gpu-scheduler\" (profiles:"
        + " default-scheduler, packer); kube-scheduler leaves the pod to the scheduler of that name");
  }

  @Test
  void withoutConfig_theTaintedNodeIsRefused(@TempDir Path dir) throws IOException {
    Path input = Files.writeString(dir.resolve("cluster.yaml"), NODES + pod("a", null) + pod("b", null));
    Cli.Result r = Cli.run("schedule", "-o", "json", "--scorer", "kube-scheduler", "-f", input.toString());
    assertThat(r.exit()).as("%s", r).isZero();
    assertThat(placements(r)).containsExactly("a empty", "b empty");
  }

  @Test
  void badConfig_isRefusedWithFilePathAndSuggestion(@TempDir Path dir) throws IOException {
    Cli.Result r = schedule(dir, CONFIG.replace("pluginConfig", "pluginConfigs"), pod("a", null));
    assertThat(r.exit()).as("%s", r).isEqualTo(2);
    assertThat(r.err()).contains("--config: ").contains("sched.yaml")
        .contains("profiles[1].pluginConfigs: unknown field \"pluginConfigs\", did you mean \"pluginConfig\"?");
    Cli.Result old = schedule(dir, CONFIG.replace("/v1", "/v1beta3"), pod("a", null));
    assertThat(old.exit()).isEqualTo(2);
    assertThat(old.err()).contains("unsupported apiVersion \"kubescheduler.config.k8s.io/v1beta3\"; supported:"
        + " kubescheduler.config.k8s.io/v1");
  }

  @Test
  void scorerOtherThanKubeScheduler_withConfig_isAUsageError(@TempDir Path dir) throws IOException {
    Cli.Result r = schedule(dir, CONFIG, pod("a", null), "--scorer", "most-allocated");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--scorer most-allocated with --config");
  }

  @Test
  void headroom_appliesTheProfilesFilters(@TempDir Path dir) throws IOException {
    Path input = Files.writeString(dir.resolve("cluster.yaml"), NODES + pod("ask", "packer"));
    Path cfg = Files.writeString(dir.resolve("sched.yaml"), CONFIG);
    Cli.Result without = Cli.run("headroom", "-f", input.toString(), "-o", "json");
    Cli.Result with = Cli.run("headroom", "--config", cfg.toString(), "-f", input.toString(), "-o", "json");
    assertThat(without.exit()).as("%s", without).isZero();
    assertThat(with.exit()).as("%s", with).isZero();
    // with the packer profile the tainted node takes pods too: its 2 free cpus add 2 pods
    assertThat(total(with.out())).isEqualTo(total(without.out()) + 2);
  }

  @Test
  void simulate_appliesTheConfigurationToEveryPolicy(@TempDir Path dir) throws IOException {
    Path sim = Path.of("..", "docs", "examples", "simulation", "dgx-mig.yaml");
    Path cfg = Files.writeString(dir.resolve("sched.yaml"), CONFIG);
    Cli.Result plain = Cli.stdin("", "simulate", "-f", sim.toString(), "-o", "json");
    Cli.Result configured = Cli.stdin("", "simulate", "--config", cfg.toString(), "-f", sim.toString(), "-o", "json");
    assertThat(plain.exit()).as("%s", plain).isZero();
    assertThat(configured.exit()).as("%s", configured).isZero();
    // the arrivals name no scheduler and the default profile is kube-scheduler's: the same answers
    assertThat(withoutTimes(configured.out())).isEqualTo(withoutTimes(plain.out()));
    Path bad = Files.writeString(dir.resolve("bad.yaml"), CONFIG.replace("MostAllocated", "MostAllocate"));
    Cli.Result refused = Cli.stdin("", "simulate", "--config", bad.toString(), "-f", sim.toString());
    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.err()).contains("profiles[1].pluginConfig[0].args.scoringStrategy.type: Unsupported value:"
        + " \"MostAllocate\"");
    Cli.Result scaleUp = Cli.stdin("", "simulate", "--config", cfg.toString(), "--scale-up", "dgx", "-f",
        sim.toString());
    assertThat(scaleUp.exit()).isEqualTo(2);
    assertThat(scaleUp.err()).contains("--config with --scale-up");
  }

  /** One full node with a low-priority pod; the pending pod outranks it. */
  private static final String FULL = String.join("\n",
      "apiVersion: v1", "kind: Node", "metadata: {name: only}", "status: {allocatable: {cpu: '1', pods: '10'}}", "---",
      "apiVersion: v1", "kind: Pod", "metadata: {name: filler, namespace: demo}",
      "spec: {nodeName: only, priority: 0, containers: [{name: c, resources: {requests: {cpu: 600m}}}]}", "---",
      "apiVersion: v1", "kind: Pod", "metadata: {name: urgent, namespace: demo}",
      "spec: {priority: 1000, containers: [{name: c, resources: {requests: {cpu: 600m}}}]}", "");

  @Test
  void postFilter_disabledInTheProfile_preemptsNothing(@TempDir Path dir) throws IOException {
    Path input = Files.writeString(dir.resolve("cluster.yaml"), FULL);
    String head = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";
    Path preempting = Files.writeString(dir.resolve("default.yaml"), head + "profiles:\n- pluginConfig:\n"
        + "  - name: DefaultPreemption\n    args: {minCandidateNodesPercentage: 50, minCandidateNodesAbsolute: 1}\n");
    Path none = Files.writeString(dir.resolve("none.yaml"), head
        + "profiles:\n- plugins: {postFilter: {disabled: [{name: '*'}]}}\n");
    Cli.Result on = Cli.run("schedule", "-o", "json", "--config", preempting.toString(), "-f", input.toString());
    assertThat(on.exit()).as("%s", on).isZero();
    assertThat(placements(on)).containsExactly("urgent only");
    assertThat(on.err()).contains("pod demo/urgent: preempted 1 pod on node only: demo/filler");
    Cli.Result off = Cli.run("schedule", "-o", "json", "--config", none.toString(), "-f", input.toString());
    assertThat(off.exit()).as("%s", off).isEqualTo(1);
    assertThat(placements(off)).containsExactly("urgent ");
    assertThat(off.err()).contains("0/1 nodes are available: 1 Insufficient cpu.").doesNotContain("preempt");
  }

  /** Two nodes of one rack; a Deployment of four replicas that its selector spreads by hostname. */
  private static String spreadCluster(String selector) {
    return String.join("\n",
        "apiVersion: v1", "kind: Node", "metadata: {name: big, labels: {kubernetes.io/hostname: big}}",
        "status: {allocatable: {cpu: '64', memory: 64Gi, pods: '10'}}", "---",
        "apiVersion: v1", "kind: Node", "metadata: {name: small, labels: {kubernetes.io/hostname: small}}",
        "status: {allocatable: {cpu: '8', memory: 8Gi, pods: '10'}}", "---",
        "apiVersion: apps/v1", "kind: Deployment", "metadata: {name: web, namespace: demo}",
        "spec:", "  replicas: 4", selector, "  template:", "    metadata: {labels: {app: web}}",
        "    spec: {containers: [{name: c, resources: {requests: {cpu: '1', memory: 1Gi}}}]}", "");
  }

  @Test
  void listDefaultConstraints_spreadAControllersPods(@TempDir Path dir) throws IOException {
    String head = "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\n";
    Path list = Files.writeString(dir.resolve("list.yaml"), head + "profiles:\n- pluginConfig:\n"
        + "  - name: PodTopologySpread\n    args:\n      defaultingType: List\n      defaultConstraints:\n"
        + "      - {maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: DoNotSchedule}\n");
    Path input = Files.writeString(dir.resolve("cluster.yaml"), spreadCluster("  selector: {matchLabels: {app: web}}"));
    Cli.Result spread = Cli.run("schedule", "-o", "json", "--config", list.toString(), "-f", input.toString());
    assertThat(spread.exit()).as("%s", spread).isZero();
    // the hard default constraint alternates the replicas, whatever NodeResourcesFit prefers
    assertThat(placements(spread)).containsExactly("web-0 big", "web-1 small", "web-2 big", "web-3 small");
    // a controller without a selector gives its pods no default constraints: the bigger node takes them all
    Path unselected = Files.writeString(dir.resolve("unselected.yaml"), spreadCluster("  minReadySeconds: 0"));
    Cli.Result free = Cli.run("schedule", "-o", "json", "--config", list.toString(), "-f", unselected.toString());
    assertThat(free.exit()).as("%s", free).isZero();
    assertThat(placements(free)).containsExactly("web-0 big", "web-1 big", "web-2 big", "web-3 big");
    // without --config the system defaults apply: the soft hostname spread (maxSkew 3, weight 2) outweighs
    // NodeResourcesFit's preference for big once big holds more replicas (web-1: spread 66 vs 100, fit 96 vs 87)
    Cli.Result system = Cli.run("schedule", "-o", "json", "--scorer", "kube-scheduler", "-f", input.toString());
    assertThat(system.exit()).as("%s", system).isZero();
    assertThat(placements(system)).containsExactly("web-0 big", "web-1 small", "web-2 big", "web-3 small");
  }

  private static String withoutTimes(String json) {
    return json.replaceAll("\"(seconds|wallSeconds|placementsPerSecond|arrivalsPerSecond)\" : [0-9.E-]+", "");
  }

  private static List<String> placements(Cli.Result r) throws IOException {
    List<String> out = new java.util.ArrayList<>();
    for (com.fasterxml.jackson.databind.JsonNode item : new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(r.out()).path("items")) {
      if (item.path("kind").asText().equals("Pod")) {
        out.add(item.path("metadata").path("name").asText() + " " + item.path("spec").path("nodeName").asText());
      }
    }
    return out;
  }

  private static int total(String json) throws IOException {
    return new com.fasterxml.jackson.databind.ObjectMapper().readTree(json).findValues("total").stream()
        .mapToInt(com.fasterxml.jackson.databind.JsonNode::asInt).max().orElse(-1);
  }
}
