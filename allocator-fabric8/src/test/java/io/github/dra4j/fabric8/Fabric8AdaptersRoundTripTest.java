package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.github.dra4j.api.ContainerImage;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.UnknownObject;
import io.github.dra4j.testing.Examples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** fabric8 -> record -> fabric8 and record -> fabric8 -> record over every scenario object and fixture. */
final class Fabric8AdaptersRoundTripTest {

  /* --- helpers --- */

  /** Converts one fabric8 object to its record, or returns null for kinds the adapters do not cover. */
  static Object toRecord(HasMetadata o) {
    if (o instanceof io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice) {
      return Fabric8Adapters.toRecord((io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice) o);
    } else if (o instanceof io.fabric8.kubernetes.api.model.resource.v1.DeviceClass) {
      return Fabric8Adapters.toRecord((io.fabric8.kubernetes.api.model.resource.v1.DeviceClass) o);
    } else if (o instanceof io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim) {
      return Fabric8Adapters.toRecord((io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim) o);
    } else if (o instanceof io.fabric8.kubernetes.api.model.Node) {
      return Fabric8Adapters.toRecord((io.fabric8.kubernetes.api.model.Node) o);
    } else if (o instanceof io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceSlice) {
      return Fabric8Adapters.toRecord((io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceSlice) o);
    } else if (o instanceof io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceClass) {
      return Fabric8Adapters.toRecord((io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceClass) o);
    } else if (o instanceof io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceClaim) {
      return Fabric8Adapters.toRecord((io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceClaim) o);
    }
    throw new IllegalArgumentException("unexpected " + o.getClass());
  }

  static HasMetadata toFabric8(Object record) {
    if (record instanceof ResourceSlice) {
      return Fabric8Adapters.toFabric8((ResourceSlice) record);
    } else if (record instanceof DeviceClass) {
      return Fabric8Adapters.toFabric8((DeviceClass) record);
    } else if (record instanceof ResourceClaim) {
      return Fabric8Adapters.toFabric8((ResourceClaim) record);
    } else if (record instanceof Node) {
      return Fabric8Adapters.toFabric8((Node) record);
    }
    throw new IllegalArgumentException("unexpected " + record.getClass());
  }

  static HasMetadata toFabric8V1beta2(Object record) {
    if (record instanceof ResourceSlice) {
      return Fabric8Adapters.toFabric8V1beta2((ResourceSlice) record);
    } else if (record instanceof DeviceClass) {
      return Fabric8Adapters.toFabric8V1beta2((DeviceClass) record);
    } else if (record instanceof ResourceClaim) {
      return Fabric8Adapters.toFabric8V1beta2((ResourceClaim) record);
    }
    return toFabric8(record);
  }

  /** Asserts both round trips, over the wire too, and that the input was not modified. */
  static void assertRoundTrips(HasMetadata original) {
    HasMetadata pristine = Fabric8Yaml.SERIALIZATION.clone(original);
    Object record = toRecord(original);

    HasMetadata back = toFabric8(record);
    assertThat(back).as("fabric8 -> record -> fabric8").isEqualTo(original);
    assertThat(toRecord(back)).as("record -> fabric8 -> record").isEqualTo(record);

    String json = Fabric8Yaml.SERIALIZATION.asJson(back);
    HasMetadata wire = Fabric8Yaml.SERIALIZATION.unmarshal(json, back.getClass());
    assertThat(toRecord(wire)).as("record -> fabric8 -> JSON -> fabric8 -> record").isEqualTo(record);

    HasMetadata beta = toFabric8V1beta2(record);
    assertThat(toRecord(beta)).as("record -> v1beta2 -> record").isEqualTo(record);

    assertThat(original).as("input unchanged").isEqualTo(pristine);
  }

  /* --- tests --- */

