package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A request for devices: exactly one of {@code exactly} and {@code firstAvailable} is set.
 *
 * @param name unique in the claim
 * @param exactly a request for devices of one class
 * @param firstAvailable alternatives tried in order (DRAPrioritizedList)
 */
public record DeviceRequest(
    String name, @Nullable ExactDeviceRequest exactly, List<DeviceSubRequest> firstAvailable) {
  public DeviceRequest {
    Objects.requireNonNull(name, "name");
    firstAvailable = Copies.list(firstAvailable);
  }
}
