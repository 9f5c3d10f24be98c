package io.github.dra4j.api.io;

import org.jspecify.annotations.Nullable;

/*
 * The resource.k8s.io versions the codec reads, with the prefix client-java-api gives their
 * types (V1Device, V1beta2Device, ...), which names them in the known-fields table. v1 and
 * v1beta2 share one shape; v1beta1 wraps a device's fields in "basic" and has a request's exact
 * fields inline; v1alpha3 is v1beta1's shape as Kubernetes 1.31 to 1.33 served it, with plain
 * quantities as device capacities, and is checked against its own table in known-fields.txt.
 */
enum Version {
  V1("resource.k8s.io/v1", "V1"),
  V1BETA2("resource.k8s.io/v1beta2", "V1beta2"),
  V1BETA1("resource.k8s.io/v1beta1", "V1beta1"),
  V1ALPHA3("resource.k8s.io/v1alpha3", "V1alpha3");

  private final String apiVersion;
  private final String prefix;

  Version(String apiVersion, String prefix) {
    this.apiVersion = apiVersion;
    this.prefix = prefix;
  }

  String apiVersion() {
    return apiVersion;
  }

  /** {@return the prefix of this version's type names in client-java-api} */
  String prefix() {
    return prefix;
  }

  /** {@return whether devices wrap their fields in basic and requests hold their exact fields inline} */
  boolean beta1Shape() {
    return this == V1BETA1 || this == V1ALPHA3;
  }

  /** {@return the version of an apiVersion; anything not resource.k8s.io reads as v1} */
  static Version of(@Nullable String apiVersion) {
    for (Version v : values()) {
      if (v.apiVersion.equals(apiVersion)) {
        return v;
      }
    }
    return V1;
  }
}
