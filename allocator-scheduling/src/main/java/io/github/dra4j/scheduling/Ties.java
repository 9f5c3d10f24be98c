package io.github.dra4j.scheduling;

import java.util.SplittableRandom;
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

  /**
   * {@return the index of the highest sum} As {@link #best(double[])}; when the first of equals
   * wins, on the sums as they are (a cycle picks among hundreds of nodes, no copy needed).
   */
  int best(long[] sums) {
    if (random == null) {
      int best = 0;
      for (int k = 1; k < sums.length; k++) {
        if (sums[k] > sums[best]) {
          best = k;
        }
      }
      return best;
    }
    double[] scores = new double[sums.length];
    for (int k = 0; k < sums.length; k++) {
      scores[k] = sums[k];
    }
    return best(scores);
  }

  /** {@return the index of the highest score} */
  int best(double[] scores) {
    int best = 0;
    int count = 1;
    for (int k = 1; k < scores.length; k++) {
      if (scores[k] > scores[best]) {
        best = k;
        count = 1;
      } else if (scores[k] == scores[best]) {
        count++;
      }
    }
    SplittableRandom draws = random;
    if (count == 1 || draws == null) {
      return best;
    }
    int pick = draws.nextInt(count);
    for (int k = best; k < scores.length; k++) {
      if (scores[k] == scores[best] && pick-- == 0) {
        return k;
      }
    }
    return best;
  }
}
