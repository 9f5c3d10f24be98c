package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * The word-at-a-time and primitive fast paths of the choice among feasible nodes against the
 * plain computations, kept here as the reference, on random inputs: the feasible nodes a cycle
 * scores (percentageOfNodesToScore from the round-robin start).
 */
final class ScoringFastPathsPropertyTest {
  static LongStream seeds() {
    return LongStream.range(0, 200);
  }

  /* Profiles.toScore's plain loop: node by node from the start, round robin, until one feasible node too many. */
  private static int plainFirstFound(BitSet feasible, int nodes, int start, int toFind, BitSet out) {
    int stop = -1;
    int found = 0;
    for (int pass = 0; pass < 2 && stop < 0; pass++) {
      int end = pass == 0 ? nodes : start;
      for (int i = feasible.nextSetBit(pass == 0 ? start : 0); i >= 0 && i < end; i = feasible.nextSetBit(i + 1)) {
        if (found == toFind) {
          stop = i;
          break;
        }
        out.set(i);
        found++;
      }
    }
    return stop;
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void firstFound_equalsTheNodeByNodeSearch(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int nodes = 1 + random.nextInt(random.nextBoolean() ? 70 : 1100);
    BitSet feasible = new BitSet(nodes);
    double density = random.nextDouble();
    for (int i = 0; i < nodes; i++) {
      feasible.set(i, random.nextDouble() < density);
    }
    for (int round = 0; round < 20; round++) {
      int start = random.nextInt(nodes);
      int toFind = 1 + random.nextInt(nodes + 1);
      BitSet want = new BitSet(nodes);
      BitSet got = new BitSet(nodes);
      int wantStop = plainFirstFound(feasible, nodes, start, toFind, want);
      int gotStop = Profiles.firstFound(feasible, nodes, start, toFind, got);
      String where = "seed " + seed + " nodes " + nodes + " start " + start + " toFind " + toFind;
      assertThat(got).as(where).isEqualTo(want);
      assertThat(gotStop).as(where).isEqualTo(wantStop);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void quotient_equalsLongDivision(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 2000; i++) {
      // small values as normalization divides, values near 2^52 where a double is barely exact, any long
      long a = switch (i % 3) {
        case 0 -> random.nextLong(100 * 10_000L);
        case 1 -> (1L << 52) - random.nextLong(1 << 20);
        default -> random.nextLong();
      };
      long b = switch (i % 4) {
        case 0 -> 1 + random.nextLong(10_000);
        case 1 -> 1 + random.nextLong(1L << 53);
        case 2 -> a > 0 && random.nextBoolean() ? Math.max(1, a / (1 + random.nextLong(100))) : 1 + random.nextLong(7);
        default -> random.nextLong();
      };
      if (b == 0) {
        continue;
      }
      assertThat(DefaultScores.quotient(a, b)).as("%d / %d", a, b).isEqualTo(a / b);
    }
    // just below a multiple of a large divisor, where the double quotient comes closest to the multiple
    for (int i = 0; i < 200; i++) {
      long b = (1L << 40) + random.nextLong(1L << 45);
      long a = (1 + random.nextLong((1L << 52) / b - 1)) * b - 1;
      assertThat(DefaultScores.quotient(a, b)).as("%d / %d", a, b).isEqualTo(a / b);
    }
  }

  /* The first of the highest in order, or with a seed one of them drawn, as Ties.best over doubles chooses. */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void bestOfLongs_equalsBestOfTheirDoubles(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] sums = random.longs(1 + random.nextInt(500), 0, 1 + random.nextInt(1200)).toArray();
    double[] asDoubles = new double[sums.length];
    for (int k = 0; k < sums.length; k++) {
      asDoubles[k] = sums[k];
    }
    assertThat(new Ties(null).best(sums)).isEqualTo(new Ties(null).best(asDoubles));
    assertThat(new Ties(seed).best(sums)).isEqualTo(new Ties(seed).best(asDoubles));
  }
}
