package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One entry of a container's {@code resources.claims}, core/v1's {@code ResourceClaim} (renamed
 * here because the name belongs to {@code resource.k8s.io}'s {@link ResourceClaim}): the
 * container uses the pod claim {@code name}, all of it or only one of its requests.
 *
 * @param name an entry of the pod's {@code spec.resourceClaims}
 * @param request one request of that claim, or null for the whole claim
 */
public record ContainerResourceClaim(String name, @Nullable String request) {
  public ContainerResourceClaim {
    Objects.requireNonNull(name, "name");
  }

  /** {@return a reference to a pod claim, optionally to one of its requests} */
  public static ContainerResourceClaim of(String name, @Nullable String request) {
    return new ContainerResourceClaim(name, request);
  }
}
