package io.github.dra4j.core;

/**
 * Where the search is: claim, request, subrequest and device of the request. Mirrors
 * deviceIndices; a new value is made per accepted device, never per device tried.
 */
record DeviceIndices(int claim, int request, int sub, int device) {
  static final DeviceIndices FIRST = new DeviceIndices(0, 0, 0, 0);

  DeviceIndices nextDevice() {
    return new DeviceIndices(claim, request, sub, device + 1);
  }

  DeviceIndices nextRequest() {
    return new DeviceIndices(claim, request + 1, 0, 0);
  }

  DeviceIndices nextClaim() {
    return new DeviceIndices(claim + 1, 0, 0, 0);
  }

  DeviceIndices withSub(int s) {
    return new DeviceIndices(claim, request, s, device);
  }
}
