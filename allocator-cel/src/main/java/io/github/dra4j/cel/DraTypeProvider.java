package io.github.dra4j.cel;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypeProvider;
import dev.cel.common.types.StructType;
import java.util.Map;
import java.util.Optional;

/**
 * The object types of the DRA environment: {@code kubernetes.DRADevice}, whose fields depend on
 * the environment variant (an undeclared field is a compile error, "undefined field"), and the
 * opaque {@code kubernetes.Quantity} and {@code kubernetes.Semver}.
 */
final class DraTypeProvider implements CelTypeProvider {

  private final StructType device;
  private final ImmutableList<CelType> types;

  DraTypeProvider(Map<String, CelType> deviceFields) {
    ImmutableMap<String, CelType> fields = ImmutableMap.copyOf(deviceFields);
    device = StructType.create(DeviceValue.TYPE_NAME, ImmutableSet.copyOf(fields.keySet()),
        name -> Optional.ofNullable(fields.get(name)));
    types = ImmutableList.of(device, OpaqueValue.QUANTITY_TYPE, OpaqueValue.SEMVER_TYPE);
  }

  /** {@return the type of the {@code device} variable} */
  StructType device() {
    return device;
  }

  @Override
  public ImmutableList<CelType> types() {
    return types;
  }

  @Override
  public Optional<CelType> findType(String typeName) {
    return types.stream().filter(t -> t.name().equals(typeName)).findFirst();
  }
}
