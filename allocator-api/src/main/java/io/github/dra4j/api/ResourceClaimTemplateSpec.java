package io.github.dra4j.api;

import java.util.Objects;

/**
 * What a ResourceClaimTemplate stamps onto each claim made from it.
 *
 * @param metadata labels and annotations copied to the claim (name and namespace are the
 *     controller's, so they are not used)
 * @param spec the claim's spec
 */
public record ResourceClaimTemplateSpec(ObjectMeta metadata, ResourceClaimSpec spec) {
  public ResourceClaimTemplateSpec {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@return a template spec} */
  public static ResourceClaimTemplateSpec of(ObjectMeta metadata, ResourceClaimSpec spec) {
    return new ResourceClaimTemplateSpec(metadata, spec);
  }
}
