package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The content of a DeviceClass.
 *
 * @param selectors every selector must match a device of this class
 * @param config configuration handed to drivers for devices of this class
 * @param extendedResourceName the extended resource this class backs; not used by allocation
 */
public record DeviceClassSpec(
    List<DeviceSelector> selectors,
    List<DeviceClassConfiguration> config,
    @Nullable String extendedResourceName) {
  public DeviceClassSpec {
    selectors = Copies.list(selectors);
    config = Copies.list(config);
  }
}
