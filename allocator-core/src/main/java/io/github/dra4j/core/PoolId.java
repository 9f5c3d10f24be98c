package io.github.dra4j.core;

import org.jspecify.annotations.Nullable;

/** A pool: driver plus pool name. Mirrors {@code PoolID} in {@code pools_experimental.go}. */
record PoolId(String driver, String pool) implements Comparable<PoolId> {

  /* Written out for the reason DeviceId's are, with the generated method's hash. */
  @Override
  public int hashCode() {
    return 31 * driver.hashCode() + pool.hashCode();
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return this == o || (o instanceof PoolId p && pool.equals(p.pool) && driver.equals(p.driver));
  }

  @Override
  public int compareTo(PoolId o) {
    int c = driver.compareTo(o.driver);
    return c != 0 ? c : pool.compareTo(o.pool);
  }

  @Override
  public String toString() {
    return driver + "/" + pool;
  }
}
