package io.github.dra4j.api;

import java.util.Objects;

/**
 * The fields of a core/v1 container (or init container) that DRA scheduling reads: its name
 * and its resources, which name the pod's claims it uses and the extended resources it requests.
 *
 * @param name unique among the pod's containers and init containers
 * @param resources requests, limits and claims; empty when the container declares none
 */
public record Container(String name, ResourceRequirements resources) {
  public Container {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(resources, "resources");
  }

  /** {@return a container with these resources} */
  public static Container of(String name, ResourceRequirements resources) {
    return new Container(name, resources);
  }
}
