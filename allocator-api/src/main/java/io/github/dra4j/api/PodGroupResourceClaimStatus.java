package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The claim made for one of a pod group's claims from a template ({@code
 * status.resourceClaimStatuses}).
 *
 * @param name the name of the entry in {@code spec.resourceClaims}
 * @param resourceClaimName the claim made for it, or null when none was needed
 */
public record PodGroupResourceClaimStatus(String name, @Nullable String resourceClaimName) {
  public PodGroupResourceClaimStatus {
    Objects.requireNonNull(name, "name");
  }
}
