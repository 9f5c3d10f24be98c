package io.github.dra4j.api;

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
}
