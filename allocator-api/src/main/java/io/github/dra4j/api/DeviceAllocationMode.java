package io.github.dra4j.api;

/**
 * Allocation modes. They are strings, not an enum, because the API is open: an unknown mode
 * is reported by the allocator ("unsupported count mode"), not rejected by the parser.
 */
public final class DeviceAllocationMode {
  /** Allocate {@code count} devices. */
  public static final String EXACT_COUNT = "ExactCount";

  /** Allocate every matching device of complete pools. */
  public static final String ALL = "All";

  private DeviceAllocationMode() {}
}
