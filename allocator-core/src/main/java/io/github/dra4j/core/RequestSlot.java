package io.github.dra4j.core;

import io.github.dra4j.api.DeviceRequest;

/**
 * A validated request of a claim: without subrequests (one {@link RequestData}) or with them (one
 * per subrequest; the run keeps which one it chose at {@link #subIndex} of its chosen subrequests).
 */
final class RequestSlot {
  final DeviceRequest request;
  final RequestData[] data;
  final boolean hasSubRequests;
  final int subIndex;

  RequestSlot(DeviceRequest request, RequestData[] data, boolean hasSubRequests, int subIndex) {
    this.request = request;
    this.data = data;
    this.hasSubRequests = hasSubRequests;
    this.subIndex = subIndex;
  }

  /** {@return the request data of the chosen subrequest, or of the request itself} */
  RequestData chosen(int[] selected) {
    return data[hasSubRequests ? selected[subIndex] : 0];
  }
}
