package io.github.dra4j.api.simulation;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceSlice;
import java.util.List;
import java.util.Objects;

/**
 * {@code count} copies of one node and the slices it publishes, as a cluster of identical
 * machines is. Copy {@code i} (from 0) is the node named {@code <node>-<i>}; each slice is named
 * {@code <slice>-<i>}, its pool {@code <pool>-<i>} and its {@code spec.nodeName} the copy's name,
 * and a {@code kubernetes.io/hostname} label equal to the node's name becomes the copy's name.
 *
 * @param name the group's name, used in reports
 * @param count how many copies, at least 1
 * @param node the template node
 * @param slices the template node's slices; each must have {@code spec.nodeName} equal to the
 *     template node's name, since a copy's devices are its own
 */
public record NodeGroup(String name, int count, Node node, List<ResourceSlice> slices) {
  /**
   * Checks the components and copies the list.
   *
   * @throws IllegalArgumentException when count is below 1 or a slice is not the node's
   */
  public NodeGroup {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(node, "node");
    slices = List.copyOf(slices);
    if (count < 1) {
      throw new IllegalArgumentException("node group " + name + ": count must be at least 1, got " + count);
    }
    for (ResourceSlice s : slices) {
      if (!Objects.requireNonNull(node.name(), "node metadata.name").equals(s.spec().nodeName())) {
        throw new IllegalArgumentException("node group " + name + ": slice " + s.name()
            + " must have spec.nodeName " + node.name() + ", got " + s.spec().nodeName());
      }
    }
  }
}
