package io.github.dra4j.api.io;

/**
 * What {@link KubernetesCodec} does with an unknown field or a duplicate key in an object of a
 * kind it reads, as the API server's field validation ({@code kubectl --validate}) does. A
 * misspelled field ({@code cuont: 2}) that is dropped silently changes the answer, so the default
 * is {@link #STRICT}.
 *
 * <p>A field is known when the newest Kubernetes API has it in the object's own
 * {@code apiVersion}, whether or not dra4j acts on it, or when it is one of dra4j's ResourceSlice
 * mixin fields. Objects of kinds dra4j does not read, and raw values such as opaque
 * {@code parameters}, are not checked. A duplicate key keeps its last value when not refused.
 */
public enum FieldValidation {
  /** An unknown field or a duplicate key is a {@link DecodeException}. */
  STRICT,
  /** Each unknown field or duplicate key is reported as a warning; reading goes on without it. */
  WARN,
  /** Unknown fields and duplicate keys are dropped silently. */
  IGNORE
}
