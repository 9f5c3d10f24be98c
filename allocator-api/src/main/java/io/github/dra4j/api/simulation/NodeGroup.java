package io.github.dra4j.api.simulation;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceSlice;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

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

  /** {@return a builder with count 1, no slice and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link NodeGroup}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String name;
    private int count = 1;
    private @Nullable Node node;
    private final List<ResourceSlice> slices = new ArrayList<>();

    private Builder() {}

    private Builder(NodeGroup r) {
      name = r.name();
      count = r.count();
      node = r.node();
      slices.addAll(r.slices());
    }

    /** Sets {@code name}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets {@code count}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder count(int count) {
      this.count = count;
      return this;
    }

    /** Sets {@code node}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder node(Node node) {
      this.node = Objects.requireNonNull(node, "node");
      return this;
    }

    /** Replaces {@code slices}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder slices(List<ResourceSlice> slices) {
      this.slices.clear();
      slices.forEach(this::addSlice);
      return this;
    }

    /** Appends to {@code slices}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addSlice(ResourceSlice item) {
      slices.add(Objects.requireNonNull(item, "slices item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new NodeGroup
     * @throws NullPointerException when {@code name}, {@code node} is unset
     * @throws IllegalArgumentException as the record's constructor does
     */
    public NodeGroup build() {
      return new NodeGroup(Objects.requireNonNull(name, "name"), count, Objects.requireNonNull(node, "node"), slices);
    }
  }
}
