package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.bound;
import static io.github.dra4j.scheduling.PluginFixtures.filter;
import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PodTopologySpread's filter. The cases are transcribed from TestSingleConstraint and
 * TestMultipleConstraints in kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/podtopologyspread/filtering_test.go: nodes node-a and node-b in
 * zone1, node-x and node-y in zone2 (label {@code node} their name), pods bound as
 * "[namespace:]node[=label]", and each node's verdict: ok, skew ({@value
 * TopologySpread#CONSTRAINTS_MISMATCH}) or label ({@value TopologySpread#NODE_LABEL_MISMATCH}).
 */
final class PodTopologySpreadTest {
  private static final String FOO = "{key: foo, operator: Exists}";

  private static List<Node> nodes(String nodeBLabels) {
    return List.of(
        node("node-a", "{zone: zone1, node: node-a}", "{}", "{}"),
        node("node-b", nodeBLabels == null ? "{zone: zone1, node: node-b}" : nodeBLabels, "{}", "{}"),
        node("node-x", "{zone: zone2, node: node-x}", "{}", "{}"),
        node("node-y", "{zone: zone2, node: node-y}", "{}", "{}"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "no existing pods; foo; 1 zone; -; -; ok ok ok ok",
      "no existing pods, incoming pod doesn't match itself; foo; 1 zone bar; -; -; ok ok ok ok",
      "existing pods in a different namespace do not count; foo; 1 zone; ns1:node-a ns2:node-a node-x node-y; -; ok ok skew skew",
      "pods spread across zones as 3/3, all nodes fit; foo; 1 zone; node-a node-a node-b node-y node-y node-y; -; ok ok ok ok",
      "pods spread across zones as 1/2 due to absence of label 'zone' on node-b; foo; 1 zone; node-a node-b node-x node-y; {zon: zone1, node: node-b}; ok label skew skew",
      "pods spread across nodes as 2/1/0/3, only node-x fits; foo; 1 node; node-a node-a node-b node-y node-y node-y; -; skew skew ok skew",
      "pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit; foo; 2 node; node-a node-a node-b node-y node-y node-y; -; skew ok ok skew",
      "pods spread across nodes as 2/1/0/3, but pod doesn't match itself; bar; 1 node; node-a node-a node-b node-y node-y node-y; -; skew ok ok skew",
      "two constraints on zone and node, spreads = [3/3, 2/1/0/3]; foo; 1 zone, 1 node; node-a node-a node-b node-y node-y node-y; -; skew skew ok skew",
      "minDomains above the domains makes the global minimum 0; foo; 1 zone minDomains 3; node-a node-a node-x; -; skew skew skew skew",
      "without minDomains the same pods fit zone2; foo; 1 zone; node-a node-a node-x; -; skew skew ok ok",
  })
  void singleAndMultipleConstraints(String name, String podLabel, String constraints, String existing,
      @Nullable String nodeBLabels, String want) {
    List<Node> nodes = nodes(nodeBLabels);
    Pod pod = pod("p", "{" + podLabel + ": ''}", "{topologySpreadConstraints: [" + constraints(constraints)
        + "], containers: [{name: c}]}");
    assertThat(verdicts(pod, nodes, bound(nodes, existing))).isEqualTo(want);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "all nodes lack the key: both refused for the missing label; label label",
  })
  void missingKeyEverywhere(String name, String want) {
    List<Node> nodes = List.of(node("node-a", "{zone: zone1, node: node-a}", "{}", "{}"),
        node("node-x", "{zone: zone2, node: node-x}", "{}", "{}"));
    Pod pod = pod("p", "{foo: ''}", "{topologySpreadConstraints: [" + constraints("1 rack")
        + "], containers: [{name: c}]}");
    assertThat(verdicts(pod, nodes, List.of())).isEqualTo(want);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      // upstream: only node-a and node-y are counted, so pods spread as 2/~1~/~0~/3 and node-a fits
      "incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits; ok ok ok skew",
  })
  void nodeAffinityPolicyHonoured(String name, String want) {
    List<Node> nodes = nodes(null);
    Pod pod = pod("p", "{foo: ''}", "{affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: "
        + "{nodeSelectorTerms: [{matchExpressions: [{key: node, operator: In, values: [node-a, node-y]}]}]}}}, "
        + "topologySpreadConstraints: [" + constraints("1 node") + "], containers: [{name: c}]}");
    assertThat(verdicts(pod, nodes, bound(nodes, "node-a node-a node-b node-y node-y node-y"))).isEqualTo(want);
  }

  private static String verdicts(Pod pod, List<Node> nodes, List<Pod> existing) {
    List<String> out = new ArrayList<>();
    for (Node n : nodes) {
      List<String> why = filter("PodTopologySpread", pod, n, nodes, existing);
      out.add(why.isEmpty() ? "ok" : why.equals(List.of(TopologySpread.CONSTRAINTS_MISMATCH)) ? "skew"
          : why.equals(List.of(TopologySpread.NODE_LABEL_MISMATCH)) ? "label" : why.toString());
    }
    return String.join(" ", out);
  }

  /* "maxSkew key [label] [minDomains n], ..." as DoNotSchedule constraints selecting label Exists (foo by default). */
  private static String constraints(String specs) {
    List<String> out = new ArrayList<>();
    for (String spec : specs.split(", ", -1)) {
      String[] p = spec.split(" ", -1);
      String selector = p.length > 2 && !p[2].equals("minDomains") ? "{key: " + p[2] + ", operator: Exists}" : FOO;
      String minDomains = spec.contains("minDomains") ? ", minDomains: " + p[p.length - 1] : "";
      out.add("{maxSkew: " + p[0] + ", topologyKey: " + p[1] + ", whenUnsatisfiable: DoNotSchedule, labelSelector: "
          + "{matchExpressions: [" + selector + "]}" + minDomains + "}");
    }
    return String.join(", ", out);
  }
}
