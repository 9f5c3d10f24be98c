package io.github.dra4j.api.io;

import io.github.dra4j.api.RawJson;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An object of a kind the model does not cover (a scenario header, a Namespace, a CRD, ...),
 * kept verbatim so that a caller can interpret it or write it back unchanged.
 *
 * @param apiVersion the object's apiVersion, empty when absent
 * @param kind the object's kind, empty when absent
 * @param name {@code metadata.name}, if any
 * @param content the whole object as compact JSON
 */
public record UnknownObject(String apiVersion, String kind, @Nullable String name, RawJson content) {
  public UnknownObject {
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(content, "content");
  }
}