  @TestFactory
  Stream<DynamicTest> everyScenarioObject_roundTrips() {
    List<Path> files = Fabric8Yaml.scenarioFiles();
    assertThat(files).hasSizeGreaterThanOrEqualTo(184);
    return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
      List<HasMetadata> objects = Fabric8Yaml.scenario(file);
      assertThat(objects).isNotEmpty();
      for (HasMetadata o : objects) {
        assertRoundTrips(o);
      }
    }));
  }

  /** The adapters and the project's own YAML codec must read every scenario to the same records. */
  @TestFactory
  Stream<DynamicTest> everyScenarioObject_matchesCodec() {
    KubernetesCodec codec = KubernetesCodec.create();
    return Fabric8Yaml.scenarioFiles().stream().map(file -> DynamicTest.dynamicTest(
        file.getFileName().toString(), () -> {
          List<Object> viaCodec = codec.readAll(Files.readString(file), file.toString()).stream()
              .filter(o -> !(o instanceof UnknownObject))
              .map(Fabric8AdaptersRoundTripTest::emptyListsAsEmpty).toList();
          List<Object> viaFabric8 = Fabric8Yaml.scenario(file).stream()
              .map(Fabric8AdaptersRoundTripTest::toRecord).toList();
          assertThat(viaFabric8).isNotEmpty().isEqualTo(viaCodec);
        }));
  }

  /**
   * fabric8 keeps absent and empty lists alike (and omits empty ones on the wire), so an
   * attribute written as {@code strings: []} arrives as a value-less attribute; both are
   * "unsupported attribute value" for the allocator.
   */
  private static Object emptyListsAsEmpty(Object o) {
    if (!(o instanceof ResourceSlice)) {
      return o;
    }
    ResourceSlice s = (ResourceSlice) o;
    List<Device> devices = s.spec().devices().stream().map(d -> {
      Map<String, DeviceAttribute> attributes = new TreeMap<>(d.attributes());
      attributes.replaceAll((k, a) -> a.isList() && listSize(a) == 0 ? DeviceAttribute.empty() : a);
      return new Device(d.name(), attributes, d.capacity(), d.consumesCounters(), d.includes(), d.nodeName(),
          d.nodeSelector(), d.allNodes(), d.taints(), d.bindingConditions(), d.bindingFailureConditions(),
          d.bindsToNode(), d.allowMultipleAllocations(), d.nodeAllocatableResources());
    }).toList();
    ResourceSliceSpec p = s.spec();
    return new ResourceSlice(s.metadata(), new ResourceSliceSpec(p.driver(), p.pool(), p.nodeName(),
        p.nodeSelector(), p.allNodes(), p.perDeviceNodeSelection(), devices, p.sharedCounters(), p.mixins(),
        p.partitionTypeAttribute(), p.skipNodeOperations()));
  }

  private static int listSize(DeviceAttribute a) {
    if (a instanceof DeviceAttribute.OfBools) {
      return ((DeviceAttribute.OfBools) a).values().size();
    } else if (a instanceof DeviceAttribute.OfInts) {
      return ((DeviceAttribute.OfInts) a).values().size();
    } else if (a instanceof DeviceAttribute.OfStrings) {
      return ((DeviceAttribute.OfStrings) a).values().size();
    }
    return ((DeviceAttribute.OfVersions) a).values().size();
  }

  @Test
  void allFieldsFixture_matchesCodec() throws Exception {
    String yaml = Files.readString(Path.of(getClass().getResource("/fabric8/all-fields.yaml").toURI()));
    List<Object> viaFabric8 = Fabric8Yaml.read(yaml).stream().map(Fabric8AdaptersRoundTripTest::toRecord).toList();
    assertThat(viaFabric8).hasSize(5).isEqualTo(KubernetesCodec.create().readAll(yaml, "all-fields.yaml"));
  }

  /** The KEP example fixtures (A100 mixins, MIG, DGX, TPU multi-host): round trips and agreement with the codec. */
  @TestFactory
  Stream<DynamicTest> everyExampleFixture_roundTripsAndMatchesCodec() {
    assertThat(Examples.names()).isNotEmpty();
    return Examples.names().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
      List<HasMetadata> objects = Fabric8Yaml.read(Examples.text(name));
      assertThat(objects).isNotEmpty();
      for (HasMetadata o : objects) {
        assertRoundTrips(o);
      }
      List<Object> viaCodec = Examples.load(name).stream().filter(o -> !(o instanceof UnknownObject))
          .map(Fabric8AdaptersRoundTripTest::emptyListsAsEmpty).toList();
      assertThat(objects.stream().map(Fabric8AdaptersRoundTripTest::toRecord).toList()).isEqualTo(viaCodec);
    }));
  }

  @Test
  void v1beta2Objects_convertLikeTheirV1Twins() throws Exception {
    String v1 = Files.readString(Path.of(getClass().getResource("/fabric8/all-fields.yaml").toURI()));
    List<HasMetadata> beta = Fabric8Yaml.read(v1.replace("resource.k8s.io/v1\n", "resource.k8s.io/v1beta2\n"));
    assertThat(beta).hasSize(5).filteredOn(o -> o.getApiVersion().equals("resource.k8s.io/v1beta2")).hasSize(4);
    List<Object> expected = Fabric8Yaml.read(v1).stream().map(Fabric8AdaptersRoundTripTest::toRecord).toList();

    assertThat(beta.stream().map(Fabric8AdaptersRoundTripTest::toRecord).toList()).isEqualTo(expected);
    for (HasMetadata o : beta) {
      if (!(o instanceof io.fabric8.kubernetes.api.model.Node)) {
        HasMetadata back = toFabric8V1beta2(toRecord(o));
        assertThat(back.getApiVersion()).isEqualTo("resource.k8s.io/v1beta2");
        assertThat(back).isEqualTo(o);
      }
    }
  }

  /**
   * The device fields that Kubernetes 1.37 renamed or widened: {@code nodeAllocatableResources}
   * (the name that replaced {@code nodeAllocatableResourceMappings}) and a taint with the
   * informational effect {@code None} cross fabric8 in both directions under their 1.37 names.
   */
  @Test
  void allFieldsFixture_carriesNodeAllocatableResourcesAndTaintEffectNone() {
    var slice = (io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice) Fabric8Yaml.resource("all-fields.yaml").get(0);
    Device device = Fabric8Adapters.toRecord(slice).spec().devices().get(0);

    assertThat(device.nodeAllocatableResources()).containsOnlyKeys("cpu", "memory");
    assertThat(device.taints()).extracting(DeviceTaint::effect)
        .containsExactly(DeviceTaint.EFFECT_NO_SCHEDULE, DeviceTaint.EFFECT_NONE);
    var back = Fabric8Adapters.toFabric8(Fabric8Adapters.toRecord(slice)).getSpec().getDevices().get(0);
    assertThat(back.getAdditionalProperties()).containsKey("nodeAllocatableResources")
        .doesNotContainKey("nodeAllocatableResourceMappings");
    assertThat(back.getTaints()).extracting(t -> t.getEffect()).containsExactly("NoSchedule", "None");
  }

  /** A node's {@code status.images}, which ImageLocality reads, cross fabric8's typed field both ways. */
  @Test
  void allFieldsFixture_carriesNodeImages() {
    var node = (io.fabric8.kubernetes.api.model.Node) Fabric8Yaml.resource("all-fields.yaml").get(4);
    Node record = Fabric8Adapters.toRecord(node);
    assertThat(record.images()).containsExactly(ContainerImage.of(9876543210L, "nvcr.io/nvidia/pytorch:24.05-py3",
        "nvcr.io/nvidia/pytorch@sha256:0a1b2c"));
    assertThat(Fabric8Adapters.toFabric8(record).getStatus().getImages().get(0).getSizeBytes()).isEqualTo(9876543210L);
  }

  @Test
  void allFieldsFixture_roundTrips() {
    List<HasMetadata> objects = Fabric8Yaml.resource("all-fields.yaml");
    assertThat(objects).hasSize(5);
    for (HasMetadata o : objects) {
      assertRoundTrips(o);
    }
  }
}
