package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A claim of a pod group (DRAWorkloadResourceClaims, KEP-5729): a pod of the group whose {@code
 * spec.resourceClaims} has an entry with the same name and the same claim or template shares it,
 * and the claim is reserved for the group ({@code status.reservedFor} names the PodGroup) rather
 * than for each pod. A template makes one claim for the whole group.
 *
 * @param name unique within the group, a DNS label
 * @param resourceClaimName an existing claim in the group's namespace, or null
 * @param resourceClaimTemplateName a template from which one claim is made for the group, or null
 */
public record PodGroupResourceClaim(
    String name, @Nullable String resourceClaimName, @Nullable String resourceClaimTemplateName) {
  public PodGroupResourceClaim {
    Objects.requireNonNull(name, "name");
  }

  /** {@return a group claim that names an existing claim} */
  public static PodGroupResourceClaim ofClaim(String name, String resourceClaimName) {
    return new PodGroupResourceClaim(name, Objects.requireNonNull(resourceClaimName, "resourceClaimName"), null);
  }

  /** {@return a group claim made from a template} */
  public static PodGroupResourceClaim ofTemplate(String name, String resourceClaimTemplateName) {
    return new PodGroupResourceClaim(name, null,
        Objects.requireNonNull(resourceClaimTemplateName, "resourceClaimTemplateName"));
  }

  /**
   * {@return whether a pod's entry refers to this group claim: the same name and the same claim
   * or template, as {@code resourceclaim.BindTo} matches them}
   *
   * @param entry an entry of a pod's {@code spec.resourceClaims}
   */
  public boolean matches(PodResourceClaim entry) {
    return name.equals(entry.name()) && Objects.equals(resourceClaimName, entry.resourceClaimName())
        && Objects.equals(resourceClaimTemplateName, entry.resourceClaimTemplateName());
  }
}
