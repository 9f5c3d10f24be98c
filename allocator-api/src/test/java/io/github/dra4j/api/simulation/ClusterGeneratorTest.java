package io.github.dra4j.api.simulation;

import static io.github.dra4j.testing.Builders.counterSet;
import static io.github.dra4j.testing.Builders.counters;
import static io.github.dra4j.testing.Builders.counterSlice;
import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.nodeNameSelector;
import static io.github.dra4j.testing.Builders.nodeSelector;
import static io.github.dra4j.testing.Builders.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.validation.CrossObjectValidator;
import io.github.dra4j.api.validation.SourcedObject;
import io.github.dra4j.api.validation.Validator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a stamped copy of a node and its slices is named, what it shares, and that it validates. */
final class ClusterGeneratorTest {
  private static final String NODE_UID = "8d1c4e60-0000-4000-8000-000000000001";
  private static final Node NODE = new Node(ObjectMeta.builder().name("node-1").uid(NODE_UID)
      .labels(Map.of("kubernetes.io/hostname", "node-1", "zone", "z1")).build());
  private static final OwnerReference OWNER = new OwnerReference("v1", "Node", "node-1", NODE_UID, true, null);

  /* The node's own slices: by nodeName (with a counter slice of the same pool), by a node selector, by device. */
  private static final ResourceSlice GPUS = withOwner(slice("node-1-gpus", "gpu.example.com", "node-1-gpus", "node-1",
      device("gpu-0").consumes("cs-0", "mem", "1Gi")).resourceSliceCount(2).build());
  private static final ResourceSlice COUNTERS = counterSlice("node-1-counters", "gpu.example.com", "node-1-gpus",
      "node-1", counterSet("cs-0", counters("mem", "1Gi"))).resourceSliceCount(2).build();
  private static final ResourceSlice NICS = slice("nics", "nic.example.com", "nics", null, device("nic-0"))
      .nodeSelector(nodeNameSelector("node-1")).build();
  private static final ResourceSlice PER_DEVICE = slice("fabric", "fabric.example.com", "fabric", null,
      device("link-0").nodeSelector(nodeSelector("kubernetes.io/hostname", "In", "node-1", "node-9")),
      device("link-1").nodeName("node-1")).perDeviceNodeSelection(true).build();
  /* Not the node's: given once. */
  private static final ResourceSlice OTHER_NODE = slice("node-2-gpus", "gpu.example.com", "node-2-gpus", "node-2",
      device("gpu-0")).build();
  private static final ResourceSlice ALL_NODES = slice("net", "net.example.com", "net", null, device("vlan-0"))
      .allNodes(true).build();
  private static final ResourceSlice BY_ZONE = slice("zonal", "zone.example.com", "zonal", null, device("z-0"))
      .nodeSelector(nodeSelector("zone", "In", "z1")).build();

  private static final List<Object> TEMPLATE = List.of(deviceClass("gpu", "true"), NODE, GPUS, COUNTERS, NICS,
      OTHER_NODE, PER_DEVICE, ALL_NODES, BY_ZONE);

  private static ResourceSlice withOwner(ResourceSlice s) {
    return new ResourceSlice(s.metadata().toBuilder().uid("slice-uid").addOwnerReference(OWNER).build(), s.spec());
  }

  @Test
  void of_splitsTheNodesSlicesFromTheObjectsGivenOnce() {
    ClusterGenerator g = ClusterGenerator.of(NODE, TEMPLATE);

    assertThat(g.slices()).containsExactly(GPUS, COUNTERS, NICS, PER_DEVICE);
    assertThat(g.shared()).containsExactly(TEMPLATE.get(0), OTHER_NODE, ALL_NODES, BY_ZONE);
  }

  @Test
  void generate_givesTheSharedObjectsOnce_thenEachCopy() {
    List<Object> cluster = ClusterGenerator.of(NODE, TEMPLATE).generate(3);

    assertThat(cluster).hasSize(4 + 3 * 5);
    assertThat(cluster.subList(0, 4)).containsExactly(TEMPLATE.get(0), OTHER_NODE, ALL_NODES, BY_ZONE);
    assertThat(cluster.subList(4, cluster.size())).extracting(ClusterGeneratorTest::name).containsExactly(
        "Node/node-1-0", "ResourceSlice/node-1-gpus-0", "ResourceSlice/node-1-counters-0",
        "ResourceSlice/nics-0", "ResourceSlice/fabric-0",
        "Node/node-1-1", "ResourceSlice/node-1-gpus-1", "ResourceSlice/node-1-counters-1",
        "ResourceSlice/nics-1", "ResourceSlice/fabric-1",
        "Node/node-1-2", "ResourceSlice/node-1-gpus-2", "ResourceSlice/node-1-counters-2",
        "ResourceSlice/nics-2", "ResourceSlice/fabric-2");
  }

