package io.github.dra4j.api;

import java.util.Objects;

/**
 * Maps one container's extended resource to the request of the pod's extended resource claim
 * that serves it.
 *
 * @param containerName the container (or init container)
 * @param resourceName the extended resource, such as {@code example.com/gpu}
 * @param requestName the request in the claim's {@code spec.devices.requests}
 */
public record ContainerExtendedResourceRequest(String containerName, String resourceName, String requestName) {
  public ContainerExtendedResourceRequest {
    Objects.requireNonNull(containerName, "containerName");
    Objects.requireNonNull(resourceName, "resourceName");
    Objects.requireNonNull(requestName, "requestName");
  }

  /** {@return a mapping} */
  public static ContainerExtendedResourceRequest of(String containerName, String resourceName, String requestName) {
    return new ContainerExtendedResourceRequest(containerName, resourceName, requestName);
  }
}
