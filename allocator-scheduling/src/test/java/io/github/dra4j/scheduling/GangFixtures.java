package io.github.dra4j.scheduling;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;

/* YAML builders for the pod group tests: nodes with labels, GPU slices (whole or partitioned), groups and pods. */
final class GangFixtures {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  static final String CLASS = String.join("\n",
      "apiVersion: resource.k8s.io/v1",
      "kind: DeviceClass",
      "metadata: {name: gpu.example.com}",
      "spec: {selectors: [{cel: {expression: 'device.driver == \"gpu.example.com\"'}}]}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaimTemplate",
      "metadata: {name: one-gpu, namespace: demo}",
      "spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}}",
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaimTemplate",
      "metadata: {name: shared-gpu, namespace: demo}",
      "spec: {spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}}",
      "");

  private GangFixtures() {}

  static Cluster cluster(String... docs) throws Exception {
    return Cluster.of(CODEC.readAll(CLASS + "---\n" + String.join("---\n", docs), "test.yaml"));
  }

  static String node(String name, String... labels) {
    return "apiVersion: v1\nkind: Node\nmetadata: {name: " + name + ", labels: {" + String.join(", ", labels) + "}}\n";
  }

  /** A node-local slice of whole GPUs gpu-0 .. gpu-(n-1). */
  static String gpus(String node, int n) {
    List<String> devices = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      devices.add("{name: gpu-" + i + "}");
    }
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + node + "-gpus}\n"
        + "spec: {driver: gpu.example.com, nodeName: " + node + ", pool: {name: " + node
        + ", generation: 1, resourceSliceCount: 1}, devices: [" + String.join(", ", devices) + "]}\n";
  }

  /**
   * One partitionable GPU per entry of {@code parts}: the counter set {@code gpu-i} holds 4
   * units; each part is a device named {@code gpu-i-<part>} consuming its units ("full" 4,
   * "half-a"/"half-b" 2, "q0".."q3" 1), in the given order.
   */
  static String partitioned(String node, List<List<String>> parts) {
    List<String> sets = new ArrayList<>();
    List<String> devices = new ArrayList<>();
    for (int g = 0; g < parts.size(); g++) {
      sets.add("{name: gpu-" + g + ", counters: {units: {value: '4'}}}");
      for (String part : parts.get(g)) {
        devices.add("{name: gpu-" + g + "-" + part + ", consumesCounters: [{counterSet: gpu-" + g
            + ", counters: {units: {value: '" + units(part) + "'}}}]}");
      }
    }
    String pool = "pool: {name: " + node + ", generation: 1, resourceSliceCount: 2}";
    return "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + node + "-counters}\n"
        + "spec: {driver: gpu.example.com, nodeName: " + node + ", " + pool + ", sharedCounters: ["
        + String.join(", ", sets) + "]}\n---\n"
        + "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: " + node + "-parts}\n"
        + "spec: {driver: gpu.example.com, nodeName: " + node + ", " + pool + ", devices: ["
        + String.join(", ", devices) + "]}\n";
  }

  static int units(String part) {
    return part.equals("full") ? 4 : part.startsWith("half") ? 2 : 1;
  }

  static String gang(String name, int minCount, String extra) {
    return "apiVersion: scheduling.k8s.io/v1alpha2\nkind: PodGroup\nmetadata: {name: " + name + ", namespace: demo}\n"
        + "spec: {schedulingPolicy: {gang: {minCount: " + minCount + "}}" + extra + "}\n";
  }

  static String basic(String name) {
    return "apiVersion: scheduling.k8s.io/v1alpha2\nkind: PodGroup\nmetadata: {name: " + name + ", namespace: demo}\n"
        + "spec: {schedulingPolicy: {basic: {}}}\n";
  }

  /** A pod of a group with one claim per entry (entry name: template), each used by its container. */
  static String pod(String name, String group, String... claims) {
    List<String> entries = new ArrayList<>();
    List<String> uses = new ArrayList<>();
    for (String c : claims) {
      String[] kv = c.split(":", 2);
      entries.add("{name: " + kv[0] + ", resourceClaimTemplateName: " + kv[1] + "}");
      uses.add("{name: " + kv[0] + "}");
    }
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo}\nspec: {"
        + (group == null ? "" : "schedulingGroup: {podGroupName: " + group + "}, ")
        + "resourceClaims: [" + String.join(", ", entries) + "], containers: [{name: c, resources: {claims: ["
        + String.join(", ", uses) + "]}}]}\n";
  }

  static PodGroupScheduler groups(Cluster c, GangSearch search) {
    PodScheduler s = PodScheduler.builder(SchedulingFixtures.allocator()).cluster(c).build();
    return PodGroupScheduler.builder(s).podGroups(c.podGroups()).gangSearch(search).build();
  }
}
