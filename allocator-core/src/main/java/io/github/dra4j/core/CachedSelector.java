package io.github.dra4j.core;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/*
 * A compiled selector together with its results on the devices of one snapshot, by device uid:
 * 0 not evaluated yet, 1 true, 2 false. The snapshot is immutable and a selector's result on a
 * device depends only on the device, so a result stays valid for the snapshot's lifetime
 * (AllocateBenchmark.warm). A successor snapshot starts from a copy (resized): a device keeps its uid
 * only while its view is the same, so the copied results stay right, and a new device gets a
 * fresh uid, so it is evaluated. A successor with the same uid limit has no new device, so every
 * uid names the same view in both snapshots and the results are shared rather than copied (a
 * commit would otherwise copy a byte per device of the cluster).
 *
 * Only true and false are remembered: a runtime error is thrown again by every evaluation, so
 * errors surface exactly as without the cache. The array is shared by concurrent calls without
 * synchronization on purpose: a byte write is atomic and every writer for an index writes the
 * same value, so a reader sees either 0 (and evaluates again) or the right answer.
 */
final class CachedSelector {
  static final byte TRUE = 1;
  static final byte FALSE = 2;

  private final CompiledSelector selector;
  private final byte[] results;

  CachedSelector(CompiledSelector selector, int uidLimit) {
    this(selector, new byte[uidLimit]);
  }

  private CachedSelector(CompiledSelector selector, byte[] results) {
    this.selector = selector;
    this.results = results;
  }

  /** {@return this selector for a successor snapshot whose uids are below uidLimit, with the results so far} */
  CachedSelector resized(int uidLimit) {
    if (uidLimit == results.length) {
      return this;
    }
    return new CachedSelector(selector, Arrays.copyOf(results, uidLimit));
  }

  /** {@return the remembered result on the device with this uid: TRUE, FALSE, or 0 when not known} */
  byte known(int uid) {
    return results[uid];
  }

  CompiledSelector compiled() {
    return selector;
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
   * @throws AllocationCancelledException from the interrupt
   */
  boolean matches(DeviceEntry device, EvaluationInterrupt interrupt) {
    byte known = results[device.uid];
    if (known != 0) {
      return known == TRUE;
    }
    boolean match = selector.matches(device.view, interrupt);
    results[device.uid] = match ? TRUE : FALSE;
    return match;
  }
}
