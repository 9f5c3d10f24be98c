package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The claim the resourceclaim controller made for one {@code spec.resourceClaims} entry of a
 * pod: the generated name cannot be derived from the template (it has a random suffix), so the
 * scheduler reads it here.
 *
 * @param name the {@code spec.resourceClaims} entry
 * @param resourceClaimName the generated claim, or null when none was needed
 */
public record PodResourceClaimStatus(String name, @Nullable String resourceClaimName) {
  public PodResourceClaimStatus {
    Objects.requireNonNull(name, "name");
  }

  /** {@return a status entry} */
  public static PodResourceClaimStatus of(String name, @Nullable String resourceClaimName) {
    return new PodResourceClaimStatus(name, resourceClaimName);
  }
}
