package io.github.dra4j.cel;

import com.google.common.primitives.UnsignedLong;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypes;
import dev.cel.common.types.ListType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.values.CelByteString;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.CompiledAttribute;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.EvaluationInterrupt;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A derived attribute (KEP-6080, DRADerivedAttributes): a compiled program whose value on a
 * device is a virtual attribute that the claim's constraints compare. Immutable and thread-safe.
 * Mirrors validateOutputType (with DerivedAttribute), EvaluateDerivedAttribute and
 * valToDeviceAttribute in compile.go: the program runs as a selector does (same environment,
 * cost limit and errors) and its value becomes a {@link DeviceAttribute}.
 */
final class CelDerivedAttribute implements CompiledAttribute {

  private final CelSelector program;

  CelDerivedAttribute(CelSelector program) {
    this.program = program;
  }

  @Override
  public String expression() {
    return program.expression();
  }

  @Override
  public @Nullable String compileError() {
    return program.compileError();
  }

  @Override
  public DeviceAttribute evaluate(DeviceView device) {
    return evaluate(device, EvaluationInterrupt.NONE);
  }

  @Override
  public DeviceAttribute evaluate(DeviceView device, EvaluationInterrupt interrupt) {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(interrupt, "interrupt");
    Object value;
    try {
      value = program.value(device, interrupt);
    } catch (SelectorEvaluationException e) {
      // The reference reports the error as CEL gives it, without the selector's hint.
      String m = String.valueOf(e.getMessage());
      if (m.endsWith(CelSelector.NO_SUCH_KEY_HINT)) {
        throw new SelectorEvaluationException(m.substring(0, m.length() - CelSelector.NO_SUCH_KEY_HINT.length()), e);
      }
      throw e;
    }
    return toAttribute(value);
  }

  /**
   * {@return the compile error for a result type a derived attribute may not have, or null}
   * Allowed are bool, int, string, semver and the dynamic types, or a list of one of them when
   * {@code lists} (stored expressions always allow lists).
   */
  static @Nullable String typeError(CelType type, boolean lists) {
    if (scalar(type) || (lists && type instanceof ListType && scalar(((ListType) type).elemType()))) {
      return null;
    }
    return lists
        ? "must evaluate to a primitive scalar (string, integer, boolean, semver) or a list of these scalars, not "
            + CelTypes.format(type)
        : "must evaluate to a primitive scalar (string, integer, boolean, semver), not " + CelTypes.format(type);
  }

  private static boolean scalar(CelType type) {
    return type.equals(SimpleType.BOOL) || type.equals(SimpleType.INT) || type.equals(SimpleType.STRING)
        || type.equals(SimpleType.ANY) || type.equals(SimpleType.DYN) || type.equals(KubernetesLibrary.SEMVER);
  }

  /** valToDeviceAttribute: a scalar or a list of one element type; an empty list has no type. */
  static DeviceAttribute toAttribute(@Nullable Object value) {
    DeviceAttribute scalar = scalar(value);
    if (scalar != null) {
      return scalar;
    }
    if (!(value instanceof List)) {
      throw new SelectorEvaluationException("unsupported CEL return type: " + goType(value));
    }
    List<?> list = (List<?>) value;
    if (list.isEmpty()) {
      // the reference returns a *DeviceAttribute here, a type its constraints do not know
      return DeviceAttribute.ofStrings(List.of());
    }
    DeviceAttribute first = scalar(list.get(0));
    if (first == null) {
      throw new SelectorEvaluationException("unsupported list element type: " + goType(list.get(0)));
    }
    List<Object> values = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      DeviceAttribute element = scalar(list.get(i));
      if (element == null || element.getClass() != first.getClass()) {
        throw new SelectorEvaluationException("expected list element at index " + i + " to be "
            + ELEMENT_NAMES.get(first.fieldName()) + ", got " + goType(list.get(i)));
      }
      values.add(element instanceof DeviceAttribute.OfBool ? ((DeviceAttribute.OfBool) element).value()
          : element instanceof DeviceAttribute.OfInt ? ((DeviceAttribute.OfInt) element).value()
          : element instanceof DeviceAttribute.OfString ? ((DeviceAttribute.OfString) element).value()
          : ((DeviceAttribute.OfVersion) element).value());
    }
    return list(first, values);
  }

  private static final Map<String, String> ELEMENT_NAMES =
      Map.of("bool", "bool", "int", "int", "string", "string", "version", "semver");

  @SuppressWarnings("unchecked")
  private static DeviceAttribute list(DeviceAttribute first, List<Object> values) {
    List<?> v = values;
    if (first instanceof DeviceAttribute.OfBool) {
      return DeviceAttribute.ofBools((List<Boolean>) v);
    }
    if (first instanceof DeviceAttribute.OfInt) {
      return DeviceAttribute.ofInts((List<Long>) v);
    }
    if (first instanceof DeviceAttribute.OfString) {
      return DeviceAttribute.ofStrings((List<String>) v);
    }
    return DeviceAttribute.ofVersions((List<String>) v);
  }

  private static @Nullable DeviceAttribute scalar(@Nullable Object value) {
    if (value instanceof Boolean) {
      return DeviceAttribute.ofBool((Boolean) value);
    }
    if (value instanceof Long) {
      return DeviceAttribute.ofInt((Long) value);
    }
    if (value instanceof String) {
      return DeviceAttribute.ofString((String) value);
    }
    if (value instanceof OpaqueValue.SemverValue) {
      return DeviceAttribute.ofVersion(value.toString());
    }
    return null;
  }

  /** {@return the Go type cel-go's value has, as the reference's errors print it with %T} */
  private static String goType(@Nullable Object value) {
    if (value instanceof Boolean) {
      return "bool";
    }
    if (value instanceof Long) {
      return "int64";
    }
    if (value instanceof String) {
      return "string";
    }
    if (value instanceof Double) {
      return "float64";
    }
    if (value instanceof UnsignedLong) {
      return "uint64";
    }
    if (value instanceof CelByteString) {
      return "[]uint8";
    }
    if (value instanceof OpaqueValue.SemverValue) {
      return "semver.Version";
    }
    if (value instanceof OpaqueValue.QuantityValue) {
      return "*resource.Quantity";
    }
    if (value instanceof List) {
      return "[]ref.Val";
    }
    if (value instanceof Map) {
      return "map[ref.Val]ref.Val";
    }
    return value == null || value.getClass().getSimpleName().equals("NullValue") ? "structpb.NullValue"
        : value.getClass().getSimpleName();
  }
}
