package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * The word-at-a-time pick of the feasible nodes a cycle scores (percentageOfNodesToScore from
 * the round-robin start) against the plain node-by-node search, kept here as the reference, on
 * random inputs.
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
      long[] got = new long[(nodes + 63) >>> 6];
      int wantStop = plainFirstFound(feasible, nodes, start, toFind, want);
      int gotStop = Profiles.firstFound(feasible, nodes, start, toFind, got);
      String where = "seed " + seed + " nodes " + nodes + " start " + start + " toFind " + toFind;
      assertThat(BitSet.valueOf(got)).as(where).isEqualTo(want);
      assertThat(gotStop).as(where).isEqualTo(wantStop);
    }
  }
}
