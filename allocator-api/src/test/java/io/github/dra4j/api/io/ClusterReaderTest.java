package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.LabelSelectorRequirement;
import io.github.dra4j.api.PodController;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Decoded objects sorted into a Cluster, pod controllers decoded, other kinds handed back. */
final class ClusterReaderTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final String TEMPLATE = ""
      + "  template:\n"
      + "    metadata:\n"
      + "      labels: {app: web}\n"
      + "    spec:\n"
      + "      containers:\n"
      + "      - name: ctr\n"
      + "        image: ubuntu:22.04\n";

  private static String controller(String apiVersion, String kind, String specLines) {
    return "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: web\n  namespace: shop\n"
        + "  uid: \"1234\"\nspec:\n" + specLines + TEMPLATE;
  }

  /* Adds the one object of the text as the CLI does, with its file and document. */
  private static Cluster read(String yaml, KubernetesCodec codec, List<Object> skipped) throws DecodeException {
    ClusterReader reader = ClusterReader.create(codec);
    for (Object o : codec.readAll(yaml, "w.yaml")) {
      if (!reader.add(o, "w.yaml", 1)) {
        skipped.add(o);
      }
    }
    return reader.cluster();
  }

  @Test
  void objectsAreSortedByKind_inInputOrder_otherKindsHandedBack() throws DecodeException {
    String yaml = String.join("---\n",
        "apiVersion: v1\nkind: Node\nmetadata: {name: n2}\n",
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shop}\n",
        "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {}\n",
        "apiVersion: v1\nkind: Node\nmetadata: {name: n1}\n",
        controller("batch/v1", "Job", "  parallelism: 2\n"),
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c}]}\n");
    List<Object> skipped = new ArrayList<>();

    Cluster cluster = ClusterReader.read(CODEC.readAll(yaml, "c.yaml"), CODEC, skipped::add);

    assertThat(cluster.nodes()).extracting(n -> n.name()).containsExactly("n2", "n1");
    assertThat(cluster.classes()).hasSize(1);
    assertThat(cluster.pods()).hasSize(1);
    assertThat(cluster.controllers()).singleElement().satisfies(c -> {
      assertThat(c.kind()).isEqualTo("Job");
      assertThat(c.parallelism()).isEqualTo(2);
      assertThat(c.completions()).isNull();
      assertThat(c.template().metadata().labels()).isEqualTo(Map.of("app", "web"));
    });
    assertThat(skipped).singleElement().isInstanceOf(UnknownObject.class)
        .satisfies(o -> assertThat(((UnknownObject) o).kind()).isEqualTo("ConfigMap"));
  }

  @ParameterizedTest(name = "{0} {1}: {2}")
  @CsvSource({
      "apps/v1, Deployment, true",
      "apps/v1, ReplicaSet, true",
      "apps/v1, StatefulSet, true",
      "batch/v1, Job, true",
      "apps/v1, DaemonSet, true",
      "v1, ReplicationController, true",
      "extensions/v1beta1, Deployment, false",
      "apps/v1beta2, StatefulSet, false",
      "batch/v1, CronJob, false",
      "v1, ConfigMap, false"})
  void podControllers_byApiVersionAndKind(String apiVersion, String kind, boolean expected) throws DecodeException {
    List<Object> skipped = new ArrayList<>();
    Cluster cluster = read(controller(apiVersion, kind, ""), CODEC, skipped);
    assertThat(cluster.controllers()).hasSize(expected ? 1 : 0);
    assertThat(skipped).hasSize(expected ? 0 : 1);
  }

  @Test
  void countsAreKeptAsGiven() throws DecodeException {
    PodController s = read(controller("apps/v1", "StatefulSet", "  replicas: 3\n  ordinals: {start: 5}\n"), CODEC,
        new ArrayList<>()).controllers().get(0);
    assertThat(s.replicas()).isEqualTo(3);
    assertThat(s.ordinalsStart()).isEqualTo(5);
    assertThat(s.metadata().namespace()).isEqualTo("shop");
    assertThat(s.metadata().uid()).isEqualTo("1234");
  }

  @Test
  void selectorIsKept_forPodTopologySpreadsDefaultConstraints() throws DecodeException {
    PodController d = read(controller("apps/v1", "Deployment", "  selector: {matchLabels: {app: web},"
        + " matchExpressions: [{key: tier, operator: In, values: [front]}]}\n"), CODEC, new ArrayList<>()).controllers().get(0);
    assertThat(d.selector()).isEqualTo(new LabelSelector(Map.of("app", "web"),
        List.of(new LabelSelectorRequirement("tier", "In", List.of("front")))));
    assertThat(read(controller("apps/v1", "ReplicaSet", ""), CODEC, new ArrayList<>()).controllers().get(0).selector())
        .isNull();
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', value = {
      "spec: {selector: {matchLabel: {a: b}}, template: {spec: {}}}|w.yaml, document 1 (Deployment/web), spec.selector.matchLabel: unknown field \"matchLabel\", did you mean \"matchLabels\"?",
      "spec: {replicas: two}|w.yaml, document 1 (Deployment/web), spec.replicas: must be an integer, got \"two\"",
      "spec: {replicas: -1}|w.yaml, document 1 (Deployment/web), spec.replicas: Invalid value: -1: must be greater than or equal to 0",
      "spec: {replicas: 1.5}|w.yaml, document 1 (Deployment/web), spec.replicas: must be an integer, got 1.5",
      "spec: {replicas: 1}|w.yaml, document 1 (Deployment/web), spec.template: Required value",
      "spec: {template: [1]}|w.yaml, document 1 (Deployment/web), spec.template: must be an object",
      "spec: {template: {metadata: x}}|w.yaml, document 1 (Deployment/web), spec.template.metadata: must be an object",
      "spec: {template: {metadata: {}}}|w.yaml, document 1 (Deployment/web), spec.template.spec: Required value"})
  void invalidController_namesFileDocumentObjectAndField(String spec, String message) {
    assertThatThrownBy(() -> read("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n" + spec, CODEC,
        new ArrayList<>())).isInstanceOf(DecodeException.class).hasMessage(message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "Deployment|replicas: 2147483647|spec.replicas: Invalid value: 2147483647",
      "StatefulSet|replicas: 100001|spec.replicas: Invalid value: 100001",
      "Job|parallelism: 100001|spec.parallelism: Invalid value: 100001",
      "Job|completions: 2000000|spec.completions: Invalid value: 2000000"})
  void podCountAboveTheLimit_isAnError_namingControllerAndField(String kind, String spec, String error) {
    String apiVersion = PodController.apiVersionOf(kind);
    assertThatThrownBy(() -> read(controller(apiVersion, kind, "  " + spec + "\n"), CODEC, new ArrayList<>()))
        .isInstanceOf(DecodeException.class)
        .hasMessageStartingWith("w.yaml, document 1 (" + kind + "/shop/web), " + error + ": more than the 100000 pods");
  }

  @Test
  void podCountAtALargerLimit_isRead() throws DecodeException {
    ClusterReader reader = ClusterReader.create(CODEC).maxPods(200_000);
    for (Object o : CODEC.readAll(controller("apps/v1", "Deployment", "  replicas: 150000\n"), "w.yaml")) {
      assertThat(reader.add(o, "w.yaml", 1)).isTrue();
    }
    assertThat(reader.cluster().controllers()).singleElement().satisfies(c -> assertThat(c.replicas()).isEqualTo(150_000));
    assertThatThrownBy(() -> ClusterReader.create(CODEC).maxPods(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  /* Adds every document of the text with its number, as the CLI does. */
  private static ClusterReader readDocuments(String yaml) throws DecodeException {
    ClusterReader reader = ClusterReader.create(CODEC);
    CODEC.readAll(yaml, "c.yaml", (o, document) -> {
      try {
        assertThat(reader.add(o, "c.yaml", document)).isTrue();
      } catch (DecodeException e) {
        throw new IllegalStateException(e);
      }
    });
    return reader;
  }

  @Test
  void twoObjectsOfOneKindAndName_areAnError_namingBothDocuments() throws DecodeException {
    String gpu = "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {}\n";
    String claim = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: same%s}\n"
        + "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: gpu}}]}}\n";
    ClusterReader reader = readDocuments(String.join("---\n", gpu, String.format(claim, ", namespace: default"),
        "apiVersion: v1\nkind: Node\nmetadata: {name: node-a}\n", gpu, String.format(claim, "")));

    assertThatThrownBy(reader::cluster).isInstanceOf(DecodeException.class).hasMessage(String.join("\n",
        "c.yaml, document 4 (DeviceClass/gpu), metadata.name: Duplicate value: \"gpu\": the same kind, namespace"
            + " and name as DeviceClass/gpu (c.yaml, document 1); the API server refuses to create a second object"
            + " of one name",
        "c.yaml, document 5 (ResourceClaim/same), metadata.name: Duplicate value: \"same\": the same kind,"
            + " namespace and name as ResourceClaim/default/same (c.yaml, document 2); the API server refuses to"
            + " create a second object of one name"));
  }

  @Test
  void oneDeviceNameInTwoSlicesOfAPool_isAWarning_namingBothSlices() throws DecodeException {
    String slice = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: %s}\nspec:\n"
        + "  driver: gpu.example.com\n  nodeName: node-a\n  pool: {name: p, generation: 1, resourceSliceCount: 2}\n"
        + "  devices: [{name: %s}]\n";
    ClusterReader reader = readDocuments(String.format(slice, "a", "gpu-0") + "---\n" + String.format(slice, "b", "gpu-0"));

    assertThat(reader.cluster().slices()).hasSize(2);
    assertThat(reader.poolWarnings()).extracting(DecodeException::getMessage).containsExactly(
        "c.yaml, document 2 (ResourceSlice/b), spec.devices[0].name: Duplicate value: \"gpu-0\": also a device of"
            + " ResourceSlice/a (c.yaml, document 1) in pool gpu.example.com/p: the scheduler refuses the pool");
  }

  @Test
  void oneSliceGivenTwice_isAWarning_theAllocatorRefusesItsPool() throws DecodeException {
    String slice = "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: a}\nspec:\n"
        + "  driver: gpu.example.com\n  nodeName: node-a\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n"
        + "  devices: [{name: gpu-0}]\n";
    ClusterReader reader = readDocuments(slice + "---\n" + slice);

    assertThat(reader.cluster().slices()).as("both kept: the pool has more slices than it counts").hasSize(2);
    assertThat(reader.poolWarnings()).extracting(DecodeException::getMessage).contains(
        "c.yaml, document 2 (ResourceSlice/a), metadata.name: Duplicate value: \"a\": the same kind, namespace and"
            + " name as ResourceSlice/a (c.yaml, document 1); the API server refuses to create a second object of"
            + " one name");
  }

  @Test
  void noName_isRequired() {
    assertThatThrownBy(() -> read("apiVersion: apps/v1\nkind: Deployment\nspec:\n" + TEMPLATE, CODEC, new ArrayList<>()))
        .isInstanceOf(DecodeException.class)
        .hasMessage("w.yaml, document 1 (Deployment), metadata.name: Required value");
  }

  @Test
  void unknownTemplateField_strict_isAnErrorAtItsPathBelowSpecTemplate() {
    String yaml = controller("apps/v1", "Deployment", "").replace("        image: ubuntu:22.04\n",
        "        image: ubuntu:22.04\n        imag: typo\n");
    assertThatThrownBy(() -> read(yaml, CODEC, new ArrayList<>()))
        .isInstanceOf(DecodeException.class)
        .hasMessageStartingWith("w.yaml, document 1 (Deployment/shop/web), spec.template.spec.containers[0].imag: ")
        .hasMessageContaining("unknown field");
  }

  @Test
  void unknownTemplateField_warn_isReportedOnce_andDropped() throws DecodeException {
    String yaml = controller("apps/v1", "Deployment", "  replicas: 2\n").replace("        image: ubuntu:22.04\n",
        "        image: ubuntu:22.04\n        imag: typo\n");
    List<String> warnings = new ArrayList<>();
    KubernetesCodec warn = CODEC.withFieldValidation(FieldValidation.WARN, w -> warnings.add(w.getMessage()));

    Cluster cluster = read(yaml, warn, new ArrayList<>());

    assertThat(cluster.controllers()).hasSize(1);
    assertThat(warnings).singleElement().satisfies(w -> assertThat(w)
        .startsWith("w.yaml, document 1 (Deployment/shop/web), spec.template.spec.containers[0].imag: "));
  }

  @Test
  void inputIsNotMutated() throws DecodeException {
    List<Object> objects = CODEC.readAll(controller("apps/v1", "Deployment", "  replicas: 2\n"), "w.yaml");
    String before = ((UnknownObject) objects.get(0)).content().json();
    var unused = ClusterReader.read(objects, CODEC, o -> { });
    assertThat(((UnknownObject) objects.get(0)).content().json()).isEqualTo(before);
  }
}
