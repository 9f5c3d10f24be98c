package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A ResourceClaimTemplate: the resourceclaim controller makes one ResourceClaim from it for
 * each pod that references it in {@code spec.resourceClaims}, with the template's claim
 * metadata and spec. Demo folders of DRA drivers hold templates rather than claims.
 *
 * @param metadata the template's own metadata
 * @param spec the metadata and spec of the claims made from it
 */
public record ResourceClaimTemplate(ObjectMeta metadata, ResourceClaimTemplateSpec spec) {
  public ResourceClaimTemplate {
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@return a template} */
  public static ResourceClaimTemplate of(ObjectMeta metadata, ResourceClaimTemplateSpec spec) {
    return new ResourceClaimTemplate(metadata, spec);
  }

  /** {@return the template name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }
}
