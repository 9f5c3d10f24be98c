package io.github.dra4j.api.simulation;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The pods a simulation schedules, one per step: {@code count} arrivals whose kinds follow
 * {@code order} cyclically when it is given, and are otherwise drawn by weight from a random
 * sequence seeded with {@code seed}, so that a run repeats and every policy sees the same pods.
 *
 * @param kinds the pod kinds, at least one, with distinct names
 * @param count how many pods arrive
 * @param seed the seed of the draw
 * @param order kind names in arrival order, repeated until {@code count}; empty to draw by weight
 */
public record Arrivals(List<PodKind> kinds, int count, long seed, List<String> order) {
  /**
   * Checks the components and copies the lists.
   *
   * @throws IllegalArgumentException when there is no kind, two kinds share a name, the count is
   *     negative, the order names an unknown kind, or the order is empty and no weight is positive
   */
  public Arrivals {
    kinds = List.copyOf(kinds);
    order = List.copyOf(order);
    if (kinds.isEmpty()) {
      throw new IllegalArgumentException("arrivals need at least one pod kind");
    }
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0, got " + count);
    }
    Set<String> names = new HashSet<>();
    double total = 0;
    for (PodKind k : kinds) {
      if (!names.add(k.name())) {
        throw new IllegalArgumentException("two pod kinds are named " + k.name());
      }
      total += k.weight();
    }
    for (String name : order) {
      if (!names.contains(Objects.requireNonNull(name, "order entry"))) {
        throw new IllegalArgumentException("order names the unknown pod kind " + name + "; known: " + names);
      }
    }
    if (order.isEmpty() && !(total > 0)) {
      throw new IllegalArgumentException("without an order, some pod kind needs a positive weight");
    }
  }
}
