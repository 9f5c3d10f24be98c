package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.FieldValidation;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.UnknownObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The pods {@link Workloads} makes of a Deployment, ReplicaSet, StatefulSet or Job. */
final class WorkloadsTest {
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

  private static Input.Item item(String yaml) {
    try {
      List<Object> objects = KubernetesCodec.create().readAll(yaml, "w.yaml");
      return new Input.Item(objects.get(0), "w.yaml", 1);
    } catch (DecodeException e) {
      throw new AssertionError(e);
    }
  }

  private static List<Pod> expand(String yaml) {
    return expand(yaml, List.of());
  }

  private static List<Pod> expand(String yaml, List<Node> nodes) {
    return Workloads.expand(item(yaml), KubernetesCodec.create(), nodes, w -> {
      throw new AssertionError("unexpected warning: " + w);
    });
  }

  private static String workload(String apiVersion, String kind, String specLines) {
    return "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: web\n  namespace: shop\n"
        + "  uid: \"1234\"\nspec:\n" + specLines + TEMPLATE;
  }

  @ParameterizedTest(name = "{0} {1}: {2}")
  @CsvSource({
      "apps/v1, Deployment, true",
      "apps/v1, ReplicaSet, true",
      "apps/v1, StatefulSet, true",
      "batch/v1, Job, true",
      "apps/v1, DaemonSet, true",
      "extensions/v1beta1, Deployment, false",
      "apps/v1beta2, StatefulSet, false",
      "batch/v1, CronJob, false",
      "v1, Namespace, false"})
  void isWorkload_byApiVersionAndKind(String apiVersion, String kind, boolean expected) {
    UnknownObject o = (UnknownObject) item("apiVersion: " + apiVersion + "\nkind: " + kind
        + "\nmetadata: {name: x}\n").object();
    assertThat(Workloads.isWorkload(o)).isEqualTo(expected);
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

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', value = {
      "spec: {replicas: two}|w.yaml, document 1 (Deployment/web), spec.replicas: must be an integer, got \"two\"",
      "spec: {replicas: -1}|w.yaml, document 1 (Deployment/web), spec.replicas: must be greater than or equal to 0, got -1",
      "spec: {replicas: 1.5}|w.yaml, document 1 (Deployment/web), spec.replicas: must be an integer, got 1.5",
      "spec: {replicas: 1}|w.yaml, document 1 (Deployment/web), spec.template: Required value",
      "spec: {template: [1]}|w.yaml, document 1 (Deployment/web), spec.template: must be an object",
      "spec: {template: {metadata: x}}|w.yaml, document 1 (Deployment/web), spec.template.metadata: must be an object",
      "spec: {template: {metadata: {}}}|w.yaml, document 1 (Deployment/web), spec.template.spec: Required value"})
  void invalidWorkload_namesFileDocumentObjectAndField(String spec, String message) {
    assertThatThrownBy(() -> expand("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n" + spec))
        .isInstanceOf(CliException.class).hasMessage(message);
  }

  @Test
  void noName_isRequired() {
    assertThatThrownBy(() -> expand("apiVersion: apps/v1\nkind: Deployment\nspec:\n" + TEMPLATE))
        .isInstanceOf(CliException.class)
        .hasMessage("w.yaml, document 1 (Deployment), metadata.name: Required value");
  }

  @Test
  void unknownTemplateField_strict_isAnErrorAtItsPathBelowSpecTemplate() {
    String yaml = workload("apps/v1", "Deployment", "").replace("        image: ubuntu:22.04\n",
        "        image: ubuntu:22.04\n        imag: typo\n");
    assertThatThrownBy(() -> expand(yaml))
        .isInstanceOf(CliException.class)
        .hasMessageStartingWith("w.yaml, document 1 (Deployment/shop/web), spec.template.spec.containers[0].imag: ")
        .hasMessageContaining("unknown field");
  }

  @Test
  void unknownTemplateField_warn_isReportedOncePerWorkload_andDropped() {
    String yaml = workload("apps/v1", "Deployment", "  replicas: 2\n").replace("        image: ubuntu:22.04\n",
        "        image: ubuntu:22.04\n        imag: typo\n");
    List<String> warnings = new ArrayList<>();
    KubernetesCodec warn = KubernetesCodec.create().withFieldValidation(FieldValidation.WARN, w -> {
      throw new AssertionError("the workload's own warnings are used");
    });
    List<Pod> pods = Workloads.expand(item(yaml), warn, List.of(), warnings::add);
    assertThat(pods).hasSize(2);
    assertThat(warnings).singleElement().satisfies(w -> assertThat(w)
        .startsWith("w.yaml, document 1 (Deployment/shop/web), spec.template.spec.containers[0].imag: "));
  }

  @Test
  void inputIsNotMutated() {
    Input.Item item = item(workload("apps/v1", "Deployment", "  replicas: 2\n"));
    String before = ((UnknownObject) item.object()).content().json();
    var unused = Workloads.expand(item, KubernetesCodec.create(), List.of(), w -> { });
    assertThat(((UnknownObject) item.object()).content().json()).isEqualTo(before);
  }
}
