package io.github.dra4j.fabric8;

import java.time.Duration;
import java.util.Objects;

/**
 * {@link Fabric8Cluster#snapshot()} refused to serve data older than the configured bound (see
 * {@link Fabric8Cluster.Builder#maxStaleness}): an informer's watch has been down, or its list
 * incomplete, for longer. The informers keep retrying; a later call succeeds once they have
 * listed again.
 */
public final class StaleClusterException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final transient ClusterHealth health;
  private final Duration bound;

  StaleClusterException(ClusterHealth health, Duration bound) {
    super("the cluster view is " + health.staleness().toMillis() + " ms old, more than the bound of "
        + bound.toMillis() + " ms:\n" + health.describe());
    this.health = Objects.requireNonNull(health, "health");
    this.bound = bound;
  }

  /** {@return the health that made the snapshot stale} */
  public ClusterHealth health() {
    return health;
  }

  /** {@return the configured bound} */
  public Duration bound() {
    return bound;
  }
}
