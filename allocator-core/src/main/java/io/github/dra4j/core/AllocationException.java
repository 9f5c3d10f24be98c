package io.github.dra4j.core;

import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.field.FieldPath;
import org.jspecify.annotations.Nullable;

/**
 * An allocation call failed as a whole: the scheduler would abort instead of trying other
 * nodes (or, for {@link NodeAllocationException}, give up on this node). Messages keep the Go
 * reference's words so that users who know the kube-scheduler recognise them.
 */
public abstract class AllocationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The object at fault, or null. */
  private final @Nullable ObjectRef objectRef;
  private final transient @Nullable FieldPath path;

  AllocationException(
      String message, @Nullable ObjectRef objectRef, @Nullable FieldPath path, @Nullable Throwable cause) {
    super(message, cause);
    this.objectRef = objectRef;
    this.path = path;
  }

  /**
   * {@return the object at fault, such as the claim {@code ResourceClaim default/claim-0}, or null}
   * A caller that read the objects from files finds the object, and so its file, by comparing
   * refs ({@link ObjectRef#sameObject}).
   */
  public @Nullable ObjectRef objectRef() {
    return objectRef;
  }

  /** {@return the field at fault inside {@link #objectRef()}, or null when not one field} */
  public @Nullable FieldPath path() {
    return path;
  }
}
