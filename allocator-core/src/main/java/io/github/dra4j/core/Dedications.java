package io.github.dra4j.core;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The devices one call dedicates to its claims (allocatingDevices of the reference): the (device,
 * claim) pairs, a device given by its pool's index in the call's pools and its PoolLayout number.
 * While there are few, whether a device is dedicated is answered by scanning them, unless its bit
 * in pairMask (a one-word Bloom filter of pool and number) says it is not; from more than
 * SCAN_PAIRS on, by per-pool counts of the claims each device is dedicated to (created on first
 * use). Undos come in reverse order, as the search backtracks.
 */
final class Dedications {
  /** Dedications answered by scanning them; beyond, by per-pool counts. */
  static final int SCAN_PAIRS = 16;
  private static final int[] NO_INTS = {};

  private final int poolCount;
  private final IntUnaryOperator deviceCount;
  /** The capacity of the pair arrays when first needed: the devices the claims ask for at least. */
  private final int firstPairs;
  private int[] pairClaims = NO_INTS;
  private int[] pairPools = NO_INTS;
  private int[] pairLocals = NO_INTS;
  private int pairs;
  private long pairMask;
  private int @Nullable [] @Nullable [] counted;
  /** Told of every dedication and its undo, once the run made its bounds. */
  private @Nullable SearchBounds bounds;

  /**
   * @param poolCount the pools of the call
   * @param deviceCount the devices of a pool by its index, asked once a pool's counts are needed
   * @param firstPairs the devices the claims ask for at least
   */
  Dedications(int poolCount, IntUnaryOperator deviceCount, int firstPairs) {
    this.poolCount = poolCount;
    this.deviceCount = deviceCount;
    this.firstPairs = Math.max(1, firstPairs);
  }

  /** {@return whether this call dedicated the device to any of its claims} */
  boolean dedicated(int pool, int local) {
    int[][] c = counted;
    if (c != null) {
      int[] counts = c[pool];
      return counts != null && counts[local] > 0;
    }
    if ((pairMask & pairBit(pool, local)) != 0) {
      for (int i = 0; i < pairs; i++) {
        if (pairLocals[i] == local && pairPools[i] == pool) {
          return true;
        }
      }
    }
    return false;
  }

  /** {@return whether this call dedicated the device to claim c} */
  boolean dedicatedTo(int pool, int local, int c) {
    for (int i = 0; i < pairs; i++) {
      if (pairLocals[i] == local && pairPools[i] == pool && pairClaims[i] == c) {
        return true;
      }
    }
    return false;
  }

  /** From now on, tells the bounds of every dedication and its undo. */
  void watch(@Nullable SearchBounds b) {
    bounds = b;
  }

  void dedicate(int c, int pool, int local) {
    if (bounds != null) {
      bounds.dedicated(pool, local);
    }
    if (pairs == pairClaims.length) {
      int length = Math.max(firstPairs, 2 * pairs);
      pairClaims = Arrays.copyOf(pairClaims, length);
      pairPools = Arrays.copyOf(pairPools, length);
      pairLocals = Arrays.copyOf(pairLocals, length);
    }
    pairClaims[pairs] = c;
    pairPools[pairs] = pool;
    pairLocals[pairs++] = local;
    pairMask |= pairBit(pool, local);
    if (counted != null) {
      count(counted, pool, local, 1);
    } else if (pairs > SCAN_PAIRS) {
      int[][] c2 = new int[poolCount][];
      for (int i = 0; i < pairs; i++) {
        count(c2, pairPools[i], pairLocals[i], 1);
      }
      counted = c2;
    }
  }

  /** Undoes {@link #dedicate}; the pair is usually the last. */
  void undedicate(int c, int pool, int local) {
    if (bounds != null) {
      bounds.undedicated(pool, local);
    }
    if (counted != null) {
      count(counted, pool, local, -1);
    }
    for (int i = pairs - 1; i >= 0; i--) {
      if (pairLocals[i] == local && pairPools[i] == pool && pairClaims[i] == c) {
        int after = pairs - i - 1;
        System.arraycopy(pairClaims, i + 1, pairClaims, i, after);
        System.arraycopy(pairPools, i + 1, pairPools, i, after);
        System.arraycopy(pairLocals, i + 1, pairLocals, i, after);
        pairs--;
        long mask = 0;
        for (int j = 0; j < pairs; j++) {
          mask |= pairBit(pairPools[j], pairLocals[j]);
        }
        pairMask = mask;
        return;
      }
    }
  }

  /** {@return whether whether a device is dedicated is answered by per-pool counts} */
  boolean usesCounts() {
    return counted != null;
  }

  private static long pairBit(int pool, int local) {
    return 1L << (local + 17 * pool); // the shift takes the low six bits
  }

  private void count(int[][] c, int pool, int local, int delta) {
    int[] counts = c[pool];
    if (counts == null) {
      counts = new int[deviceCount.applyAsInt(pool)];
      c[pool] = counts;
    }
    counts[local] += delta;
  }
}
