package io.github.dra4j.core;

/**
 * The call was cancelled through {@link AllocationOptions#cancellation()} or ran past
 * {@link AllocationOptions#deadline()} before the search ended.
 */
public final class AllocationCancelledException extends AllocationException {
  private static final long serialVersionUID = 1L;

  AllocationCancelledException(String message) {
    super(message, null, null, null);
  }
}
