package io.github.dra4j.core;

/**
 * A device of a run by its pool's index in the run's pools and its number in that pool's {@link
 * PoolLayout}. Mirrors deviceLocation; as the search's start it says where the search for the next
 * device of a request may begin, so that devices are picked in pool/slice/device order only.
 */
record DeviceLocation(int pool, int local) {
  static final DeviceLocation START = new DeviceLocation(0, 0);
}
