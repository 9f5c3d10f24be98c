package io.github.dra4j.api;

import java.util.List;

/**
 * One image a node holds (core/v1 {@code ContainerImage}, in {@code status.images}), which
 * kube-scheduler's ImageLocality score reads: a node that already has a pod's images starts it
 * without pulling them.
 *
 * @param names the names the image is known by, for example {@code registry.k8s.io/pause:3.10}
 *     and its digest form; each is matched against the pods' container images
 * @param sizeBytes the image's size in bytes; 0 when the input does not give it
 */
public record ContainerImage(List<String> names, long sizeBytes) {
  public ContainerImage {
    names = Copies.list(names);
  }

  /** {@return an image known by these names} */
  public static ContainerImage of(long sizeBytes, String... names) {
    return new ContainerImage(List.of(names), sizeBytes);
  }
}
