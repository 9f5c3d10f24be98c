package io.github.dra4j.scheduling;

import java.util.Locale;

/* The scorers NodeScorer names; an enum so that each prints its command-line name. */
enum BuiltinScorer implements NodeScorer {
  FIRST {
    @Override
    public double score(NodeUsage usage) {
      return 0;
    }

    @Override
    public boolean readsUsage() {
      return false;
    }
  },
  MOST_ALLOCATED {
    @Override
    public double score(NodeUsage usage) {
      return usage.utilization();
    }
  },
  LEAST_ALLOCATED {
    @Override
    public double score(NodeUsage usage) {
      return 1 - usage.utilization();
    }
  },
  /* PodScheduler scores with DefaultScores instead: the score plugins read pods and nodes, not DRA usage. */
  KUBE_SCHEDULER {
    @Override
    public double score(NodeUsage usage) {
      return 0;
    }

    @Override
    public boolean readsUsage() {
      return false;
    }
  };

  final String cliName = name().toLowerCase(Locale.ROOT).replace('_', '-');

  @Override
  public String toString() {
    return cliName;
  }
}
