package io.github.dra4j.scheduling;

import java.util.SplittableRandom;
import java.util.function.IntBinaryOperator;
import org.jspecify.annotations.Nullable;

/*
 * Which of the best-scored nodes wins: the first in node order (dra4j's default, so that a
 * placement repeats), or, with a seed, one drawn at random as kube-scheduler draws among equal
 * scores, from a stream seeded so that runs still repeat.
 */
final class Ties {
  private final @Nullable SplittableRandom random;

  Ties(@Nullable Long seed) {
    this.random = seed == null ? null : new SplittableRandom(seed);
  }

  /** {@return whether equal scores are drawn among at random, rather than the first winning} */
  boolean draws() {
    return random != null;
  }

  /** {@return the index of the highest score} kube-scheduler's weighted sums, compared without converting them. */
  int best(long[] scores) {
    return best(scores.length, (k, than) -> Long.compare(scores[k], scores[than]));
  }

  /** {@return the index of the highest score} */
  int best(double[] scores) {
    // > and ==, not Double.compare: NaN never wins and -0.0 ties with 0.0
    return best(scores.length, (k, than) -> scores[k] > scores[than] ? 1 : scores[k] == scores[than] ? 0 : -1);
  }

  /* compare(k, than): the sign of score k against score than. */
  private int best(int length, IntBinaryOperator compare) {
    int best = 0;
    int count = 1;
    for (int k = 1; k < length; k++) {
      int c = compare.applyAsInt(k, best);
      if (c > 0) {
        best = k;
        count = 1;
      } else if (c == 0) {
        count++;
      }
    }
    SplittableRandom draws = random;
    if (count == 1 || draws == null) {
      return best;
    }
    int pick = draws.nextInt(count);
    for (int k = best; k < length; k++) {
      if (compare.applyAsInt(k, best) == 0 && pick-- == 0) {
        return k;
      }
    }
    return best;
  }
}
