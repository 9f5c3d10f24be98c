package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.filter;
import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The filters that read a node's spec and the host ports of its pods: TaintToleration (cases of
 * TestTaintTolerationFilter in pkg/scheduler/framework/plugins/tainttoleration/taint_toleration_test.go),
 * NodeUnschedulable (TestNodeUnschedulable, nodeunschedulable/node_unschedulable_test.go) and
 * NodePorts (TestNodePorts, nodeports/node_ports_test.go).
 */
final class TaintsAndPortsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "no tolerations, a NoSchedule taint; []; [{key: dedicated, value: user1, effect: NoSchedule}]; node(s) had untolerated taint(s)",
      "tolerates user1's dedicated node; [{key: dedicated, value: user1, effect: NoSchedule}]; [{key: dedicated, value: user1, effect: NoSchedule}]; -",
      "does not tolerate user1's dedicated node; [{key: dedicated, operator: Equal, value: user2, effect: NoSchedule}]; [{key: dedicated, value: user1, effect: NoSchedule}]; node(s) had untolerated taint(s)",
      "Exists tolerates any value; [{key: foo, operator: Exists, effect: NoSchedule}]; [{key: foo, value: bar, effect: NoSchedule}]; -",
      "every taint tolerated; [{key: dedicated, operator: Equal, value: user2, effect: NoSchedule}, {key: foo, operator: Exists, effect: NoSchedule}]; [{key: dedicated, value: user2, effect: NoSchedule}, {key: foo, value: bar, effect: NoSchedule}]; -",
      "effect differs; [{key: foo, operator: Equal, value: bar, effect: PreferNoSchedule}]; [{key: foo, value: bar, effect: NoSchedule}]; node(s) had untolerated taint(s)",
      "empty effect tolerates every effect; [{key: foo, operator: Equal, value: bar}]; [{key: foo, value: bar, effect: NoSchedule}]; -",
      "PreferNoSchedule does not filter; [{key: dedicated, operator: Equal, value: user2, effect: NoSchedule}]; [{key: dedicated, value: user1, effect: PreferNoSchedule}]; -",
      "PreferNoSchedule does not filter, no tolerations; []; [{key: dedicated, value: user1, effect: PreferNoSchedule}]; -",
      "Gt is not known (TaintTolerationComparisonOperators off); [{key: node.kubernetes.io/sla, operator: Gt, value: '750', effect: NoSchedule}]; [{key: node.kubernetes.io/sla, value: '950', effect: NoSchedule}]; node(s) had untolerated taint(s)",
      "NoExecute filters too; []; [{key: gpu, value: 'true', effect: NoExecute}]; node(s) had untolerated taint(s)",
      "empty key with Exists tolerates everything; [{operator: Exists}]; [{key: gpu, value: 'true', effect: NoExecute}]; -",
  })
  void taintToleration(String name, String tolerations, String taints, String want) {
    Node node = node("node-a", "{}", "{taints: " + taints + "}", "{}");
    Pod pod = pod("pod1", "{}", "{tolerations: " + tolerations + ", containers: [{name: c}]}");
    assertThat(filter("TaintToleration", pod, node, List.of(node), List.of())).isEqualTo(want == null ? List.of() : List.of(want));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "does not schedule pod to unschedulable node; []; true; node(s) were unschedulable",
      "schedules pod to normal node; []; false; -",
      "schedules pod with toleration to unschedulable node; [{key: node.kubernetes.io/unschedulable, effect: NoSchedule}]; true; -",
  })
  void nodeUnschedulable(String name, String tolerations, boolean unschedulable, String want) {
    Node node = node("node-a", "{}", "{unschedulable: " + unschedulable + "}", "{}");
    Pod pod = pod("pod1", "{}", "{tolerations: " + tolerations + ", containers: [{name: c}]}");
    assertThat(filter("NodeUnschedulable", pod, node, List.of(node), List.of())).isEqualTo(want == null ? List.of() : List.of(want));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "no ports; -; UDP/127.0.0.1/9090; true",
      "other port; UDP/127.0.0.1/8080; UDP/127.0.0.1/9090; true",
      "same udp port; UDP/127.0.0.1/8080; UDP/127.0.0.1/8080; false",
      "same tcp port; TCP/127.0.0.1/8080; TCP/127.0.0.1/8080; false",
      "different host ip; TCP/127.0.0.1/8080; TCP/127.0.0.2/8080; true",
      "different protocol; UDP/127.0.0.1/8080; TCP/127.0.0.1/8080; true",
      "second udp port conflict; UDP/127.0.0.1/8000 UDP/127.0.0.1/8080; UDP/127.0.0.1/8080; false",
      "first tcp port conflict; TCP/127.0.0.1/8001 UDP/127.0.0.1/8080; TCP/127.0.0.1/8001 UDP/127.0.0.1/8081; false",
      "first tcp port conflict due to 0.0.0.0 hostIP; TCP/0.0.0.0/8001; TCP/127.0.0.1/8001; false",
      "TCP hostPort conflict due to 0.0.0.0 hostIP; TCP/10.0.10.10/8001 TCP/0.0.0.0/8001; TCP/127.0.0.1/8001; false",
      "second tcp port conflict to 0.0.0.0 hostIP; TCP/127.0.0.1/8001; TCP/0.0.0.0/8001; false",
      "second different protocol; UDP/127.0.0.1/8001; TCP/0.0.0.0/8001; true",
      "UDP hostPort conflict due to 0.0.0.0 hostIP; UDP/127.0.0.1/8001; TCP/0.0.0.0/8001 UDP/0.0.0.0/8001; false",
      "a non-sidecar init container's host port is not held; init:TCP/0.0.0.0/8001; TCP/0.0.0.0/8001; true",
      "a sidecar's host port is held; sidecar:TCP/0.0.0.0/8001; TCP/0.0.0.0/8001; false",
      "no protocol is TCP, no address is every address; //8001; TCP/127.0.0.1/8001; false",
  })
  void nodePorts(String name, String wanted, String used, boolean expectFit) {
    Node node = node("node-a", "{}", "{}", "{}");
    Pod existing = on(node, pod("existing", "{}", "{containers: [" + ports("c", used) + "]}"));
    String spec;
    if (wanted == null) {
      spec = "{containers: [{name: c}]}";
    } else if (wanted.startsWith("init:") || wanted.startsWith("sidecar:")) {
      boolean sidecar = wanted.startsWith("sidecar:");
      String c = ports("i", wanted.substring(wanted.indexOf(':') + 1));
      spec = "{containers: [{name: c}], initContainers: [" + (sidecar ? c.substring(0, c.length() - 1)
          + ", restartPolicy: Always}" : c) + "]}";
    } else {
      spec = "{containers: [" + ports("c", wanted) + "]}";
    }
    assertThat(filter("NodePorts", pod("m1", "{}", spec), node, List.of(node), List.of(existing)))
        .isEqualTo(expectFit ? List.of() : List.of(NodeFilter.PORTS_IN_USE));
  }

  /* "PROTOCOL/IP/PORT ..." as one container's host ports; an empty protocol or address is left out. */
  private static String ports(String name, String specs) {
    List<String> out = new ArrayList<>();
    int containerPort = 1;
    for (String s : specs.split(" ", -1)) {
      String[] p = s.split("/", -1);
      StringBuilder sb = new StringBuilder("{containerPort: " + containerPort++ + ", hostPort: " + p[2]);
      if (!p[0].isEmpty()) {
        sb.append(", protocol: ").append(p[0]);
      }
      if (!p[1].isEmpty()) {
        sb.append(", hostIP: '").append(p[1]).append('\'');
      }
      out.add(sb.append('}').toString());
    }
    return "{name: " + name + ", ports: [" + String.join(", ", out) + "]}";
  }
}
