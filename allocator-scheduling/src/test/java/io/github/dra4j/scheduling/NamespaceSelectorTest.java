package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Namespace;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * InterPodAffinity's namespaceSelector against the cluster's Namespaces. The first five cases are
 * TestRequiredAffinitySingleNode's NamespaceSelector cases in kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/interpodaffinity/filtering_test.go, with its namespaces
 * (subteam1.team1 and subteam2.team1 labelled team: team1, subteam1.team2 and subteam2.team2
 * team: team2) and node1 {region: r1, zone: z11}; the incoming pod is labelled {security: S1}, the
 * pod bound to node1 {service: securityscan}. The others pin what upstream's lister does with a
 * namespace that has no Namespace object: an existing pod's selector sees it without labels
 * (GetNamespaceLabelsSnapshot), the incoming pod's own selector never selects it (its lister lists
 * only the Namespaces that exist).
 */
final class NamespaceSelectorTest {
  private static final List<Namespace> NAMESPACES = List.of(
      Namespace.of("subteam1.team1", Map.of("team", "team1")), Namespace.of("subteam2.team1", Map.of("team", "team1")),
      Namespace.of("subteam1.team2", Map.of("team", "team2")), Namespace.of("subteam2.team2", Map.of("team", "team2")));
  private static final String SECURITYSCAN = "{matchExpressions: [{key: service, operator: In, values: [securityscan, value2]}]}";
  private static final String TEAM1 = "{matchExpressions: [{key: team, operator: In, values: [team1]}]}";
  private static final Node NODE1 = node("node1", "{region: r1, zone: z11}", "{}", "{}");

  private static String term(String labelSelector, String namespaceSelector, String key) {
    return "{labelSelector: " + labelSelector + ", namespaceSelector: " + namespaceSelector + ", topologyKey: " + key + "}";
  }

  private static String spec(String kind, String term) {
    return "{affinity: {" + kind + ": {requiredDuringSchedulingIgnoredDuringExecution: [" + term + "]}},"
        + " containers: [{name: c}]}";
  }

  private static List<String> filter(Pod pod, Pod existing) {
    NodeInfos infos = new NodeInfos(List.of(NODE1), List.of(on(NODE1, existing)), null, Namespaces.of(NAMESPACES));
    return NodeFilter.scheduler().step("InterPodAffinity", new Cycle(pod, List.of(), List.of(), infos), NODE1);
  }

  private static String verdict(List<String> why) {
    return why.isEmpty() ? "ok"
        : why.equals(List.of(InterPodAffinity.AFFINITY_MISMATCH)) ? "affinity"
        : why.equals(List.of(InterPodAffinity.ANTI_AFFINITY_MISMATCH)) ? "anti"
        : why.equals(List.of(InterPodAffinity.EXISTING_ANTI_AFFINITY_MISMATCH)) ? "existing" : why.toString();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "affinity with NamespaceSelector; default; podAffinity; " + TEAM1 + "; region; subteam1.team1; ok",
      "affinity with non-matching NamespaceSelector; default; podAffinity; " + TEAM1 + "; region; subteam1.team2; affinity",
      "anti-affinity with matching NamespaceSelector; subteam1.team1; podAntiAffinity; " + TEAM1 + "; zone; subteam2.team1; anti",
      "anti-affinity with matching all NamespaceSelector; subteam1.team1; podAntiAffinity; {}; zone; subteam2.team1; anti",
      "anti-affinity with non-matching NamespaceSelector; subteam1.team1; podAntiAffinity; " + TEAM1 + "; zone; subteam1.team2; ok",
      "the incoming pod's selector never selects a namespace without an object; default; podAntiAffinity; "
          + "{matchExpressions: [{key: team, operator: DoesNotExist}]}; zone; unknown; ok",
      "an empty selector selects a namespace without an object; default; podAntiAffinity; {}; zone; unknown; anti",
  })
  void incomingPodsTerms(String name, String namespace, String kind, String namespaceSelector, String key,
      String existingNamespace, String want) {
    Pod pod = pod(namespace, "p", "{security: S1}", spec(kind, term(SECURITYSCAN, namespaceSelector, key)));
    Pod existing = pod(existingNamespace, "existing", "{service: securityscan}", "{containers: [{name: c}]}");
    assertThat(verdict(filter(pod, existing))).isEqualTo(want);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "the incoming pod's namespace has the labels the existing pod selects; subteam2.team1; " + TEAM1 + "; existing",
      "the incoming pod's namespace has other labels; subteam1.team2; " + TEAM1 + "; ok",
      "a namespace without an object has no labels: DoesNotExist selects it; unknown; "
          + "{matchExpressions: [{key: team, operator: DoesNotExist}]}; existing",
      "a namespace without an object has no labels: In does not select it; unknown; " + TEAM1 + "; ok",
  })
  void existingPodsAntiAffinity_matchesTheIncomingPodsNamespaceLabels(String name, String namespace,
      String namespaceSelector, String want) {
    Pod pod = pod(namespace, "p", "{security: S1}", "{containers: [{name: c}]}");
    String anti = term("{matchExpressions: [{key: security, operator: In, values: [S1]}]}", namespaceSelector, "zone");
    Pod existing = pod("subteam1.team1", "existing", "{service: securityscan}", spec("podAntiAffinity", anti));
    assertThat(verdict(filter(pod, existing))).isEqualTo(want);
  }

  @Test
  void preferredTerms_scoreThePodsOfTheSelectedNamespaces() {
    List<Node> nodes = List.of(node("n1", "{zone: a}", "{}", "{}"), node("n2", "{zone: b}", "{}", "{}"));
    String preferred = "{weight: 5, podAffinityTerm: " + term(SECURITYSCAN, TEAM1, "zone") + "}";
    Pod pod = pod("default", "p", "{}", "{affinity: {podAffinity: {preferredDuringSchedulingIgnoredDuringExecution: ["
        + preferred + "]}}, containers: [{name: c}]}");
    List<Pod> bound = List.of(
        on(nodes.get(0), pod("subteam1.team2", "a", "{service: securityscan}", "{containers: [{name: c}]}")),
        on(nodes.get(1), pod("subteam2.team1", "b", "{service: securityscan}", "{containers: [{name: c}]}")));
    NodeInfos infos = new NodeInfos(nodes, bound, null, Namespaces.of(NAMESPACES));
    long[] scores = SpreadAndAffinityScores.podAffinity(new Cycle(pod, List.of(), List.of(), infos), new int[] {0, 1});
    assertThat(Arrays.stream(scores).mapToObj(Long::toString).collect(Collectors.joining(" "))).isEqualTo("0 100");
    NodeInfos unknown = new NodeInfos(nodes, bound, null, Namespaces.NONE);
    assertThat(SpreadAndAffinityScores.podAffinity(new Cycle(pod, List.of(), List.of(), unknown), new int[] {0, 1}))
        .containsExactly(0, 0);
  }
}
