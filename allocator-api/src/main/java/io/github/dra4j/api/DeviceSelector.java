package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * A device selector. CEL is the only kind the API defines; a selector without it is
 * reported by the allocator as unsupported, as the reference does.
 *
 * @param cel the CEL selector
 */
public record DeviceSelector(@Nullable CelDeviceSelector cel) {

  /** {@return a CEL selector} */
  public static DeviceSelector cel(String expression) {
    return new DeviceSelector(new CelDeviceSelector(expression));
  }
}
