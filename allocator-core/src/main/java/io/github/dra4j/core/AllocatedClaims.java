package io.github.dra4j.core;

import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.ResourceClaim;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The allocated claims of a line of snapshots, each seeing a prefix of one log of commits and
 * releases: a scheduler derives snapshot after snapshot (ClusterSnapshot.withAllocated and
 * withoutAllocated), and copying every claim per step would make a step linear in the claims
 * placed so far. A step from the newest snapshot appends to the shared log in place; a step from
 * an older one (a snapshot derived twice) starts a log of its own from its live claims. The log
 * only grows, so a prefix never changes.
 *
 * A release must know which live claims use the released claims' pools, so that only those
 * pools' in-use state is derived again. The newest log therefore keeps, once the first release
 * asks for them, its live claims by key and by pool; a log with more than twice as many entries
 * as live claims (plus LOG_SLACK) starts again from its live claims, so memory and replays stay
 * linear in the live claims. Every access is synchronized on the log, as snapshots are used from
 * many threads.
 */
final class AllocatedClaims {
  private static final int LOG_SLACK = 1024;

  private final Log log;
  private final int size;

  private AllocatedClaims(Log log, int size) {
    this.log = log;
    this.size = size;
  }

  static AllocatedClaims of(Collection<ResourceClaim> claims) {
    Log log = new Log();
    claims.forEach(log::append);
    return new AllocatedClaims(log, log.entries.size());
  }

  /** {@return these claims followed by more} */
  AllocatedClaims plus(List<ResourceClaim> more) {
    synchronized (log) {
      Log into = newest();
      for (ResourceClaim c : more) {
        into.append(c);
      }
      return new AllocatedClaims(into, into.entries.size());
    }
  }

  /**
   * These claims without the live claims of these keys.
   *
   * @param keys claim keys ({@link ClaimPlan#claimRef})
   * @return the remaining claims, the removed ones and the remaining claims that use one of
   *     the pools the removed ones used
   */
  Release minus(Set<String> keys) {
    synchronized (log) {
      Log into = newest();
      Map<String, List<ResourceClaim>> byKey = into.index();
      Set<PoolId> pools = new HashSet<>();
      List<ResourceClaim> removed = new ArrayList<>();
      for (String key : keys) {
        List<ResourceClaim> held = byKey.get(key);
        if (held != null) {
          held.forEach(c -> pools.addAll(poolsOf(c)));
          removed.addAll(held);
          into.append(new Removed(key));
        }
      }
      Set<ResourceClaim> users = Collections.newSetFromMap(new IdentityHashMap<>());
      for (PoolId pool : pools) {
        users.addAll(into.byPool.getOrDefault(pool, List.of()));
      }
      return new Release(new AllocatedClaims(into, into.entries.size()), List.copyOf(removed), List.copyOf(users));
    }
  }

  /**
   * The outcome of {@link #minus}.
   *
   * @param claims the remaining claims
   * @param removed the claims removed, as they were held
   * @param users the remaining claims that use a pool one of the removed claims used
   */
  record Release(AllocatedClaims claims, List<ResourceClaim> removed, List<ResourceClaim> users) {}

  /** {@return the live claims, in the order they were added} */
  List<ResourceClaim> list() {
    synchronized (log) {
      return log.live(size);
    }
  }

  /*
   * The log to append to: the shared one when this is its newest prefix, else a new one of the
   * live claims. A newest prefix that outgrew its live claims hands its index over to the new
   * log (the same live claims), so that compacting does not index them again; the shared log,
   * left without an index, is compacted again by any later step from it.
   */
  private Log newest() {
    boolean newestPrefix = log.entries.size() == size;
    if (newestPrefix && log.entries.size() <= 2 * log.live + LOG_SLACK) {
      return log;
    }
    Log fresh = new Log();
    log.live(size).forEach(fresh::append);
    if (newestPrefix && log.byKey != null) {
      fresh.byKey = log.byKey;
      fresh.byPool = log.byPool;
      log.byKey = null;
      log.byPool = new HashMap<>();
    }
    return fresh;
  }

  /** {@return the pools whose devices a claim's allocation uses} */
  static Set<PoolId> poolsOf(ResourceClaim claim) {
    if (claim.allocation() == null) {
      return Set.of();
    }
    Set<PoolId> out = new HashSet<>();
    for (DeviceRequestAllocationResult r : claim.allocation().devices().results()) {
      out.add(new PoolId(r.driver(), r.pool()));
    }
    return out;
  }

  /** A release in the log: every claim of the key added before it is gone. */
  private record Removed(String key) {}

  /** Claims added and keys removed, in order, with the live claims indexed once a release asks. */
  private static final class Log {
    /** ResourceClaim or Removed. */
    final List<Object> entries = new ArrayList<>();
    /** Claims added less claims removed: an estimate before indexing, exact after. */
    int live;
    @Nullable Map<String, List<ResourceClaim>> byKey;
    Map<PoolId, List<ResourceClaim>> byPool = new HashMap<>();

    void append(Object entry) {
      entries.add(entry);
      Map<String, List<ResourceClaim>> keys = byKey;
      if (entry instanceof ResourceClaim c) {
        live++;
        if (keys != null) {
          add(keys, c);
        }
      } else if (keys != null) {
        List<ResourceClaim> gone = keys.remove(((Removed) entry).key());
        if (gone != null) {
          live -= gone.size();
          gone.forEach(this::unindexPools);
        }
      }
    }

    /* Indexes the live claims by key and pool, once: from then on every append keeps the index. */
    Map<String, List<ResourceClaim>> index() {
      Map<String, List<ResourceClaim>> indexed = byKey;
      if (indexed != null) {
        return indexed;
      }
      Map<String, List<ResourceClaim>> keys = new HashMap<>();
      List<ResourceClaim> claims = live(entries.size());
      claims.forEach(c -> add(keys, c));
      live = claims.size();
      byKey = keys;
      return keys;
    }

    private void add(Map<String, List<ResourceClaim>> keys, ResourceClaim c) {
      keys.computeIfAbsent(ClaimPlan.claimRef(c), k -> new ArrayList<>(1)).add(c);
      for (PoolId pool : poolsOf(c)) {
        byPool.computeIfAbsent(pool, k -> new ArrayList<>()).add(c);
      }
    }

    @SuppressWarnings("ReferenceEquality") // the very claim: an equal copy may still be live under another entry
    private void unindexPools(ResourceClaim c) {
      for (PoolId pool : poolsOf(c)) {
        List<ResourceClaim> users = byPool.get(pool);
        if (users != null) {
          users.removeIf(u -> u == c);
          if (users.isEmpty()) {
            byPool.remove(pool);
          }
        }
      }
    }

    /* The claims of the first size entries that no later entry of those removed, in order. */
    List<ResourceClaim> live(int size) {
      Set<String> removedLater = new HashSet<>();
      List<ResourceClaim> out = new ArrayList<>();
      for (int i = size - 1; i >= 0; i--) {
        Object e = entries.get(i);
        if (e instanceof Removed r) {
          removedLater.add(r.key());
        } else {
          ResourceClaim c = (ResourceClaim) e;
          if (!removedLater.contains(ClaimPlan.claimRef(c))) {
            out.add(c);
          }
        }
      }
      Collections.reverse(out);
      return out;
    }
  }
}
