package io.github.dra4j.core;

/**
 * Hands out the uids of a snapshot's devices in order while its index is built: from 0, or,
 * when the devices of a previous snapshot keep theirs, from that snapshot's limit. Used by one
 * thread only, for one snapshot.
 */
final class UidCounter {
  private int next;

  UidCounter(int first) {
    this.next = first;
  }

  int next() {
    return next++;
  }

  /** {@return the limit: every uid handed out is below it} */
  int limit() {
    return next;
  }
}
