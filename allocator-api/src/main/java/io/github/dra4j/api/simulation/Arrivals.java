package io.github.dra4j.api.simulation;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
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

  /** {@return a builder with no kind, count and seed 0 and an empty order} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link Arrivals}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private final List<PodKind> kinds = new ArrayList<>();
    private int count;
    private long seed;
    private final List<String> order = new ArrayList<>();

    private Builder() {}

    private Builder(Arrivals r) {
      kinds.addAll(r.kinds());
      count = r.count();
      seed = r.seed();
      order.addAll(r.order());
    }

    /** Replaces {@code kinds}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder kinds(List<PodKind> kinds) {
      this.kinds.clear();
      kinds.forEach(this::addKind);
      return this;
    }

    /** Appends to {@code kinds}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addKind(PodKind item) {
      kinds.add(Objects.requireNonNull(item, "kinds item"));
      return this;
    }

    /** Sets {@code count}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder count(int count) {
      this.count = count;
      return this;
    }

    /** Sets {@code seed}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /** Replaces {@code order}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder order(List<String> order) {
      this.order.clear();
      order.forEach(this::addOrder);
      return this;
    }

    /** Appends to {@code order}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addOrder(String item) {
      order.add(Objects.requireNonNull(item, "order item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new Arrivals
     * @throws IllegalArgumentException as the record's constructor does
     */
    public Arrivals build() {
      return new Arrivals(kinds, count, seed, order);
    }
  }
}
