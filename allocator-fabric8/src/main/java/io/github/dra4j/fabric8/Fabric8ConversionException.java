package io.github.dra4j.fabric8;

import io.github.dra4j.api.field.FieldPath;

/**
 * A fabric8 object that cannot be expressed as a dra4j record (a required field is missing, a
 * quantity does not parse, an attribute has no or several values). The message names the object,
 * the field path and the rule.
 */
public final class Fabric8ConversionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String objectRef;
  private final transient FieldPath path;

  Fabric8ConversionException(String objectRef, FieldPath path, String detail) {
    super(objectRef + ": " + path + ": " + detail);
    this.objectRef = objectRef;
    this.path = path;
  }

  /** {@return the object, such as {@code ResourceSlice slice-1} or {@code ResourceClaim default/claim-0}} */
  public String objectRef() {
    return objectRef;
  }

  /** {@return the path of the offending field within the object} */
  public FieldPath path() {
    return path;
  }
}
