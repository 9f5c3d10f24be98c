package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.filter;
import static io.github.dra4j.scheduling.PluginFixtures.node;
import static io.github.dra4j.scheduling.PluginFixtures.on;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * InterPodAffinity's filter, after TestRequiredAffinitySingleNode in kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/interpodaffinity/filtering_test.go: node1 labelled {@code
 * region: r1, zone: z11}; the incoming pod (labels, affinity) and, when given, one pod bound to
 * node1 (labels, affinity); the verdict is ok, affinity ({@value
 * InterPodAffinity#AFFINITY_MISMATCH}), anti ({@value InterPodAffinity#ANTI_AFFINITY_MISMATCH})
 * or existing ({@value InterPodAffinity#EXISTING_ANTI_AFFINITY_MISMATCH}).
 */
final class InterPodAffinityTest {
  private static final String SECURITYSCAN = "{matchExpressions: [{key: service, operator: In, values: [securityscan, value2]}]}";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', nullValues = "-", value = {
      "no required pod affinity, no existing pods; {}; -; -; -; ok",
      "PodAffinity In matches the existing pod; {}; aff(" + SECURITYSCAN + ", region); {service: securityscan}; -; ok",
      "PodAffinity NotIn matches the existing pod; {}; aff({matchExpressions: [{key: service, operator: NotIn, values: [securityscan3, value3]}]}, region); {service: securityscan}; -; ok",
      "PodAffinity does not match a pod of another namespace; {}; affns(" + SECURITYSCAN + ", region, DiffNameSpace); {service: securityscan}; -; affinity",
      "PodAffinity labelSelector does not match the existing pod; {}; aff({matchExpressions: [{key: service, operator: In, values: [antivirusscan, value2]}]}, region); {service: securityscan}; -; affinity",
      "PodAffinity and PodAntiAffinity both satisfied; {}; aff(" + SECURITYSCAN + ", region) anti({matchExpressions: [{key: service, operator: In, values: [antivirusscan]}]}, zone); {service: securityscan}; -; ok",
      "PodAffinity satisfied but not PodAntiAffinity; {}; aff(" + SECURITYSCAN + ", region) anti(" + SECURITYSCAN + ", zone); {service: securityscan}; -; anti",
      "the existing pod's PodAntiAffinity refuses the incoming pod (symmetry); {security: S1}; -; {service: securityscan}; anti({matchExpressions: [{key: security, operator: In, values: [S1]}]}, zone); existing",
      "the existing pod's PodAntiAffinity selects other pods; {security: S1}; -; {service: securityscan}; anti({matchExpressions: [{key: security, operator: In, values: [S2]}]}, zone); ok",
      "the first pod of a group matches its own affinity term; {service: securityscan}; aff(" + SECURITYSCAN + ", region); -; -; ok",
      "the first pod of a group matches its own term, other pods match nothing; {service: securityscan}; aff(" + SECURITYSCAN + ", region); {other: x}; -; ok",
      "no pod matches, not even the pod itself; {}; aff(" + SECURITYSCAN + ", region); -; -; affinity",
      "the node lacks the affinity term's topology key; {}; aff(" + SECURITYSCAN + ", rack); {service: securityscan}; -; affinity",
      "the node lacks the anti-affinity term's topology key: no conflict; {}; anti(" + SECURITYSCAN + ", rack); {service: securityscan}; -; ok",
      "a missing labelSelector selects no pod; {}; anti(null, zone); {service: securityscan}; -; ok",
      "an empty namespaceSelector selects every namespace; {}; affsel(" + SECURITYSCAN + ", region); other:{service: securityscan}; -; ok",
  })
  void requiredAffinitySingleNode(String name, String labels, @Nullable String affinity, @Nullable String existingLabels,
      @Nullable String existingAffinity, String want) {
    Node node1 = node("node1", "{region: r1, zone: z11}", "{}", "{}");
    Pod pod = pod("p", labels, spec(affinity));
    List<Pod> existing = List.of();
    if (existingLabels != null) {
      String namespace = "default";
      if (existingLabels.startsWith("other:")) {
        namespace = "other";
        existingLabels = existingLabels.substring("other:".length());
      }
      existing = List.of(on(node1, pod(namespace, "existing", existingLabels, spec(existingAffinity))));
    }
    List<String> why = filter("InterPodAffinity", pod, node1, List.of(node1), existing);
    String got = why.isEmpty() ? "ok"
        : why.equals(List.of(InterPodAffinity.AFFINITY_MISMATCH)) ? "affinity"
        : why.equals(List.of(InterPodAffinity.ANTI_AFFINITY_MISMATCH)) ? "anti"
        : why.equals(List.of(InterPodAffinity.EXISTING_ANTI_AFFINITY_MISMATCH)) ? "existing" : why.toString();
    assertThat(got).isEqualTo(want);
  }

  /* "aff(selector, key)", "affns(selector, key, namespace)", "affsel(selector, key)" (namespaceSelector {}) and "anti(selector, key)". */
  private static String spec(@Nullable String affinity) {
    if (affinity == null) {
      return "{containers: [{name: c}]}";
    }
    StringBuilder pa = new StringBuilder();
    StringBuilder anti = new StringBuilder();
    for (String part : affinity.split("\\) ", -1)) {
      String kind = part.substring(0, part.indexOf('('));
      String args = part.substring(part.indexOf('(') + 1).replaceAll("\\)$", "");
      int lastComma = args.lastIndexOf(", ");
      String selector = args.substring(0, lastComma);
      String key = args.substring(lastComma + 2);
      String extra = "";
      if (kind.equals("affns")) {
        int c = selector.lastIndexOf(", ");
        extra = ", namespaces: [" + key + "]";
        key = selector.substring(c + 2);
        selector = selector.substring(0, c);
      } else if (kind.equals("affsel")) {
        extra = ", namespaceSelector: {}";
      }
      String term = "{" + (selector.equals("null") ? "" : "labelSelector: " + selector + ", ") + "topologyKey: " + key
          + extra + "}";
      (kind.equals("anti") ? anti : pa).append(pa.length() > 0 && !kind.equals("anti") ? ", " : "").append(term);
    }
    String out = "{affinity: {";
    if (pa.length() > 0) {
      out += "podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [" + pa + "]}";
    }
    if (anti.length() > 0) {
      out += (pa.length() > 0 ? ", " : "") + "podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [" + anti + "]}";
    }
    return out + "}, containers: [{name: c}]}";
  }
}
