package io.github.dra4j.api;

import java.util.Objects;

/**
 * The pool a ResourceSlice belongs to.
 *
 * @param name the pool name, unique per driver
 * @param generation only slices of the highest generation of a pool are used
 * @param resourceSliceCount how many slices make the pool complete at this generation
 */
public record ResourcePool(String name, long generation, long resourceSliceCount) {
  public ResourcePool {
    Objects.requireNonNull(name, "name");
  }

  /** {@return a pool} */
  public static ResourcePool of(String name, long generation, long resourceSliceCount) {
    return new ResourcePool(name, generation, resourceSliceCount);
  }
}
