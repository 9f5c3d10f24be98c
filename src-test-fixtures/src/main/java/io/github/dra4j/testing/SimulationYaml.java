package io.github.dra4j.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * The YAML the simulation tests (of the library and of {@code dra4j simulate}) write their
 * Simulation documents in: the document around its parts, node groups of GPUs, and pod kinds that
 * claim GPUs. Each test keeps what it counts on paper (counts, devices, kinds) in its own text;
 * what every document repeats is here.
 */
public final class SimulationYaml {
  /** The DeviceClass {@code gpu}, selecting every device: the cluster objects of most tests. */
  public static final String GPU_CLASS = "    - {apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: gpu}, spec: {}}";

  private SimulationYaml() {}

  /**
   * A Simulation document.
   *
   * @param name its metadata.name
   * @param spec spec lines before the cluster (policies, sampleEvery), or ""
   * @param objects the cluster's objects, as list entries
   * @param nodeGroups the node groups, as list entries
   * @param workload the workload's fields
   * @return the document
   */
  public static String document(String name, String spec, String objects, String nodeGroups, String workload) {
    return String.join("\n",
        "apiVersion: simulation.dra4j.io/v1",
        "kind: Simulation",
        "metadata: {name: " + name + "}",
        "spec:",
        spec,
        "  cluster:",
        "    objects:",
        objects,
        "    nodeGroups:",
        nodeGroups,
        "  workload:",
        workload,
        "");
  }

  /**
   * A node group whose node has one ResourceSlice of whole devices.
   *
   * @param name the group's, node's and pool's name
   * @param count the group's node count
   * @param labels ", labels: {...}" for the node, or ""
   * @param devices the devices' names
   * @return the group, as a list entry
   */
  public static String wholeDevices(String name, int count, String labels, List<String> devices) {
    List<String> entries = new ArrayList<>();
    devices.forEach(d -> entries.add("{name: " + d + "}"));
    return String.join("\n",
        "    - name: " + name,
        "      count: " + count,
        "      node: {metadata: {name: " + name + labels + "}}",
        "      slices:",
        "      - metadata: {name: " + name + "-gpus}",
        "        spec: {driver: gpu.example.com, nodeName: " + name + ", pool: {name: " + name
            + ", generation: 1, resourceSliceCount: 1}, devices: [" + String.join(", ", entries) + "]}");
  }

  /**
   * Names numbered from 0.
   *
   * @param prefix what each name starts with
   * @param n how many
   * @return the names {@code <prefix>0} to {@code <prefix><n-1>}
   */
  public static List<String> names(String prefix, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(prefix + i);
    }
    return out;
  }

  /**
   * A node group whose node has GPUs g0, g1 and g2, each consuming one unit of the counter
   * {@code units} of the counter set {@code card}.
   *
   * @param name the group's, node's and pool's name
   * @param count the group's node count
   * @param units the counter set's units
   * @param labels ", labels: {...}" for the node, or ""
   * @return the group, as a list entry
   */
  public static String sharedCounterGpus(String name, int count, int units, String labels) {
    return String.join("\n",
        "    - name: " + name,
        "      count: " + count,
        "      node: {metadata: {name: " + name + labels + "}}",
        "      slices:",
        "      - metadata: {name: " + name + "-counters}",
        "        spec:",
        "          driver: gpu.example.com",
        "          nodeName: " + name,
        "          pool: {name: " + name + ", generation: 1, resourceSliceCount: 2}",
        "          sharedCounters: [{name: card, counters: {units: {value: '" + units + "'}}}]",
        "      - metadata: {name: " + name + "-gpus}",
        "        spec:",
        "          driver: gpu.example.com",
        "          nodeName: " + name,
        "          pool: {name: " + name + ", generation: 1, resourceSliceCount: 2}",
        "          devices:",
        cardGpu("g0"), cardGpu("g1"), cardGpu("g2"));
  }

  private static String cardGpu(String name) {
    return "          - {name: " + name + ", consumesCounters: [{counterSet: card, counters: {units: {value: '1'}}}]}";
  }

  /**
   * A pod kind whose pod claims GPUs of class gpu with its claim template {@code <name>-gpus}.
   *
   * @param name the kind's and pod's name
   * @param gpus the GPUs claimed
   * @param kindLines the kind's other fields (weight, duration, lifetime), or ""
   * @param podSpecLines the pod spec's other fields (priority, nodeSelector), or ""
   * @return the kind, as a list entry
   */
  public static String gpuKind(String name, int gpus, String kindLines, String podSpecLines) {
    return String.join("\n",
        "    - name: " + name,
        kindLines,
        "      claimTemplates:",
        "      - metadata: {name: " + name + "-gpus}",
        "        spec: {spec: {devices: {requests: [{name: gpus, exactly: {deviceClassName: gpu, count: " + gpus + "}}]}}}",
        "      pod:",
        "        metadata: {name: " + name + "}",
        "        spec:",
        podSpecLines,
        "          resourceClaims: [{name: gpus, resourceClaimTemplateName: " + name + "-gpus}]",
        "          containers: [{name: c, resources: {claims: [{name: gpus}]}}]");
  }

  /**
   * A gang kind of pods that each take {@code gpus} GPUs of their own, and with {@code shared}
   * also one GPU claimed once for the group.
   *
   * @param name the kind's and pod's name
   * @param gpus the GPUs each pod claims of its own
   * @param gang the kind's gang field, in flow style
   * @param extra the kind's other fields, or ""
   * @param shared whether the pods also claim the group's GPU
   * @return the kind, as a list entry
   */
  public static String gangKind(String name, int gpus, String gang, String extra, boolean shared) {
    return String.join("\n",
        "    - name: " + name,
        extra,
        "      gang: " + gang,
        "      claimTemplates:",
        "      - metadata: {name: " + name + "-gpus}",
        "        spec: {spec: {devices: {requests: [{name: gpus, exactly: {deviceClassName: gpu, count: " + gpus + "}}]}}}",
        "      - metadata: {name: " + name + "-shared}",
        "        spec: {spec: {devices: {requests: [{name: gpus, exactly: {deviceClassName: gpu}}]}}}",
        "      pod:",
        "        metadata: {name: " + name + "}",
        "        spec:",
        "          resourceClaims: [{name: gpus, resourceClaimTemplateName: " + name + "-gpus}"
            + (shared ? ", {name: shared, resourceClaimTemplateName: " + name + "-shared}" : "") + "]",
        "          containers: [{name: c, resources: {claims: [{name: gpus}" + (shared ? ", {name: shared}" : "")
            + "]}}]");
  }
}
