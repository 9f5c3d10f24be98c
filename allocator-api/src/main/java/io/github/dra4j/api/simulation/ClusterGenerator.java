package io.github.dra4j.api.simulation;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Makes a large cluster from one node: {@code count} copies of a Node and the ResourceSlices it
 * publishes, for tests, benchmarks and capacity questions at the size of a real fleet (a 1,000
 * node DGX dump from one DGX's objects).
 *
 * <p>Copy {@code i} (from 0) is renamed as a {@link NodeGroup} copy is: the node
 * {@code <node>-<i>}, each slice {@code <slice>-<i>} and its pool {@code <pool>-<i>}. Everything
 * that names the template node names the copy instead: {@code spec.nodeName} of the slices and
 * of their devices, node selectors ({@code metadata.name} fields, and labels whose value on the
 * template node is its name, such as {@code kubernetes.io/hostname}), the node's own such labels,
 * and owner references to the node. UIDs the template has become name-based UUIDs of the copy,
 * so runs repeat. Devices, counter sets and mixins are shared with the template, not copied, so
 * a thousand copies take little more memory than one.
 *
 * <p>The node's slices are those that name it: by {@code spec.nodeName}, by a node selector
 * that names it, or through a device's node selection. Every other object (DeviceClasses, claims,
 * slices of other nodes or of all nodes) is {@link #shared()}: given once, unchanged.
 *
 * <pre>{@code
 * ClusterGenerator generator = ClusterGenerator.of(dgx, objectsOfTheDgxFile);
 * List<Object> cluster = generator.generate(1000); // the shared objects, then each copy
 * }</pre>
 */
public final class ClusterGenerator {
  private static final String METADATA_NAME = "metadata.name";

  private final Node node;
  private final String nodeName;
  private final List<ResourceSlice> slices;
  private final List<Object> shared;
  /* Label keys whose value on the template node is its name: selectors on them name the node. */
  private final Set<String> nameLabels;

  private ClusterGenerator(Node node, List<ResourceSlice> slices, List<Object> shared) {
    this.node = node;
    this.nodeName = Objects.requireNonNull(node.name(), "node metadata.name");
    this.slices = List.copyOf(slices);
    this.shared = List.copyOf(shared);
    Set<String> keys = new HashSet<>();
    node.metadata().labels().forEach((k, v) -> {
      if (v.equals(nodeName)) {
        keys.add(k);
      }
    });
    this.nameLabels = Set.copyOf(keys);
  }

  /**
   * Splits the template objects into the node's slices, which every copy gets renamed, and the
   * objects given once.
   *
   * @param node the template node
   * @param objects the other objects of the template (the node itself, when among them, is left out)
   * @return the generator
   * @throws IllegalArgumentException when the node's name is empty, or a pool has slices both on the
   *     node and elsewhere (its copies would be incomplete)
   */
  public static ClusterGenerator of(Node node, List<?> objects) {
    if (Objects.requireNonNull(node.name(), "node metadata.name").isEmpty()) {
      throw new IllegalArgumentException("the template node has an empty metadata.name");
    }
    ClusterGenerator probe = new ClusterGenerator(node, List.of(), List.of());
    List<ResourceSlice> local = new ArrayList<>();
    List<Object> shared = new ArrayList<>();
    Map<String, Boolean> poolIsLocal = new LinkedHashMap<>();
    for (Object o : objects) {
      if (o.equals(node)) {
        continue;
      }
      if (o instanceof ResourceSlice) {
        ResourceSlice s = (ResourceSlice) o;
        boolean isLocal = probe.namesNode(s);
        String pool = s.spec().driver() + "/" + s.spec().pool().name();
        Boolean before = poolIsLocal.putIfAbsent(pool, isLocal);
        if (before != null && before.booleanValue() != isLocal) {
          throw new IllegalArgumentException("pool " + pool + " has slices on node " + node.name()
              + " and slices elsewhere (" + s.name() + "); a copy of the node would get part of the pool");
        }
        if (isLocal) {
          local.add(s);
          continue;
        }
      }
      shared.add(o);
    }
    return new ClusterGenerator(node, local, shared);
  }

  /** {@return the template node} */
  public Node node() {
    return node;
  }

  /** {@return the template node's slices, which every copy gets} */
  public List<ResourceSlice> slices() {
    return slices;
  }

  /** {@return the objects given once, unchanged, in input order} */
  public List<Object> shared() {
    return shared;
  }

  /** {@return the name of copy {@code i}: {@code <node>-<i>}} */
  public String nodeName(int i) {
    return nodeName + "-" + i;
  }

  /**
   * Returns the shared objects, then each copy's node and slices, copy by copy.
   *
   * @param count how many copies, at least 1
   * @return the objects of the cluster
   * @throws IllegalArgumentException when count is below 1
   */
  public List<Object> generate(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, got " + count);
    }
    List<Object> out = new ArrayList<>(shared.size() + count * (1 + slices.size()));
    out.addAll(shared);
    for (int i = 0; i < count; i++) {
      out.addAll(copy(i));
    }
    return out;
  }

  /**
   * Returns copy {@code i}: the node, then its slices in template order.
   *
   * @param i the copy's number, from 0
   * @return the node and its slices
   * @throws IllegalArgumentException when i is negative
   */
  public List<Object> copy(int i) {
    if (i < 0) {
      throw new IllegalArgumentException("copy number must not be negative, got " + i);
    }
    String name = nodeName(i);
    @Nullable String uid = uid(node.metadata().uid(), "Node", name);
    ObjectMeta.Builder meta = node.metadata().toBuilder().name(name).uid(uid);
    node.metadata().labels().forEach((k, v) -> {
      if (nameLabels.contains(k)) {
        meta.putLabel(k, name);
      }
    });
    List<Object> out = new ArrayList<>(1 + slices.size());
    out.add(new Node(meta.build()));
    for (ResourceSlice s : slices) {
      out.add(copy(s, i, name, uid));
    }
    return out;
  }

  private ResourceSlice copy(ResourceSlice s, int i, String name, @Nullable String nodeUid) {
    String sliceName = suffixed(s.name(), i);
    ObjectMeta.Builder meta = s.metadata().toBuilder()
        .name(sliceName)
        .uid(uid(s.metadata().uid(), "ResourceSlice", String.valueOf(sliceName)))
        .ownerReferences(List.of());
    for (OwnerReference ref : s.metadata().ownerReferences()) {
      meta.addOwnerReference(ref.kind().equals("Node") && ref.name().equals(nodeName)
          ? new OwnerReference(ref.apiVersion(), ref.kind(), name, nodeUid, ref.controller(), ref.blockOwnerDeletion())
          : ref);
    }
    ResourceSliceSpec spec = s.spec();
    ResourcePool pool = spec.pool();
    ResourceSliceSpec.Builder copy = spec.toBuilder()
        .pool(new ResourcePool(pool.name() + "-" + i, pool.generation(), pool.resourceSliceCount()))
        .nodeName(nodeName.equals(spec.nodeName()) ? name : spec.nodeName())
        .nodeSelector(selector(spec.nodeSelector(), name));
    if (spec.perDeviceNodeSelection()) {
      List<Device> devices = new ArrayList<>(spec.devices().size());
      for (Device d : spec.devices()) {
        devices.add(namesNode(d.nodeName(), d.nodeSelector())
            ? d.toBuilder()
                .nodeName(nodeName.equals(d.nodeName()) ? name : d.nodeName())
                .nodeSelector(selector(d.nodeSelector(), name))
                .build()
            : d);
      }
      copy.devices(devices);
    }
    return new ResourceSlice(meta.build(), copy.build());
  }

  /* --- what names the template node --- */

  private boolean namesNode(ResourceSlice s) {
    ResourceSliceSpec spec = s.spec();
    if (namesNode(spec.nodeName(), spec.nodeSelector())) {
      return true;
    }
    if (spec.perDeviceNodeSelection()) {
      for (Device d : spec.devices()) {
        if (namesNode(d.nodeName(), d.nodeSelector())) {
          return true;
        }
      }
    }
    return false;
  }

  private boolean namesNode(@Nullable String name, @Nullable NodeSelector selector) {
    if (nodeName.equals(name)) {
      return true;
    }
    if (selector != null) {
      for (NodeSelectorTerm term : selector.nodeSelectorTerms()) {
        for (NodeSelectorRequirement r : term.matchExpressions()) {
          if (nameLabels.contains(r.key()) && r.values().contains(nodeName)) {
            return true;
          }
        }
        for (NodeSelectorRequirement r : term.matchFields()) {
          if (r.key().equals(METADATA_NAME) && r.values().contains(nodeName)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /* The selector with every value that names the template node naming the copy instead. */
  private @Nullable NodeSelector selector(@Nullable NodeSelector selector, String name) {
    if (selector == null) {
      return null;
    }
    List<NodeSelectorTerm> terms = new ArrayList<>(selector.nodeSelectorTerms().size());
    for (NodeSelectorTerm t : selector.nodeSelectorTerms()) {
      terms.add(new NodeSelectorTerm(requirements(t.matchExpressions(), nameLabels, name),
          requirements(t.matchFields(), Set.of(METADATA_NAME), name)));
    }
    return new NodeSelector(terms);
  }

  private List<NodeSelectorRequirement> requirements(List<NodeSelectorRequirement> list, Set<String> keys,
      String name) {
    List<NodeSelectorRequirement> out = new ArrayList<>(list.size());
    for (NodeSelectorRequirement r : list) {
      if (!keys.contains(r.key()) || !r.values().contains(nodeName)) {
        out.add(r);
        continue;
      }
      List<String> values = new ArrayList<>(r.values().size());
      for (String v : r.values()) {
        values.add(v.equals(nodeName) ? name : v);
      }
      out.add(new NodeSelectorRequirement(r.key(), r.operator(), values));
    }
    return out;
  }

  private static @Nullable String suffixed(@Nullable String name, int i) {
    return name == null ? null : name + "-" + i;
  }

  /* A copy has a UID where the template has one: derived from kind and name, so runs repeat. */
  private static @Nullable String uid(@Nullable String templateUid, String kind, String name) {
    return templateUid == null ? null
        : UUID.nameUUIDFromBytes((kind + "/" + name).getBytes(StandardCharsets.UTF_8)).toString();
  }
}
