package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Namespace;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.Service;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/* Namespaces, Services and ReplicationControllers: what scheduling reads of them, strictly. */
final class NamespaceServiceReadTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  static final String NAMESPACE = "apiVersion: v1\n"
      + "kind: Namespace\n"
      + "metadata: {name: team-a, labels: {team: a}, finalizers: [x]}\n"
      + "spec: {finalizers: [kubernetes]}\n"
      + "status: {phase: Active, conditions: [{type: NamespaceDeletionDiscoveryFailure, status: \"False\"}]}\n";

  static final String SERVICE = "apiVersion: v1\n"
      + "kind: Service\n"
      + "metadata: {name: web, namespace: shop}\n"
      + "spec:\n"
      + "  selector: {app: web}\n"
      + "  type: LoadBalancer\n"
      + "  clusterIP: 10.0.0.1\n"
      + "  ports: [{name: http, port: 80, targetPort: 8080, protocol: TCP}]\n"
      + "  sessionAffinity: ClientIP\n"
      + "  sessionAffinityConfig: {clientIP: {timeoutSeconds: 60}}\n"
      + "status:\n"
      + "  loadBalancer: {ingress: [{ip: 1.2.3.4, ports: [{port: 80, protocol: TCP}]}]}\n";

  static final String RC = "apiVersion: v1\n"
      + "kind: ReplicationController\n"
      + "metadata: {name: legacy, namespace: shop}\n"
      + "spec:\n"
      + "  replicas: 2\n"
      + "  minReadySeconds: 5\n"
      + "SELECTOR"
      + "  template:\n"
      + "    metadata: {labels: {app: legacy, tier: back}}\n"
      + "    spec: {containers: [{name: c}]}\n"
      + "status: {replicas: 2}\n";

  private static Cluster read(String yaml) throws DecodeException {
    ClusterReader reader = ClusterReader.create(CODEC);
    int document = 0;
    for (Object o : CODEC.readAll(yaml, "c.yaml")) {
      assertThat(reader.add(o, "c.yaml", ++document)).as("taken: %s", o).isTrue();
    }
    return reader.cluster();
  }

  @Test
  void namespace_keepsNameAndLabels_acceptsTheWholeObject() throws DecodeException {
    Cluster c = read(NAMESPACE);
    assertThat(c.namespaces()).containsExactly(Namespace.of("team-a", Map.of("team", "a")));
  }

  @Test
  void service_keepsItsSelector_acceptsTheWholeObject() throws DecodeException {
    Service s = read(SERVICE).services().get(0);
    assertThat(s.name()).isEqualTo("web");
    assertThat(s.namespace()).isEqualTo("shop");
    assertThat(s.spec().selector()).isEqualTo(Map.of("app", "web"));
    Service none = read("apiVersion: v1\nkind: Service\nmetadata: {name: ext}\nspec: {type: ExternalName, "
        + "externalName: example.com}\n").services().get(0);
    assertThat(none.spec().selector()).isEmpty();
  }

  @Test
  void replicationController_isAPodController_itsSelectorMapMatchesLabels() throws DecodeException {
    PodController rc = read(RC.replace("SELECTOR", "  selector: {app: legacy}\n")).controllers().get(0);
    assertThat(rc.kind()).isEqualTo("ReplicationController");
    assertThat(rc.apiVersion()).isEqualTo("v1");
    assertThat(rc.replicas()).isEqualTo(2);
    assertThat(rc.selector()).isEqualTo(new LabelSelector(Map.of("app", "legacy"), List.of()));
  }

  @Test
  void replicationController_withoutSelector_selectsItsTemplatesLabels_asTheApiServerDefaultsIt()
      throws DecodeException {
    PodController rc = read(RC.replace("SELECTOR", "")).controllers().get(0);
    assertThat(rc.selector()).isEqualTo(new LabelSelector(Map.of("app", "legacy", "tier", "back"), List.of()));
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', value = {
      "apiVersion: v1\\nkind: Namespace\\nmetadata: {name: a, lables: {x: y}}\\n"
          + "|c.yaml, document 1 (Namespace/a), metadata.lables: unknown field \"lables\", did you mean \"labels\"?",
      "apiVersion: v1\\nkind: Namespace\\nmetadata: {labels: {x: z}}\\n"
          + "|c.yaml, document 1 (Namespace), metadata.name: Required value: missing required field",
      "apiVersion: v1\\nkind: Service\\nmetadata: {name: web, namespace: shop}\\nspec: {selectr: {a: b}}\\n"
          + "|c.yaml, document 1 (Service/web), spec.selectr: unknown field \"selectr\", did you mean \"selector\"?",
      "apiVersion: v1\\nkind: Service\\nmetadata: {name: web, namespace: shop}\\nspec: {selector: {a: [b]}}\\n"
          + "|c.yaml, document 1 (Service/web), spec.selector.a: expected a string, got a list",
      "apiVersion: v1\\nkind: ReplicationController\\nmetadata: {name: rc}\\nspec: {selector: [a], template: {spec: {}}}\\n"
          + "|c.yaml, document 1 (ReplicationController/rc), spec.selector: must be a map of strings, got [\"a\"]",
      "apiVersion: v1\\nkind: ReplicationController\\nmetadata: {name: rc}\\nspec: {selector: {a: 1}, template: {spec: {}}}\\n"
          + "|c.yaml, document 1 (ReplicationController/rc), spec.selector.a: must be a string, got 1"})
  void badInput_namesFileDocumentObjectFieldAndRule(String yaml, String message) {
    assertThatThrownBy(() -> read(yaml.replace("\\n", "\n"))).isInstanceOf(DecodeException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void twoServicesOfOneName_inOneNamespace_areAnError() {
    assertThatThrownBy(() -> read(SERVICE + "---\n" + SERVICE)).isInstanceOf(DecodeException.class)
        .hasMessageContaining("Service/shop/web");
  }
}
