package io.github.dra4j.core;

/** A pool: driver plus pool name. Mirrors {@code PoolID} in {@code pools_experimental.go}. */
record PoolId(String driver, String pool) implements Comparable<PoolId> {

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
