package io.github.dra4j.api;

import java.util.Map;

/**
 * Capacity a request consumes from a multi-allocatable device.
 *
 * @param requests amounts by capacity name
 */
public record CapacityRequirements(Map<String, Quantity> requests) {
  public CapacityRequirements {
    requests = Copies.map(requests);
  }
}
