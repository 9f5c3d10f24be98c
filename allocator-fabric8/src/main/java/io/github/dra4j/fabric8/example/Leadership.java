package io.github.dra4j.fabric8.example;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElector;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.Lock;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/*
 * Leader election on a Lease through fabric8's LeaderElector, with two additions a scheduler
 * needs:
 *
 * - Fencing by time. The elector notices a lost lease only when a renewal fails for a whole
 *   renewDeadline, and a partitioned leader cannot learn about its successor at all. isLeader()
 *   is therefore also false once renewDeadline has passed since the last renewal that
 *   succeeded (measured from before the request, on the monotonic clock): by then the elector
 *   gives up too, and the lease still belongs to this candidate for leaseDuration - renewDeadline
 *   more (others wait for renewTime + leaseDuration), which is the margin for a write already
 *   under way. The same bound kube-scheduler relies on; it exits when its lease is lost.
 * - Candidacy again. An elector can be used once; after losing the lease this one starts a new
 *   elector, so the replica stands by for the next election instead of leaving it.
 *
 * Closing releases the lease (releaseOnCancel), so a successor takes over at its next retry
 * instead of waiting for the lease to expire.
 */
final class Leadership implements AutoCloseable {
  private final KubernetesClient client;
  private final LeaderElection config;
  private final Lock lock;
  private volatile boolean leading;
  private volatile long renewedAtNanos;
  private volatile boolean closed;
  private @Nullable CompletableFuture<?> running;

  Leadership(KubernetesClient client, LeaderElection config) {
    this.client = Objects.requireNonNull(client, "client");
    this.config = Objects.requireNonNull(config, "config");
    this.lock = new RenewalRecordingLock(new LeaseLock(config.namespace(), config.name(), config.identity()));
  }

  synchronized void start() {
    if (closed) {
      return;
    }
    LeaderElector elector = client.leaderElector().withConfig(new LeaderElectionConfigBuilder()
        .withName(config.name())
        .withLock(lock)
        .withLeaseDuration(config.leaseDuration())
        .withRenewDeadline(config.renewDeadline())
        .withRetryPeriod(config.retryPeriod())
        .withReleaseOnCancel(true)
        .withLeaderCallbacks(new LeaderCallbacks(() -> leading = true, () -> leading = false, leader -> { }))
        .build()).build();
    CompletableFuture<?> future = elector.start();
    running = future;
    // Lost (or cancelled by close): stand for the next election.
    var unused = future.whenComplete((v, t) -> start());
  }

  /** {@return whether this candidate holds the lease and renewed it less than renewDeadline ago} */
  boolean isLeader() {
    return leading && System.nanoTime() - renewedAtNanos < config.renewDeadline().toNanos();
  }

  @Override
  public void close() {
    CompletableFuture<?> future;
    synchronized (this) {
      closed = true;
      future = running;
    }
    if (future != null) {
      future.cancel(true);
    }
    leading = false;
  }

  /** Notes when a create or update of the record naming this candidate as holder succeeded. */
  private final class RenewalRecordingLock implements Lock {
    private final Lock delegate;

    RenewalRecordingLock(Lock delegate) {
      this.delegate = delegate;
    }

    @Override
    public @Nullable LeaderElectionRecord get(KubernetesClient c) {
      return delegate.get(c);
    }

    @Override
    public void create(KubernetesClient c, LeaderElectionRecord record) {
      long before = System.nanoTime();
      delegate.create(c, record);
      renewed(record, before);
    }

    @Override
    public void update(KubernetesClient c, LeaderElectionRecord record) {
      long before = System.nanoTime();
      delegate.update(c, record);
      renewed(record, before);
    }

    private void renewed(LeaderElectionRecord record, long before) {
      if (Objects.equals(record.getHolderIdentity(), delegate.identity())) {
        renewedAtNanos = before;
      }
    }

    @Override
    public String identity() {
      return delegate.identity();
    }

    @Override
    public String describe() {
      return delegate.describe();
    }
  }
}
