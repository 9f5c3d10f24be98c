package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.config.SchedulerConfiguration.Resource;
import io.github.dra4j.api.config.SchedulerConfiguration.ScoringStrategy;
import io.github.dra4j.api.config.SchedulerConfiguration.ShapePoint;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * NodeResourcesFit's scoring strategies and BalancedAllocation's scorer, as noderesources'
 * least_allocated.go, most_allocated.go, requested_to_capacity_ratio.go and
 * balanced_allocation.go compute them: integer arithmetic per resource, weighted mean, and for
 * RequestedToCapacityRatio the shape's broken line (scores 0..10 scaled by 10), resources scoring
 * 0 left out, the mean rounded.
 */
final class ResourceScorersTest {
  private static final List<ShapePoint> PACK = List.of(new ShapePoint(0, 0), new ShapePoint(100, 10));
  private static final List<ShapePoint> SPREAD = List.of(new ShapePoint(0, 10), new ShapePoint(100, 0));

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "least: cpu 3/4, memory 5/10 -> (25 + 50) / 2; LeastAllocated; -; 1 1; 3000 5000; 4000 10000; 37",
      "least: over capacity scores 0; LeastAllocated; -; 1 1; 5000 5000; 4000 10000; 25",
      "least: weighted 3 to 1; LeastAllocated; -; 3 1; 3000 5000; 4000 10000; 31",
      "least: a resource the node lacks is left out; LeastAllocated; -; 1 1; 3000 5000; 4000 0; 25",
      "most: (75 + 50) / 2; MostAllocated; -; 1 1; 3000 5000; 4000 10000; 62",
      "most: over capacity counts as full; MostAllocated; -; 1 1; 5000 5000; 4000 10000; 75",
      "ratio packing: round(62.5); RequestedToCapacityRatio; pack; 1 1; 3000 5000; 4000 10000; 63",
      "ratio spreading: round(37.5); RequestedToCapacityRatio; spread; 1 1; 3000 5000; 4000 10000; 38",
      "ratio: a resource scoring 0 is left out of the mean; RequestedToCapacityRatio; pack; 1 1; 0 5000; 4000 10000; 50",
      "ratio: over capacity is utilization 100; RequestedToCapacityRatio; spread; 1 1; 9000 10000; 4000 10000; 0",
      "ratio: between points; RequestedToCapacityRatio; mid; 1 1; 2000 0; 4000 0; 30",
  })
  void strategies(String name, String type, String shape, String weights, String requested, String allocatable,
      long want) {
    long[] w = longs(weights);
    List<Resource> resources = List.of(new Resource("cpu", (int) w[0]), new Resource("memory", (int) w[1]));
    List<ShapePoint> points = switch (shape) {
      case "pack" -> PACK;
      case "spread" -> SPREAD;
      case "mid" -> List.of(new ShapePoint(10, 1), new ShapePoint(90, 5));
      default -> List.of();
    };
    assertThat(ResourceScorers.score(new ScoringStrategy(type, resources, points), longs(requested), longs(allocatable)))
        .isEqualTo(want);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', value = {
      "two resources: (1 - |0.5 - 0.25| / 2) * 100; 2000 2500; 4000 10000; 87",
      "equal fractions; 2000 5000; 4000 10000; 100",
      "three resources: 1 - the standard deviation; 2000 5000 2; 4000 10000 10; 85",
      "a resource the node lacks is left out; 2000 5000; 4000 0; 100",
      "fractions above 1 count as 1; 8000 5000; 4000 10000; 75",
  })
  void balanced(String name, String requested, String allocatable, long want) {
    assertThat(ResourceScorers.balanced(longs(requested), longs(allocatable))).isEqualTo(want);
  }

  private static long[] longs(String s) {
    return Arrays.stream(s.strip().split(" +", -1)).mapToLong(Long::parseLong).toArray();
  }
}
