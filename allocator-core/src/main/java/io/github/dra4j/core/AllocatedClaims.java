package io.github.dra4j.core;

import io.github.dra4j.api.ResourceClaim;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/*
 * The allocated claims of a line of snapshots, each seeing a prefix: a scheduler derives snapshot
 * after snapshot with ClusterSnapshot.withAllocated, and copying every claim per commit would make
 * a commit linear in the claims placed so far. Appending to the prefix that the newest snapshot
 * sees extends the shared list in place; appending to an older prefix (a snapshot derived twice)
 * starts a list of its own. The list only grows, so a prefix never changes; reads and appends are
 * synchronized, as snapshots are used from many threads.
 */
final class AllocatedClaims {
  private final List<ResourceClaim> claims;
  private final int size;

  private AllocatedClaims(List<ResourceClaim> claims, int size) {
    this.claims = claims;
    this.size = size;
  }

  static AllocatedClaims of(Collection<ResourceClaim> claims) {
    ArrayList<ResourceClaim> list = new ArrayList<>(claims);
    return new AllocatedClaims(list, list.size());
  }

  /** {@return these claims followed by more} */
  AllocatedClaims plus(List<ResourceClaim> more) {
    synchronized (claims) {
      if (claims.size() == size) {
        claims.addAll(more);
        return new AllocatedClaims(claims, claims.size());
      }
      ArrayList<ResourceClaim> copy = new ArrayList<>(claims.subList(0, size));
      copy.addAll(more);
      return new AllocatedClaims(copy, copy.size());
    }
  }

  /** {@return the claims, in the order they were added} */
  List<ResourceClaim> list() {
    synchronized (claims) {
      return List.copyOf(claims.subList(0, size));
    }
  }
}
