package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The fields of a core/v1 container (or init container) that scheduling reads: its name, its
 * resources (requests, limits, the pod's claims it uses), its ports, for an init container
 * whether it is a sidecar that keeps running ({@code restartPolicy: Always}), and its image
 * (the ImageLocality score prefers nodes that hold it).
 *
 * @param name unique among the pod's containers and init containers
 * @param resources requests, limits and claims; empty when the container declares none
 * @param ports the container's ports
 * @param restartPolicy {@code Always} for a sidecar init container, or null
 * @param image the container image's name, or null
 */
public record Container(String name, ResourceRequirements resources, List<ContainerPort> ports,
    @Nullable String restartPolicy, @Nullable String image) {
  /** The restart policy that makes an init container a sidecar. */
  public static final String RESTART_ALWAYS = "Always";

  public Container {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(resources, "resources");
    ports = Copies.list(ports);
  }

  /** A container without an image. */
  public Container(String name, ResourceRequirements resources, List<ContainerPort> ports,
      @Nullable String restartPolicy) {
    this(name, resources, ports, restartPolicy, null);
  }

  /** A container without ports, restart policy or image. */
  public Container(String name, ResourceRequirements resources) {
    this(name, resources, List.of(), null, null);
  }

  /** {@return a container with these resources} */
  public static Container of(String name, ResourceRequirements resources) {
    return new Container(name, resources);
  }

  /** {@return whether this init container is a sidecar, running beside the containers} */
  public boolean sidecar() {
    return RESTART_ALWAYS.equals(restartPolicy);
  }

  /** {@return a builder with every component unset but {@code resources} ({@link ResourceRequirements#EMPTY})} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link Container}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String name;
    private ResourceRequirements resources = ResourceRequirements.EMPTY;
    private final List<ContainerPort> ports = new ArrayList<>();
    private @Nullable String restartPolicy;
    private @Nullable String image;

    private Builder() {}

    private Builder(Container r) {
      name = r.name();
      resources = r.resources();
      ports.addAll(r.ports());
      restartPolicy = r.restartPolicy();
      image = r.image();
    }

    /** Sets {@code name}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets {@code resources}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resources(ResourceRequirements resources) {
      this.resources = Objects.requireNonNull(resources, "resources");
      return this;
    }

    /** Replaces {@code ports}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder ports(List<ContainerPort> ports) {
      this.ports.clear();
      ports.forEach(this::addPort);
      return this;
    }

    /** Appends to {@code ports}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addPort(ContainerPort item) {
      ports.add(Objects.requireNonNull(item, "ports item"));
      return this;
    }

    /** Sets or (with null) clears {@code restartPolicy}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder restartPolicy(@Nullable String restartPolicy) {
      this.restartPolicy = restartPolicy;
      return this;
    }

    /** Sets or (with null) clears {@code image}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder image(@Nullable String image) {
      this.image = image;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new Container
     * @throws NullPointerException when {@code name} is unset
     */
    public Container build() {
      return new Container(Objects.requireNonNull(name, "name"), resources, ports, restartPolicy, image);
    }
  }
}
