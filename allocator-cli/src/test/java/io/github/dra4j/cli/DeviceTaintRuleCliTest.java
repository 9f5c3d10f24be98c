package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.io.KubernetesCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/*
 * DeviceTaintRules through the CLI: the example driver's demo rule taints every gpu.example.com
 * device NoExecute; the kube-scheduler then allocates only to a claim that tolerates it.
 */
final class DeviceTaintRuleCliTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final Path DEMO = Path.of("../../shared/real-world/dra-example-driver");
  private static final Path DERIVED = Path.of("../../shared/real-world/repro/derived");

  private static final String NODE = """
      apiVersion: v1
      kind: Node
      metadata: {name: kind-worker}
      """;
  private static final String CLASS = """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata: {name: gpu.example.com}
      spec:
        selectors:
        - cel: {expression: "device.driver == 'gpu.example.com'"}
      """;
  private static final String SLICE = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata: {name: kind-worker-gpu}
      spec:
        driver: gpu.example.com
        nodeName: kind-worker
        pool: {name: kind-worker, generation: 1, resourceSliceCount: 1}
        devices:
        - name: gpu-0
        - name: gpu-1
      """;
  private static final String RULE = """
      apiVersion: resource.k8s.io/v1beta2
      kind: DeviceTaintRule
      metadata: {name: example}
      spec:
        deviceSelector: {driver: gpu.example.com}
        taint: {key: gpu.example.com/unhealthy, value: "true", effect: NoExecute}
      """;
  private static final String WITHOUT_TOLERATION = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: pod-without-toleration-gpu, namespace: demo}
      spec:
        devices:
          requests:
          - name: gpu
            exactly: {deviceClassName: gpu.example.com}
      """;
  private static final String WITH_TOLERATION = """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: pod-with-toleration-gpu, namespace: demo}
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.example.com
              tolerations:
              - {key: gpu.example.com/unhealthy, operator: Equal, value: "true", effect: NoExecute}
      """;

  private static Cli.Result allocate(String gates, String... documents) {
    return Cli.stdin(String.join("---\n", documents), "allocate", "--node", "kind-worker", "--feature-gates", gates,
        "-f", "-", "-o", "json");
  }

  @Test
  void withoutToleration_unsatisfiable_explainNamesTheRule() {
    Cli.Result r = Cli.stdin(String.join("---\n", NODE, CLASS, SLICE, RULE, WITHOUT_TOLERATION),
        "allocate", "--node", "kind-worker", "-f", "-", "--explain");
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_UNSATISFIABLE);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("DRADeviceTaintRules=true")
        .contains("2 untolerated taint: gpu.example.com/kind-worker/gpu-0, gpu.example.com/kind-worker/gpu-1")
        .contains("taint gpu.example.com/unhealthy=true:NoExecute (DeviceTaintRule example)");
  }

  @Test
  void withToleration_allocated_tolerationInResult() throws Exception {
    Cli.Result r = allocate("DRADeviceTaintRules=true", NODE, CLASS, SLICE, RULE, WITH_TOLERATION);
    assertThat(r.exit()).as(r.toString()).isZero();
    ResourceClaim claim = (ResourceClaim) CODEC.readAll(r.out(), "stdout").get(0);
    assertThat(claim.allocation().devices().results()).singleElement().satisfies(d -> {
      assertThat(d.device()).isEqualTo("gpu-0");
      assertThat(d.tolerations()).containsExactly(
          new DeviceToleration("gpu.example.com/unhealthy", "Equal", "true", "NoExecute", null));
    });
  }

  @Test
  void gateOff_ruleIgnored() throws Exception {
    Cli.Result r = allocate("DRADeviceTaintRules=false", NODE, CLASS, SLICE, RULE, WITHOUT_TOLERATION);
    assertThat(r.exit()).as(r.toString()).isZero();
    ResourceClaim claim = (ResourceClaim) CODEC.readAll(r.out(), "stdout").get(0);
    assertThat(claim.allocation().devices().results()).extracting(DeviceRequestAllocationResult::device)
        .containsExactly("gpu-0");
  }

  @Test
  void taintsGateOff_ruleHasNoEffect() {
    Cli.Result r = allocate("DRADeviceTaints=false,DRADeviceTaintRules=true", NODE, CLASS, SLICE, RULE,
        WITHOUT_TOLERATION);
    assertThat(r.exit()).as(r.toString()).isZero();
  }

  @Test
  void validate_reportsRuleErrorsWithPaths() {
    Cli.Result r = Cli.stdin(RULE.replace("effect: NoExecute", "effect: PreferNoSchedule")
        .replace("driver: gpu.example.com", "driver: GPU_Example"), "validate", "-f", "-");
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).contains("DeviceTaintRule/example: spec.deviceSelector.driver: Invalid value: \"GPU_Example\"")
        .contains("DeviceTaintRule/example: spec.taint.effect: Unsupported value: \"PreferNoSchedule\"");
  }

  /*
   * The real-world case taint-rule-demo-claims without the demo's Namespace, Pod and
   * ResourceClaimTemplate file: the same rule, classes, node, slice (8 GPUs) and the two claims
   * derived from the templates. The claim without toleration blocks the call (exit 1).
   */
  @Test
  void demoFiles_derivedClaimsTogether_unsatisfiable() {
    Assumptions.assumeTrue(Files.isDirectory(DEMO) && Files.isDirectory(DERIVED), "no real-world files");
    Cli.Result r = Cli.run(demoArgs("DRADeviceTaints=true,DRADeviceTaintRules=true"));
    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_UNSATISFIABLE);
    assertThat(r.err()).contains("claim basic-resourceclaimtemplate/pod-without-toleration-gpu, request gpu:"
        + " 0 of 8 devices suitable, 1 needed; 8 untolerated taint (taint gpu.example.com/unhealthy=true:NoExecute"
        + " (DeviceTaintRule example))");

    Cli.Result off = Cli.run(demoArgs("DRADeviceTaints=true,DRADeviceTaintRules=false"));
    assertThat(off.exit()).as("gate off: both claims fit%n%s", off).isZero();
  }

  private static String[] demoArgs(String gates) {
    List<String> args = new ArrayList<>(List.of("allocate", "--node", "kind-worker", "--feature-gates", gates));
    for (Path f : List.of(DEMO.resolve("demo-device-taint-rule.yaml"), DEMO.resolve("deviceclasses.yaml"),
        DEMO.resolve("node.yaml"), DEMO.resolve("resourceslice-gpu.yaml"),
        DERIVED.resolve("example-driver-toleration.claims.yaml"))) {
      args.add("-f");
      args.add(f.toString());
    }
    return args.toArray(String[]::new);
  }
}