  @Test
  void copy_renamesEverythingThatNamesTheNode() {
    List<Object> copy = ClusterGenerator.of(NODE, TEMPLATE).copy(7);
    Node node = (Node) copy.get(0);
    ResourceSlice gpus = (ResourceSlice) copy.get(1);
    ResourceSlice counters = (ResourceSlice) copy.get(2);
    ResourceSlice nics = (ResourceSlice) copy.get(3);
    ResourceSlice fabric = (ResourceSlice) copy.get(4);

    assertThat(node.name()).isEqualTo("node-1-7");
    assertThat(node.metadata().labels()).containsExactlyInAnyOrderEntriesOf(
        Map.of("kubernetes.io/hostname", "node-1-7", "zone", "z1"));
    assertThat(gpus.spec().nodeName()).isEqualTo("node-1-7");
    assertThat(gpus.spec().pool().name()).isEqualTo("node-1-gpus-7");
    assertThat(counters.spec().pool().name()).isEqualTo("node-1-gpus-7");
    assertThat(counters.spec().pool().resourceSliceCount()).isEqualTo(2);
    assertThat(nics.spec().nodeSelector()).isEqualTo(NodeSelector.forNodeName("node-1-7"));
    assertThat(fabric.spec().devices().get(0).nodeSelector())
        .isEqualTo(nodeSelector("kubernetes.io/hostname", "In", "node-1-7", "node-9"));
    assertThat(fabric.spec().devices().get(1).nodeName()).isEqualTo("node-1-7");
    assertThat(gpus.metadata().ownerReferences()).singleElement().satisfies(ref -> {
      assertThat(ref.name()).isEqualTo("node-1-7");
      assertThat(ref.uid()).isEqualTo(node.metadata().uid());
      assertThat(ref.controller()).isTrue();
    });
  }

  @Test
  void copy_givesNewUidsWhereTheTemplateHasOne_theSameOnEveryRun() {
    ClusterGenerator g = ClusterGenerator.of(NODE, TEMPLATE);
    List<Object> a = g.copy(1);
    List<Object> b = ClusterGenerator.of(NODE, TEMPLATE).copy(1);

    assertThat(a).isEqualTo(b);
    assertThat(((Node) a.get(0)).metadata().uid()).isNotNull().isNotEqualTo(NODE_UID)
        .isNotEqualTo(((Node) g.copy(2).get(0)).metadata().uid());
    assertThat(((ResourceSlice) a.get(1)).metadata().uid()).isNotNull().isNotEqualTo("slice-uid");
    assertThat(((ResourceSlice) a.get(3)).metadata().uid()).as("the template has none").isNull();
  }

  @Test
  void copy_sharesTheTemplatesDevices_exceptThoseItRenames() {
    List<Object> copy = ClusterGenerator.of(NODE, TEMPLATE).copy(0);
    List<Device> gpus = ((ResourceSlice) copy.get(1)).spec().devices();
    List<Device> fabric = ((ResourceSlice) copy.get(4)).spec().devices();

    assertThat(gpus.get(0)).isSameAs(GPUS.spec().devices().get(0));
    assertThat(fabric.get(0)).isNotSameAs(PER_DEVICE.spec().devices().get(0));
  }

  @Test
  void generate_namesAreUnique_poolsConsistent_andTheClusterValidates() {
    List<Object> cluster = ClusterGenerator.of(NODE, TEMPLATE).generate(50);

    Set<String> names = new HashSet<>();
    List<SourcedObject> objects = new ArrayList<>();
    for (Object o : cluster) {
      assertThat(names.add(name(o))).as("unique: %s", name(o)).isTrue();
      objects.add(SourcedObject.of(o));
      if (o instanceof ResourceSlice) {
        List<FieldError> errors = Validator.validate((ResourceSlice) o);
        assertThat(errors).as(name(o)).isEmpty();
      }
    }
    assertThat(CrossObjectValidator.validate(objects)).isEmpty();
  }

  @Test
  void inputs_areNotChanged() {
    List<Object> before = List.copyOf(TEMPLATE);

    List<Object> cluster = ClusterGenerator.of(NODE, TEMPLATE).generate(2);

    assertThat(cluster).isNotEmpty();
    assertThat(TEMPLATE).isEqualTo(before);
    assertThat(NODE.name()).isEqualTo("node-1");
  }

  @Test
  void aPoolPartlyOnTheNode_isRefused() {
    ResourceSlice elsewhere = slice("node-1-gpus-b", "gpu.example.com", "node-1-gpus", "node-2", device("gpu-9"))
        .resourceSliceCount(2).build();

    assertThatThrownBy(() -> ClusterGenerator.of(NODE, List.of(GPUS, elsewhere)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pool gpu.example.com/node-1-gpus has slices on node node-1 and slices elsewhere"
            + " (node-1-gpus-b); a copy of the node would get part of the pool");
  }

  @Test
  void badArguments_areRefused() {
    ClusterGenerator g = ClusterGenerator.of(NODE, TEMPLATE);

    assertThatThrownBy(() -> g.generate(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("count must be at least 1, got 0");
    assertThatThrownBy(() -> g.copy(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ClusterGenerator.of(Node.of("", Map.of()), TEMPLATE))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("the template node has an empty metadata.name");
  }

  private static String name(Object o) {
    return SourcedObject.of(o).ref();
  }
}
