package io.github.dra4j.api;

import java.util.List;

/**
 * The devices part of an allocation.
 *
 * @param results one entry per allocated device, in allocation order
 * @param config class config first, then claim config, as the reference orders them
 */
public record DeviceAllocationResult(
    List<DeviceRequestAllocationResult> results, List<DeviceAllocationConfiguration> config) {
  public DeviceAllocationResult {
    results = Copies.list(results);
    config = Copies.list(config);
  }
}
