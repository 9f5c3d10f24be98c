package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.io.ClusterReader;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The pods {@link PodControllers} makes of a Deployment, ReplicaSet, StatefulSet, DaemonSet or Job. */
final class PodControllersTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final String TEMPLATE = ""
      + "  template:\n"
      + "    metadata:\n"
      + "      name: ignored\n"
      + "      namespace: ignored\n"
      + "      labels: {app: web}\n"
      + "      annotations: {note: kept}\n"
      + "    spec:\n"
      + "      nodeSelector: {zone: a}\n"
      + "      resourceClaims:\n"
      + "      - name: gpu\n"
      + "        resourceClaimTemplateName: gpu-template\n"
      + "      containers:\n"
      + "      - name: ctr\n"
      + "        image: ubuntu:22.04\n"
      + "        resources:\n"
      + "          claims:\n"
      + "          - name: gpu\n";

  private static PodController controller(String yaml) {
    try {
      return ClusterReader.read(CODEC.readAll(yaml, "w.yaml"), CODEC, o -> {
        throw new AssertionError("not a controller: " + o);
      }).controllers().get(0);
    } catch (DecodeException e) {
      throw new AssertionError(e);
    }
  }

  private static List<Pod> expand(String yaml) {
    return expand(yaml, List.of());
  }

  private static List<Pod> expand(String yaml, List<Node> nodes) {
    return PodControllers.pods(controller(yaml), nodes);
  }

  private static String workload(String apiVersion, String kind, String specLines) {
    return "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: web\n  namespace: shop\n"
        + "  uid: \"1234\"\nspec:\n" + specLines + TEMPLATE;
  }

  @Test
  void deployment_replicasPods_namedByIndex_inTheWorkloadsNamespace_ownedByIt() {
    List<Pod> pods = expand(workload("apps/v1", "Deployment", "  replicas: 3\n"));
    assertThat(pods).extracting(Pod::name).containsExactly("web-0", "web-1", "web-2");
    for (Pod p : pods) {
      assertThat(p.namespace()).isEqualTo("shop");
      assertThat(p.metadata().labels()).isEqualTo(Map.of("app", "web"));
      assertThat(p.metadata().annotations()).isEqualTo(Map.of("note", "kept"));
      assertThat(p.metadata().ownerReferences()).containsExactly(
          new OwnerReference("apps/v1", "Deployment", "web", "1234", true, true));
      assertThat(p.spec().nodeName()).isNull();
      assertThat(p.spec().nodeSelector()).isEqualTo(Map.of("zone", "a"));
      assertThat(p.spec().resourceClaims()).singleElement()
          .satisfies(c -> assertThat(c.resourceClaimTemplateName()).isEqualTo("gpu-template"));
    }
  }

  @ParameterizedTest(name = "{0} {1} without a count")
  @CsvSource({"apps/v1, Deployment", "apps/v1, ReplicaSet", "apps/v1, StatefulSet", "batch/v1, Job"})
  void countDefaultsToOne(String apiVersion, String kind) {
    assertThat(expand(workload(apiVersion, kind, ""))).extracting(Pod::name).containsExactly("web-0");
  }

  private static Node node(String name, String zone) {
    try {
      return KubernetesCodec.create().read("apiVersion: v1\nkind: Node\nmetadata: {name: " + name
          + ", labels: {zone: " + zone + "}}\n", Node.class);
    } catch (DecodeException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void daemonSet_onePodPerAdmittedNode_pinnedToItByNodeAffinity() {
    List<Node> nodes = List.of(node("n1", "a"), node("n2", "b"), node("n3", "a"));
    String yaml = workload("apps/v1", "DaemonSet", "").replace("      nodeSelector: {zone: a}\n",
        "      nodeSelector: {zone: a}\n      affinity:\n        nodeAffinity:\n"
            + "          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n"
            + "            - matchFields: [{key: metadata.name, operator: NotIn, values: [n3]}]\n");
    List<Pod> pods = expand(yaml, nodes);
    assertThat(pods).extracting(Pod::name).containsExactly("web-n1");
    Pod pod = pods.get(0);
    assertThat(pod.metadata().ownerReferences().get(0).kind()).isEqualTo("DaemonSet");
    assertThat(pod.spec().nodeName()).isNull();
    assertThat(nodes).filteredOn(n -> pod.spec().requiredNodeAffinity().matches(n))
        .extracting(Node::name).containsExactly("n1");
    assertThat(pod.spec().requiredNodeAffinity().nodeSelectorTerms()).hasSize(1);
  }

  @Test
  void daemonSet_withoutSelector_everyNodeInInputOrder() {
    String yaml = workload("apps/v1", "DaemonSet", "").replace("      nodeSelector: {zone: a}\n", "");
    assertThat(expand(yaml, List.of(node("n2", "b"), node("n1", "a"))))
        .extracting(Pod::name).containsExactly("web-n2", "web-n1");
  }

  @Test
  void zeroReplicas_noPods() {
    assertThat(expand(workload("apps/v1", "ReplicaSet", "  replicas: 0\n"))).isEmpty();
  }

  @Test
  void statefulSet_podsFromTheStartOrdinal_withTheControllersLabels() {
    List<Pod> pods = expand(workload("apps/v1", "StatefulSet", "  replicas: 2\n  ordinals: {start: 5}\n"));
    assertThat(pods).extracting(Pod::name).containsExactly("web-5", "web-6");
    assertThat(pods.get(1).metadata().labels()).isEqualTo(Map.of("app", "web",
        "statefulset.kubernetes.io/pod-name", "web-6", "apps.kubernetes.io/pod-index", "6"));
    assertThat(pods.get(1).metadata().ownerReferences().get(0).kind()).isEqualTo("StatefulSet");
  }

  @ParameterizedTest(name = "parallelism {0}, completions {1}: {2} pods")
  @CsvSource({"3, , 3", "3, 2, 2", "2, 5, 2", ", 4, 1", "0, 4, 0"})
  void job_parallelismPods_atMostCompletions(Integer parallelism, Integer completions, int expected) {
    String spec = (parallelism == null ? "" : "  parallelism: " + parallelism + "\n")
        + (completions == null ? "" : "  completions: " + completions + "\n");
    List<Pod> pods = expand(workload("batch/v1", "Job", spec));
    assertThat(pods).hasSize(expected);
    pods.forEach(p -> assertThat(p.metadata().ownerReferences().get(0))
        .isEqualTo(new OwnerReference("batch/v1", "Job", "web", "1234", true, true)));
  }

  @Test
  void noNamespaceNoUid_podsWithoutEither() {
    Pod pod = expand("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n" + TEMPLATE).get(0);
    assertThat(pod.namespace()).isNull();
    assertThat(pod.metadata().ownerReferences().get(0).uid()).isNull();
  }

  @Test
  void inputIsNotMutated() {
    PodController c = controller(workload("apps/v1", "Deployment", "  replicas: 2\n"));
    PodController copy = controller(workload("apps/v1", "Deployment", "  replicas: 2\n"));
    var unused = PodControllers.pods(c, List.of());
    assertThat(c).isEqualTo(copy);
  }

  @Test
  void podsOfACluster_itsPodsThenEachControllersPods() throws DecodeException {
    String pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: solo, namespace: shop}\nspec: {containers: [{name: c}]}\n";
    Cluster cluster = ClusterReader.read(CODEC.readAll(workload("apps/v1", "ReplicaSet", "  replicas: 2\n")
        + "---\n" + pod, "w.yaml"), CODEC, o -> { });
    assertThat(PodControllers.pods(cluster)).extracting(Pod::name).containsExactly("solo", "web-0", "web-1");
  }

  @Test
  void daemonSet_reusesTheSchedulersNodeAffinityAndTaintSteps() {
    assertThat(NodeFilter.daemonSet().stepNames()).containsExactly("NodeAffinity", "TaintToleration");
    assertThat(NodeFilter.scheduler().stepNames()).containsExactly("NodeUnschedulable", "NodeName", "TaintToleration",
        "NodeAffinity", "NodePorts", "NodeResourcesFit", "PodTopologySpread", "InterPodAffinity", "DynamicResources");
  }
}
