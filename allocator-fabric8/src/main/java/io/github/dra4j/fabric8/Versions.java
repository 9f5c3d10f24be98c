package io.github.dra4j.fabric8;

import io.fabric8.kubernetes.api.model.HasMetadata;

/*
 * v1beta2 and v1 of resource.k8s.io have the same fields (v1 was promoted from v1beta2), so the
 * conversion goes through fabric8's JSON mapping, which keeps additional properties (mixins).
 */
final class Versions {
  private Versions() {}

  static <T extends HasMetadata> T toV1(HasMetadata v1beta2, Class<T> v1Type) {
    T out = Json.SERIALIZATION.convertValue(v1beta2, v1Type);
    out.setApiVersion(ToFabric8.API_VERSION);
    return out;
  }

  static <T extends HasMetadata> T fromV1(HasMetadata v1, Class<T> type, String apiVersion) {
    T out = Json.SERIALIZATION.convertValue(v1, type);
    out.setApiVersion(apiVersion);
    return out;
  }
}
