package io.github.dra4j.core;

import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.field.FieldPath;
import org.jspecify.annotations.Nullable;

/** Invalid input that makes the whole call fail: an unknown device class, a gated claim field in use while its feature is off, a claim over the result size limit, an unsupported allocation mode or constraint, a request for all devices of an incomplete or invalid pool. */
public final class InvalidInputException extends AllocationException {
  private static final long serialVersionUID = 1L;

  InvalidInputException(String message, @Nullable ObjectRef objectRef, @Nullable FieldPath path) {
    super(message, objectRef, path, null);
  }

  InvalidInputException(String message, @Nullable ObjectRef objectRef, @Nullable FieldPath path, @Nullable Throwable cause) {
    super(message, objectRef, path, cause);
  }
}
