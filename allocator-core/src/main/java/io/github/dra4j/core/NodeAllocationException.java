package io.github.dra4j.core;

import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.field.FieldPath;
import org.jspecify.annotations.Nullable;

/** The claims could not be allocated on this node and invalid resource pools were encountered (Go's {@code ErrFailedAllocationOnNode}): the invalid pool may be the reason, so this is an error rather than "unsatisfiable". */
public final class NodeAllocationException extends AllocationException {
  private static final long serialVersionUID = 1L;

  NodeAllocationException(String message, @Nullable ObjectRef objectRef, @Nullable FieldPath path) {
    super(message, objectRef, path, null);
  }

  NodeAllocationException(String message, @Nullable ObjectRef objectRef, @Nullable FieldPath path, @Nullable Throwable cause) {
    super(message, objectRef, path, cause);
  }
}
