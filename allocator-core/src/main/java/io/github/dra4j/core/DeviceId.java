package io.github.dra4j.core;

/** A device: driver, pool and device name. Mirrors {@code DeviceID} of the Go scheduler API. */
record DeviceId(String driver, String pool, String device) {

  @Override
  public String toString() {
    return driver + "/" + pool + "/" + device;
  }
}
