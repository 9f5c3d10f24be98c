package io.github.dra4j.core;

import org.jspecify.annotations.Nullable;

/** A device: driver, pool and device name. Mirrors {@code DeviceID} of the Go scheduler API. */
record DeviceId(String driver, String pool, String device) {

  /*
   * Written out rather than the record's generated methods: every commit and release hashes and
   * compares device ids, and the generated ones run through method handles that the JIT does not
   * always inline. The same hash as the generated one, so hashed collections keep their order.
   */
  @Override
  public int hashCode() {
    return 31 * (31 * driver.hashCode() + pool.hashCode()) + device.hashCode();
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return this == o || (o instanceof DeviceId d && device.equals(d.device) && pool.equals(d.pool)
        && driver.equals(d.driver));
  }

  @Override
  public String toString() {
    return driver + "/" + pool + "/" + device;
  }
}
