package io.github.dra4j.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.validation.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

final class ExamplesTest {

  static Stream<String> names() {
    return Examples.names().stream();
  }

  @Test
  void names_listEveryFileOfDocsExamples() throws IOException {
    List<String> files;
    try (Stream<Path> s = Files.list(Path.of("..", "docs", "examples"))) {
      files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted()
          .toList();
    }
    assertThat(Examples.names()).containsExactlyInAnyOrderElementsOf(files);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void example_opensWithACommentThatSaysWhatToRun(String name) {
    String text = Examples.text(name);
    assertThat(text).startsWith("# ").contains("dra4j allocate --node ")
        .contains("docs/examples/" + name).contains("Expected allocation");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void example_isCompleteAndValid(String name) {
    List<Object> objects = Examples.load(name);
    List<String> errors = new ArrayList<>();
    int nodes = 0;
    int slices = 0;
    int classes = 0;
    int claims = 0;
    for (Object o : objects) {
      if (o instanceof ResourceSlice) {
        slices++;
        ResourceSlice s = (ResourceSlice) o;
        Validator.validate(s).forEach(e -> errors.add("ResourceSlice/" + s.name() + ": " + e));
      } else if (o instanceof ResourceClaim) {
        claims++;
        ResourceClaim c = (ResourceClaim) o;
        Validator.validate(c).forEach(e -> errors.add("ResourceClaim/" + c.name() + ": " + e));
      } else if (o instanceof DeviceClass) {
        classes++;
        DeviceClass c = (DeviceClass) o;
        Validator.validate(c).forEach(e -> errors.add("DeviceClass/" + c.name() + ": " + e));
      } else if (o instanceof Node) {
        nodes++;
      } else {
        errors.add("unexpected object " + o);
      }
    }
    assertThat(errors).isEmpty();
    assertThat(nodes).isPositive();
    assertThat(classes).isPositive();
    assertThat(slices).isGreaterThanOrEqualTo(2);
    assertThat(claims).isPositive();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void example_roundTripsThroughTheCodec(String name) throws IOException {
    KubernetesCodec codec = KubernetesCodec.create();
    List<Object> objects = Examples.load(name);
    assertThat(codec.readAll(codec.writeYaml(objects), name)).isEqualTo(objects);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void expected_agreesWithTheCommentAndTheObjects(String name) {
    Examples.Expected expected = Examples.expected(name);
    String text = Examples.text(name);
    String comment = text.substring(0, text.indexOf("\napiVersion:"));
    List<Object> objects = Examples.load(name);
    List<String> claimsToAllocate = objects.stream().filter(ResourceClaim.class::isInstance)
        .map(ResourceClaim.class::cast).filter(c -> c.allocation() == null)
        .map(ResourceClaim::name).toList();
    List<String> devices = objects.stream().filter(ResourceSlice.class::isInstance)
        .map(ResourceSlice.class::cast).flatMap(s -> s.spec().devices().stream())
        .map(d -> d.name()).toList();
    assertThat(expected.devices().keySet()).containsExactlyElementsOf(claimsToAllocate);
    assertThat(objects).anySatisfy(o -> assertThat(o).isInstanceOfSatisfying(Node.class,
        n -> assertThat(n.name()).isEqualTo(expected.node())));
    assertThat(comment).contains("--node " + expected.node());
    expected.devices().forEach((claim, names) -> {
      assertThat(comment).contains(claim);
      assertThat(devices).containsAll(names);
      assertThat(comment).contains(names.get(0)).contains(names.get(names.size() - 1));
    });
  }

  @Test
  void dgxExample_spreadsEightGpusOverSlicesOfAtMost64Devices() {
    List<ResourceSlice> slices = Examples.load(Examples.DGX_A100_MIG).stream()
        .filter(ResourceSlice.class::isInstance).map(ResourceSlice.class::cast).toList();
    assertThat(slices).hasSize(5).allSatisfy(s -> {
      assertThat(s.spec().devices()).hasSizeLessThanOrEqualTo(64);
      assertThat(s.spec().pool().resourceSliceCount()).isEqualTo(5);
    });
    assertThat(slices.stream().mapToInt(s -> s.spec().devices().size()).sum()).isEqualTo(8 * 26);
    assertThat(slices.stream().mapToInt(s -> s.spec().sharedCounters().size()).sum()).isEqualTo(8);
  }

  @Test
  void a100MigExample_hasEveryPlacementOfTheKepTable() {
    ResourceSlice devices = Examples.load(Examples.A100_MIG).stream()
        .filter(ResourceSlice.class::isInstance).map(ResourceSlice.class::cast)
        .filter(s -> !s.spec().devices().isEmpty()).findFirst().orElseThrow();
    assertThat(devices.spec().devices()).extracting(d -> d.name()).contains(
        "gpu-0", "gpu-0-mig-7g-40gb-0-7", "gpu-0-mig-4g-20gb-0-3", "gpu-0-mig-3g-20gb-0-3",
        "gpu-0-mig-3g-20gb-4-7", "gpu-0-mig-2g-10gb-4-5", "gpu-0-mig-1g-10gb-6-7",
        "gpu-0-mig-1g-5gb-6", "gpu-0-mig-1g-5gb-me-6").hasSize(26);
  }

  @Test
  void open_unknownExample_namesTheKnownOnes() {
    assertThatThrownBy(() -> Examples.open("nope.yaml"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("nope.yaml").hasMessageContaining(Examples.A100_MIG);
  }

  @Test
  void validator_reportsFieldErrorsOfABrokenExample() {
    ResourceSlice s = Examples.load(Examples.GPU_MEMORY_PARTITIONS).stream()
        .filter(ResourceSlice.class::isInstance).map(ResourceSlice.class::cast)
        .filter(x -> x.spec().mixins() != null).findFirst().orElseThrow();
    ResourceSlice broken = new ResourceSlice(s.metadata(), new io.github.dra4j.api.ResourceSliceSpec(
        s.spec().driver(), s.spec().pool(), s.spec().nodeName(), null, false, false,
        s.spec().devices(), s.spec().sharedCounters(), null));
    assertThat(Validator.validate(broken)).extracting(FieldError::toString).contains(
        "spec.devices[1].includes[0]: Not found: \"gpu-partition-capacity\": must be the name of"
            + " a device mixin in this ResourceSlice");
  }
}
