package io.github.dra4j.fabric8;

import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * The health of one informer, from what its handler and exception handler see. The data is
 * current while the watch is established and no list is in progress; the last instant that was
 * seen to hold is the informer's last sync. It is refreshed by completed lists, by events that
 * arrive while watching, and by every look at the health while watching: a watch that went down
 * between two looks is charged from the earlier look, so staleness is never under-estimated.
 *
 * A list runs from onBeforeList to onList. Pages of a list that fails half-way have already
 * reached the handler (each object is a real version, only deletions are missing), so the
 * informer counts as not watching until a list completes: a relist after 410 Gone, an error, or
 * a reconnect.
 */
final class InformerWatch {
  private final String kind;
  private final Clock clock;
  private @Nullable SharedIndexInformer<?> informer;
  private Instant lastSync;
  private boolean listing = true;
  private @Nullable String lastError;

  InformerWatch(String kind, Clock clock) {
    this.kind = Objects.requireNonNull(kind, "kind");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.lastSync = clock.instant();
  }

  String kind() {
    return kind;
  }

  synchronized void attach(SharedIndexInformer<?> informer) {
    this.informer = informer;
  }

  synchronized void beforeList() {
    listing = true;
  }

  synchronized void listed() {
    listing = false;
    lastError = null;
    lastSync = clock.instant();
  }

  synchronized void event() {
    if (watching()) {
      lastSync = clock.instant();
    }
  }

  synchronized void error(Throwable t) {
    lastError = t.getClass().getSimpleName() + ": " + Json.rootMessage(t);
  }

  synchronized ClusterHealth.Informer health(Instant now) {
    boolean watching = watching();
    if (watching && now.isAfter(lastSync)) {
      lastSync = now;
    }
    return new ClusterHealth.Informer(kind, lastSync, watching, lastError);
  }

  private boolean watching() {
    return !listing && informer != null && informer.isWatching();
  }
}
