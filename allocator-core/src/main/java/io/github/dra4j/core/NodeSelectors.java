package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectRef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/* Node matching and the result's node selector. Mirrors NodeMatches and createNodeSelector. */
final class NodeSelectors {
  private NodeSelectors() {}

  static boolean nodeMatches(
      Node node, @Nullable String nodeName, boolean allNodes, @Nullable NodeSelector selector) {
    if (nodeName != null && !nodeName.isEmpty()) {
      return nodeName.equals(node.name());
    }
    if (allNodes) {
      return true;
    }
    if (selector != null) {
      return selector.matches(node);
    }
    return false;
  }

  /**
   * Throws what {@link #createNodeSelector} throws for these results, without building the
   * selector: the which-nodes-fit search needs only the verdict.
   */
  static void check(List<DeviceResult> results) {
    for (DeviceResult r : results) {
      if (r.nodeBound()) {
        return;
      }
      SliceEntry slice = r.device().slice;
      boolean perDevice = slice.perDeviceNodeSelection();
      NodeSelector selector = perDevice ? r.device().device.nodeSelector() : slice.slice.spec().nodeSelector();
      if (selector != null && selector.nodeSelectorTerms().size() > 1) {
        var unused = createNodeSelector(results, ""); // for what it throws
      }
    }
  }

  /**
   * A node-local or binds-to-node device pins the node by name; otherwise the one-term node
   * selectors of the slices (or devices) are merged without duplicates; all-nodes gives none.
   */
  static @Nullable NodeSelector createNodeSelector(List<DeviceResult> results, @Nullable String nodeName) {
    List<NodeSelectorRequirement> fields = new ArrayList<>();
    List<NodeSelectorRequirement> expressions = new ArrayList<>();
    for (DeviceResult r : results) {
      SliceEntry slice = r.device().slice;
      String name;
      NodeSelector selector;
      if (slice.perDeviceNodeSelection()) {
        name = r.device().device.nodeName();
        selector = r.device().device.nodeSelector();
      } else {
        name = slice.slice.spec().nodeName();
        selector = slice.slice.spec().nodeSelector();
      }
      if ((name != null && !name.isEmpty()) || r.device().device.bindsToNode()) {
        return NodeSelector.forNodeName(Objects.requireNonNull(nodeName, "node metadata.name"));
      }
      if (selector != null) {
        switch (selector.nodeSelectorTerms().size()) {
          case 0:
            break;
          case 1:
            NodeSelectorTerm term = selector.nodeSelectorTerms().get(0);
            addNew(term.matchFields(), fields);
            addNew(term.matchExpressions(), expressions);
            break;
          default:
            throw new InvalidInputException(
                "unsupported ResourceSlice.NodeSelector with "
                    + selector.nodeSelectorTerms().size() + " terms",
                ObjectRef.of("ResourceSlice", slice.slice.metadata()), null);
        }
      }
    }
    if (fields.isEmpty() && expressions.isEmpty()) {
      return null;
    }
    return NodeSelector.of(new NodeSelectorTerm(expressions, fields));
  }

  private static void addNew(List<NodeSelectorRequirement> from, List<NodeSelectorRequirement> to) {
    for (NodeSelectorRequirement r : from) {
      if (!contains(to, r)) {
        to.add(r);
      }
    }
  }

  private static boolean contains(List<NodeSelectorRequirement> list, NodeSelectorRequirement r) {
    HashSet<String> values = new HashSet<>(r.values());
    for (NodeSelectorRequirement e : list) {
      if (e.key().equals(r.key()) && e.operator().equals(r.operator())
          && new HashSet<>(e.values()).equals(values)) {
        return true;
      }
    }
    return false;
  }
}
