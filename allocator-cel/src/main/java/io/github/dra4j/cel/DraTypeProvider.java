package io.github.dra4j.cel;

import com.google.api.expr.v1alpha1.Type;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.projectnessie.cel.checker.Decls;
import org.projectnessie.cel.common.types.ref.FieldType;
import org.projectnessie.cel.common.types.ref.TypeProvider;
import org.projectnessie.cel.common.types.ref.Val;

/**
 * Adds the object types of the DRA environment ({@code kubernetes.DRADevice} and the opaque
 * {@code kubernetes.Quantity} and {@code kubernetes.Semver}) to cel-java's protobuf type
 * provider. The device's fields depend on the environment variant; an undeclared field is a
 * compile error ("undefined field").
 */
final class DraTypeProvider implements TypeProvider {

  private final TypeProvider delegate;
  private final Map<String, Type> deviceFields;

  DraTypeProvider(TypeProvider delegate, Map<String, Type> deviceFields) {
    this.delegate = delegate;
    this.deviceFields = Map.copyOf(deviceFields);
  }

  @Override
  public @Nullable Val enumValue(String enumName) {
    return delegate.enumValue(enumName);
  }

  @Override
  public @Nullable Val findIdent(String identName) {
    return delegate.findIdent(identName);
  }

  @Override
  public @Nullable Type findType(String typeName) {
    if (typeName.equals(DeviceValue.TYPE_NAME)
        || typeName.equals(OpaqueValue.QUANTITY_TYPE_NAME)
        || typeName.equals(OpaqueValue.SEMVER_TYPE_NAME)) {
      return Decls.newTypeType(Decls.newObjectType(typeName));
    }
    return delegate.findType(typeName);
  }

  @Override
  public @Nullable FieldType findFieldType(String messageType, String fieldName) {
    if (messageType.equals(DeviceValue.TYPE_NAME)) {
      Type t = deviceFields.get(fieldName);
      if (t == null) {
        return null;
      }
      return new FieldType(
          t,
          target -> target instanceof DeviceValue,
          target -> ((DeviceValue) target).field(fieldName));
    }
    if (messageType.equals(OpaqueValue.QUANTITY_TYPE_NAME) || messageType.equals(OpaqueValue.SEMVER_TYPE_NAME)) {
      return null;
    }
    return delegate.findFieldType(messageType, fieldName);
  }

  @Override
  public Val newValue(String typeName, Map<String, Val> fields) {
    return delegate.newValue(typeName, fields);
  }
}
