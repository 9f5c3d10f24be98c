package io.github.dra4j.core;

import org.jspecify.annotations.Nullable;

/*
 * A compiled selector together with its results on the devices of one snapshot, by device uid:
 * 0 not evaluated yet, 1 true, 2 false. The snapshot is immutable and a selector's result on a
 * device depends only on the device, so a result stays valid for the snapshot's lifetime, and
 * a change to the cluster means a new snapshot with new caches (issue #8, T4).
 *
 * Only true and false are remembered: a runtime error is thrown again by every evaluation, so
 * errors surface exactly as without the cache. The array is shared by concurrent calls without
 * synchronization on purpose: a byte write is atomic and every writer for an index writes the
 * same value, so a reader sees either 0 (and evaluates again) or the right answer.
 */
final class CachedSelector {
  private static final byte TRUE = 1;
  private static final byte FALSE = 2;

  private final CompiledSelector selector;
  private final byte[] results;

  CachedSelector(CompiledSelector selector, int deviceCount) {
    this.selector = selector;
    this.results = new byte[deviceCount];
  }

  String expression() {
    return selector.expression();
  }

  @Nullable String compileError() {
    return selector.compileError();
  }

  /**
   * Evaluates the selector on the device, or returns its remembered result.
   *
   * @throws SelectorEvaluationException when evaluation fails (never remembered)
   */
  boolean matches(DeviceEntry device) {
    byte known = results[device.uid];
    if (known != 0) {
      return known == TRUE;
    }
    boolean match = selector.matches(device.view);
    results[device.uid] = match ? TRUE : FALSE;
    return match;
  }
}
