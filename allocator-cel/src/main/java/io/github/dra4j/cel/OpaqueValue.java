package io.github.dra4j.cel;

import dev.cel.common.types.OpaqueType;
import io.github.dra4j.api.Quantity;

/**
 * The runtime values of the two opaque Kubernetes CEL types, {@code kubernetes.Quantity} and
 * {@code kubernetes.Semver}. CEL-Java passes them to the bound functions as they are and compares
 * them with {@link #equals}, which orders by value (1Gi equals 1024Mi), as the reference does.
 */
abstract class OpaqueValue<T extends Comparable<T>> {

  static final String QUANTITY_TYPE_NAME = "kubernetes.Quantity";
  static final String SEMVER_TYPE_NAME = "kubernetes.Semver";
  static final OpaqueType QUANTITY_TYPE = OpaqueType.create(QUANTITY_TYPE_NAME);
  static final OpaqueType SEMVER_TYPE = OpaqueType.create(SEMVER_TYPE_NAME);

  final T value;

  OpaqueValue(T value) {
    this.value = value;
  }

  /** {@return the name cel-go gives the Go type in errors ("cel.Quantity")} */
  abstract String goTypeName();

  @Override
  @SuppressWarnings("EqualsGetClass") // a Quantity and a Semver are never equal, whatever compareTo says
  public boolean equals(Object o) {
    @SuppressWarnings("unchecked")
    boolean same = o != null && o.getClass() == getClass() && value.compareTo(((OpaqueValue<T>) o).value) == 0;
    return same;
  }

  @Override
  public int hashCode() {
    return getClass().hashCode();
  }

  @Override
  public String toString() {
    return value.toString();
  }

  /** A {@code kubernetes.Quantity}. */
  static final class QuantityValue extends OpaqueValue<Quantity> {
    QuantityValue(Quantity value) {
      super(value);
    }

    @Override
    String goTypeName() {
      return "cel.Quantity";
    }
  }

  /** A {@code kubernetes.Semver}. */
  static final class SemverValue extends OpaqueValue<Semver> {
    SemverValue(Semver value) {
      super(value);
    }

    @Override
    String goTypeName() {
      return "cel.Semver";
    }
  }
}
