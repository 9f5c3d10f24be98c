package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One entry of a pod's {@code spec.resourceClaims}: a name that containers refer to in
 * {@code resources.claims}, and the claim behind it. Exactly one of the two sources is set in a
 * valid pod; validation reports the others, so the record accepts them to keep the input as
 * written.
 *
 * @param name unique within the pod, a DNS label
 * @param resourceClaimName an existing claim in the pod's namespace, or null
 * @param resourceClaimTemplateName a template from which the controller makes one claim per
 *     pod, or null
 */
public record PodResourceClaim(
    String name, @Nullable String resourceClaimName, @Nullable String resourceClaimTemplateName) {
  public PodResourceClaim {
    Objects.requireNonNull(name, "name");
  }

  /** {@return an entry that names an existing claim} */
  public static PodResourceClaim ofClaim(String name, String resourceClaimName) {
    return new PodResourceClaim(name, Objects.requireNonNull(resourceClaimName, "resourceClaimName"), null);
  }

  /** {@return an entry whose claim is made from a template} */
  public static PodResourceClaim ofTemplate(String name, String resourceClaimTemplateName) {
    return new PodResourceClaim(name, null,
        Objects.requireNonNull(resourceClaimTemplateName, "resourceClaimTemplateName"));
  }
}
