package io.github.dra4j.core;

import org.jspecify.annotations.Nullable;

/**
 * The devices a set of selectors may select, in number order, for the devices below {@code
 * frontier}: up to there every selector's result on every device is remembered (or the device
 * needs a full check, see checkFully), and the devices left out are known not to match. A device
 * that was in use when listed may have no remembered result (a search rejects it before
 * evaluating anything, unless the request asks for admin access): it is listed and marked in
 * {@code unknown}, so that the search checks it in full. Beyond the frontier the search looks
 * at every device. Immutable.
 */
final class Candidates {
  final Object key;
  final int[] locals;
  final int frontier;
  /** Bit l set: device l is listed without a known result. Null when none is. */
  final long @Nullable [] unknown;

  Candidates(Object key, int[] locals, int frontier, long @Nullable [] unknown) {
    this.key = key;
    this.locals = locals;
    this.frontier = frontier;
    this.unknown = unknown;
  }

  /** {@return whether the listed device must be checked in full: its results were not known} */
  boolean unknown(int local) {
    long[] u = unknown;
    return u != null && (u[local >>> 6] & (1L << local)) != 0;
  }
}
