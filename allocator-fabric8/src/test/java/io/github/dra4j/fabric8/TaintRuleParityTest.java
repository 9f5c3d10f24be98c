package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The live view and the offline reader (the project's codec and {@code
 * StructuredAllocator.snapshot} with taint rules, as {@code dra4j allocate} runs them) give
 * identical answers for the same objects: the same devices, tolerations and explanations.
 */
final class TaintRuleParityTest {
  /** Which claim is asked for on which node. */
  private static final List<List<String>> QUESTIONS = List.of(
      List.of("plain", "node-1"), List.of("plain", "node-2"), List.of("tolerant", "node-1"),
      List.of("pair", "node-1"), List.of("all", "node-1"), List.of("drained-tolerant", "node-2"));

  private FaultyApiServer server;
  private Fabric8Cluster cluster;
  private List<Object> offline;

  @BeforeEach
  void start() throws IOException, DecodeException {
    String yaml;
    try (InputStream in = Objects.requireNonNull(getClass().getResourceAsStream("/fabric8/taint-rules.yaml"))) {
      yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    offline = KubernetesCodec.create().readAll(yaml, "taint-rules.yaml");
    server = new FaultyApiServer();
    for (String doc : yaml.split("(?m)^---\\s*$", -1)) {
      if (doc.contains("kind:")) {
        server.admin.resource(doc).create();
      }
    }
    cluster = Fabric8Cluster.start(server.client("dra4j"), MockCluster.ALLOCATOR);
  }

  @AfterEach
  void stop() {
    cluster.close();
    server.close();
  }

  private <T> List<T> offline(Class<T> type) {
    List<T> out = new ArrayList<>();
    offline.stream().filter(type::isInstance).map(type::cast).forEach(out::add);
    return out;
  }

  private ClusterSnapshot offlineSnapshot(List<DeviceTaintRule> rules) {
    List<ResourceClaim> inUse = offline(ResourceClaim.class).stream().filter(c -> c.allocation() != null).toList();
    return MockCluster.ALLOCATOR.snapshot(offline(ResourceSlice.class), offline(DeviceClass.class), inUse, rules);
  }

  private ResourceClaim offlineClaim(String name) {
    return offline(ResourceClaim.class).stream().filter(c -> name.equals(c.name())).findFirst().orElseThrow();
  }

  private Node offlineNode(String name) {
    return offline(Node.class).stream().filter(n -> name.equals(n.name())).findFirst().orElseThrow();
  }

  /** Each question's answer: the allocation result, or the explanation when nothing fits. */
  private static Map<String, Object> answers(ClusterSnapshot snapshot, Function<String, ResourceClaim> claims,
      Function<String, Node> nodes) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (List<String> q : QUESTIONS) {
      AllocationOutcome outcome = snapshot.allocate(nodes.apply(q.get(1)), List.of(claims.apply(q.get(0))));
      out.put(q.get(0) + "@" + q.get(1), outcome instanceof AllocationOutcome.Allocated
          ? ((AllocationOutcome.Allocated) outcome).results().get(0)
          : "unsatisfiable: " + ((AllocationOutcome.Unsatisfiable) outcome).explanation().details());
    }
    return out;
  }

  private Map<String, Object> liveAnswers() {
    return answers(cluster.snapshot(), name -> Objects.requireNonNull(cluster.claim("default", name)),
        name -> Objects.requireNonNull(cluster.node(name)));
  }

  private static String devices(Object answer) {
    return answer instanceof io.github.dra4j.api.AllocationResult
        ? ((io.github.dra4j.api.AllocationResult) answer).devices().results().stream()
            .map(r -> r.pool() + "/" + r.device()).toList().toString()
        : "unsatisfiable";
  }

  @Test
  void liveAndOffline_giveTheSameAnswers() {
    Map<String, Object> offlineAnswers = answers(offlineSnapshot(offline(DeviceTaintRule.class)),
        this::offlineClaim, this::offlineNode);

    assertThat(liveAnswers()).isEqualTo(offlineAnswers);
    // ... and both honour the rules (gpu-1 of node-1 is held by a claim):
    assertThat(devices(offlineAnswers.get("plain@node-1"))).as("gpu-0 tainted").isEqualTo("[node-1/gpu-2]");
    assertThat(devices(offlineAnswers.get("plain@node-2"))).as("node-2 drained").isEqualTo("unsatisfiable");
    assertThat(devices(offlineAnswers.get("tolerant@node-1"))).isEqualTo("[node-1/gpu-0]");
    assertThat(devices(offlineAnswers.get("pair@node-1"))).isEqualTo("[node-1/gpu-2, node-1/gpu-3]");
    assertThat(devices(offlineAnswers.get("drained-tolerant@node-2"))).isEqualTo("[node-2/gpu-0]");
    assertThat(offlineAnswers.get("plain@node-2").toString()).contains("example.com/drain");
  }

  @Test
  void ruleDeletedLive_changesTheAnswers_asOfflineWithoutIt() {
    server.admin.resource(server.admin.genericKubernetesResources("resource.k8s.io/v1beta2", "DeviceTaintRule")
        .withName("b-drain-node-2").get()).delete();
    List<DeviceTaintRule> remaining = offline(DeviceTaintRule.class).stream()
        .filter(r -> !"b-drain-node-2".equals(r.name())).toList();
    Map<String, Object> offlineAnswers = answers(offlineSnapshot(remaining), this::offlineClaim, this::offlineNode);

    FaultyApiServer.await("the live view drops the rule", () -> liveAnswers().equals(offlineAnswers));
    assertThat(devices(offlineAnswers.get("plain@node-2"))).isEqualTo("[node-2/gpu-0]");
  }
}
