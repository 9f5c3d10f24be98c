package io.github.dra4j.scheduling;

import io.github.dra4j.api.config.SchedulerConfiguration.Resource;
import io.github.dra4j.api.config.SchedulerConfiguration.ScoringStrategy;
import io.github.dra4j.api.config.SchedulerConfiguration.ShapePoint;
import java.util.List;

/*
 * The scorers of noderesources (least_allocated.go, most_allocated.go,
 * requested_to_capacity_ratio.go, balanced_allocation.go) over per-resource requested and
 * allocatable amounts; a resource whose allocatable is 0 is left out.
 */
final class ResourceScorers {
  /* config.MaxCustomPriorityScore: a shape's scores are 0..10, scaled to the node score's 0..100. */
  private static final long MAX_CUSTOM_PRIORITY_SCORE = 10;
  private static final long MAX_UTILIZATION = 100;

  private ResourceScorers() {}

  static long score(ScoringStrategy strategy, long[] requested, long[] allocatable) {
    List<Resource> resources = strategy.resources();
    boolean ratio = strategy.type().equals(ScoringStrategy.REQUESTED_TO_CAPACITY_RATIO);
    long nodeScore = 0;
    long weightSum = 0;
    for (int i = 0; i < requested.length; i++) {
      if (allocatable[i] == 0) {
        continue;
      }
      long weight = resources.get(i).weight();
      long score;
      if (ratio) {
        score = requestedToCapacityRatio(strategy.shape(), requested[i], allocatable[i]);
        if (score <= 0) {
          continue; // buildRequestedToCapacityRatioScorerFunction counts positive scores only
        }
      } else if (strategy.type().equals(ScoringStrategy.MOST_ALLOCATED)) {
        score = Math.min(requested[i], allocatable[i]) * DefaultScores.MAX / allocatable[i];
      } else {
        score = requested[i] > allocatable[i] ? 0 : (allocatable[i] - requested[i]) * DefaultScores.MAX / allocatable[i];
      }
      nodeScore += score * weight;
      weightSum += weight;
    }
    if (weightSum == 0) {
      return 0;
    }
    return ratio ? Math.round((double) nodeScore / weightSum) : nodeScore / weightSum;
  }

  /* The broken linear function of the shape (BuildBrokenLinearFunction) at the utilization. */
  private static long requestedToCapacityRatio(List<ShapePoint> shape, long requested, long capacity) {
    long p = requested > capacity ? MAX_UTILIZATION : requested * MAX_UTILIZATION / capacity;
    long scale = DefaultScores.MAX / MAX_CUSTOM_PRIORITY_SCORE;
    for (int i = 0; i < shape.size(); i++) {
      if (p <= shape.get(i).utilization()) {
        if (i == 0) {
          return shape.get(0).score() * scale;
        }
        ShapePoint a = shape.get(i - 1);
        ShapePoint b = shape.get(i);
        return a.score() * scale + (b.score() * scale - a.score() * scale) * (p - a.utilization())
            / (b.utilization() - a.utilization());
      }
    }
    return shape.get(shape.size() - 1).score() * scale;
  }

  /* balancedResourceScorer: 1 minus the standard deviation of the fractions requested (each at most 1). */
  static long balanced(long[] requested, long[] allocatable) {
    double[] fractions = new double[requested.length];
    int n = 0;
    double total = 0;
    for (int i = 0; i < requested.length; i++) {
      if (allocatable[i] == 0) {
        continue;
      }
      fractions[n] = Math.min(1.0, (double) requested[i] / allocatable[i]);
      total += fractions[n++];
    }
    double std = 0;
    if (n == 2) {
      std = Math.abs((fractions[0] - fractions[1]) / 2);
    } else if (n > 2) {
      double mean = total / n;
      double sum = 0;
      for (int i = 0; i < n; i++) {
        sum += (fractions[i] - mean) * (fractions[i] - mean);
      }
      std = Math.sqrt(sum / n);
    }
    return (long) ((1 - std) * DefaultScores.MAX);
  }
}
