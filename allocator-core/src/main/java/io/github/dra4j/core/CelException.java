package io.github.dra4j.core;

import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.field.FieldPath;
import org.jspecify.annotations.Nullable;

/** A device selector failed to compile or failed at run time; the message names the class or claim and the selector index, as the reference does. */
public final class CelException extends AllocationException {
  private static final long serialVersionUID = 1L;

  CelException(String message, @Nullable ObjectRef objectRef, @Nullable FieldPath path) {
    super(message, objectRef, path, null);
  }

  CelException(String message, @Nullable ObjectRef objectRef, @Nullable FieldPath path, @Nullable Throwable cause) {
    super(message, objectRef, path, cause);
  }
}
