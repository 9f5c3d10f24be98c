package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;

/*
 * Nodes and pods for the plugin tests, written as the YAML of their API objects: a node is its
 * name, labels, spec and status; a pod its labels and spec (the flow-style maps upstream's test
 * builders would make).
 */
final class PluginFixtures {
  static final KubernetesCodec CODEC = KubernetesCodec.create();

  private PluginFixtures() {}

  /** {@return a node from the YAML of its metadata.labels, spec and status ({} for none)} */
  static Node node(String name, String labels, String spec, String status) {
    return read("apiVersion: v1\nkind: Node\nmetadata: {name: " + name + ", labels: " + labels + "}\nspec: " + spec
        + "\nstatus: " + status + "\n", Node.class);
  }

  /** {@return a pod of namespace default from the YAML of its labels and spec} */
  static Pod pod(String name, String labels, String spec) {
    return pod("default", name, labels, spec);
  }

  /** {@return a pod from the YAML of its labels and spec} */
  static Pod pod(String namespace, String name, String labels, String spec) {
    return read("apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: " + namespace + ", labels: "
        + labels + "}\nspec: " + spec + "\n", Pod.class);
  }

  /**
   * {@return pods bound to the nodes, from "[namespace:]node[=label]" entries separated by spaces: each
   * has the label with an empty value (foo when none is given)}
   */
  static List<Pod> bound(List<Node> nodes, String entries) {
    List<Pod> out = new ArrayList<>();
    if (entries == null || entries.isBlank()) {
      return out;
    }
    int i = 0;
    for (String e : entries.strip().split(" +", -1)) {
      String namespace = "default";
      if (e.contains(":")) {
        namespace = e.substring(0, e.indexOf(':'));
        e = e.substring(e.indexOf(':') + 1);
      }
      String label = "foo";
      if (e.contains("=")) {
        label = e.substring(e.indexOf('=') + 1);
        e = e.substring(0, e.indexOf('='));
      }
      String nodeName = e;
      Node node = nodes.stream().filter(n -> nodeName.equals(n.name())).findFirst().orElseThrow();
      out.add(on(node, pod(namespace, "p-" + i++, "{" + label + ": ''}", "{containers: [{name: c}]}")));
    }
    return out;
  }

  /** {@return the pod bound to the node} */
  static Pod on(Node node, Pod pod) {
    return new Pod(pod.metadata(), pod.spec().toBuilder().nodeName(node.name()).build(), pod.status());
  }

  /** {@return the named step's reasons for the pod on the node, the bound pods on their nodes} */
  static List<String> filter(String step, Pod pod, Node node, List<Node> nodes, List<Pod> bound) {
    List<String> unserved = new ExtendedResources(List.of()).plan(pod, true).unserved();
    List<Node> all = new ArrayList<>(nodes);
    if (!all.contains(node)) {
      all.add(node);
    }
    Cycle in = new Cycle(pod, unserved, List.of(), new NodeInfos(all, bound));
    return NodeFilter.scheduler().step(step, in, node);
  }

  /** {@return a container with these requests (YAML map) and no name clash} */
  static String container(String name, String requests) {
    return "{name: " + name + ", resources: {requests: " + requests + "}}";
  }

  private static <T> T read(String yaml, Class<T> type) {
    try {
      return CODEC.read(yaml, type);
    } catch (DecodeException e) {
      throw new IllegalArgumentException(e.getMessage() + "\n" + yaml, e);
    }
  }
}
