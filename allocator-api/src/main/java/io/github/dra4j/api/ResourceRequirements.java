package io.github.dra4j.api;

import java.util.List;
import java.util.Map;

/**
 * A container's core/v1 {@code resources}: requests and limits by resource name (extended
 * resources such as {@code example.com/gpu} may be served by DRA), and the pod claims the
 * container uses.
 *
 * @param limits the most the container may use, by resource name
 * @param requests what the container asks for, by resource name
 * @param claims the entries of the pod's {@code spec.resourceClaims} the container uses
 */
public record ResourceRequirements(
    Map<String, Quantity> limits, Map<String, Quantity> requests, List<ContainerResourceClaim> claims) {
  /** No requests, limits or claims. */
  public static final ResourceRequirements EMPTY = new ResourceRequirements(Map.of(), Map.of(), List.of());

  public ResourceRequirements {
    limits = Copies.map(limits);
    requests = Copies.map(requests);
    claims = Copies.list(claims);
  }

  /** {@return requirements with these parts} */
  public static ResourceRequirements of(
      Map<String, Quantity> limits, Map<String, Quantity> requests, List<ContainerResourceClaim> claims) {
    return new ResourceRequirements(limits, requests, claims);
  }

  /** {@return whether nothing is set, so that writers can leave it out} */
  public boolean isEmpty() {
    return limits.isEmpty() && requests.isEmpty() && claims.isEmpty();
  }
}
