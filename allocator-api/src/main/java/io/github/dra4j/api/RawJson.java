package io.github.dra4j.api;

import java.util.Objects;

/**
 * A JSON value kept as text so that records stay immutable; the codec writes it back as JSON,
 * not as a string.
 *
 * @param json compact JSON text
 */
public record RawJson(String json) {
  public RawJson {
    Objects.requireNonNull(json, "json");
  }

  /** {@return a raw JSON value} */
  public static RawJson of(String json) {
    return new RawJson(json);
  }
}
