package io.github.dra4j.cel;

import static org.projectnessie.cel.common.types.Err.newTypeConversionError;
import static org.projectnessie.cel.common.types.Err.noSuchOverload;
import static org.projectnessie.cel.common.types.TypeT.TypeType;

import io.github.dra4j.api.Quantity;
import org.projectnessie.cel.common.types.TypeT;
import org.projectnessie.cel.common.types.Types;
import org.projectnessie.cel.common.types.ref.BaseVal;
import org.projectnessie.cel.common.types.ref.Type;
import org.projectnessie.cel.common.types.ref.Val;

/**
 * The two opaque Kubernetes CEL types, {@code kubernetes.Quantity} and
 * {@code kubernetes.Semver}. Like the reference, equality with a value of another type is a
 * "no such overload" error, not false.
 */
abstract class OpaqueValue<T extends Comparable<T>> extends BaseVal {

  static final String QUANTITY_TYPE_NAME = "kubernetes.Quantity";
  static final String SEMVER_TYPE_NAME = "kubernetes.Semver";
  static final Type QUANTITY_TYPE = TypeT.newObjectTypeValue(QUANTITY_TYPE_NAME);
  static final Type SEMVER_TYPE = TypeT.newObjectTypeValue(SEMVER_TYPE_NAME);

  final T value;

  OpaqueValue(T value) {
    this.value = value;
  }

  @Override
  public <N> N convertToNative(Class<N> typeDesc) {
    if (typeDesc.isInstance(value)) {
      return typeDesc.cast(value);
    }
    throw new IllegalArgumentException(
        "type conversion error from '" + type().typeName() + "' to '" + typeDesc.getName() + "'");
  }

  @Override
  public Val convertToType(Type typeValue) {
    if (typeValue == TypeType) {
      return type();
    }
    if (typeValue.typeName().equals(type().typeName())) {
      return this;
    }
    return newTypeConversionError(type().typeName(), typeValue);
  }

  @Override
  public Val equal(Val other) {
    if (other.getClass() != getClass()) {
      return noSuchOverload(this, "_==_", other);
    }
    @SuppressWarnings("unchecked")
    T o = ((OpaqueValue<T>) other).value;
    return Types.boolOf(value.compareTo(o) == 0);
  }

  @Override
  public Object value() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o != null && o.getClass() == getClass() && value.equals(((OpaqueValue<?>) o).value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
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
    public Type type() {
      return QUANTITY_TYPE;
    }
  }

  /** A {@code kubernetes.Semver}. */
  static final class SemverValue extends OpaqueValue<Semver> {
    SemverValue(Semver value) {
      super(value);
    }

    @Override
    public Type type() {
      return SEMVER_TYPE;
    }
  }
}
