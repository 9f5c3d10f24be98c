package io.github.dra4j.core;

import io.github.dra4j.api.ResourceSliceSpec;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/*
 * Valid pools by the content of their slices, so that the copies of a node template validate
 * once: a pool's validation (mixin problems, duplicate device names, every consumption against
 * its counter set), its counter sets, its counters left while none of its devices is allocated
 * and its binding conditions read only the slices' devices, counter sets and mixins, which the
 * copies share as objects (as MixinResolver.resolveLike shares their resolution). Only pools
 * whose mixins gate dropped nothing are kept: what was dropped is named by slice.
 *
 * One per snapshot built from slices, shared by the snapshots derived from it by commits and
 * releases; concurrent searches may build the same shape twice, and either pool serves.
 */
final class LikePools {
  private final ConcurrentHashMap<Shape, Pool> byShape = new ConcurrentHashMap<>();

  /** {@return a valid pool built from slices of this shape with no device allocated, or null} */
  @Nullable Pool like(Shape shape) {
    return byShape.get(shape);
  }

  /** Keeps a valid pool without dropped devices or counter sets and without allocated devices. */
  void remember(Shape shape, Pool pool) {
    byShape.putIfAbsent(shape, pool);
  }

  /*
   * Which slices a pool is built from, by content: per group (targeting, counter-set and
   * not-targeting slices, each in pool order), each slice's driver and its device, counter set
   * and mixin objects by identity (MixinResolver.sameContent), under the same gates.
   */
  static final class Shape {
    private final Features features;
    private final int targetingCount;
    private final int counterSetCount;
    private final Object[] parts;
    private final int hash;

    Shape(Features features, List<SliceEntry> targeting, List<SliceEntry> counterSets, List<SliceEntry> others) {
      this.features = features;
      this.targetingCount = targeting.size();
      this.counterSetCount = counterSets.size();
      this.parts = new Object[4 * (targeting.size() + counterSets.size() + others.size())];
      int at = 0;
      int h = features.hashCode();
      for (List<SliceEntry> group : List.of(targeting, counterSets, others)) {
        h = 31 * h + group.size();
        for (SliceEntry s : group) {
          ResourceSliceSpec spec = s.slice.spec();
          parts[at++] = spec.driver();
          parts[at++] = spec.devices();
          parts[at++] = spec.sharedCounters();
          parts[at++] = spec.mixins();
          h = 31 * (31 * (31 * (31 * h + spec.driver().hashCode()) + System.identityHashCode(spec.devices()))
              + System.identityHashCode(spec.sharedCounters())) + System.identityHashCode(spec.mixins());
        }
      }
      this.hash = h;
    }

    @Override
    @SuppressWarnings("ReferenceEquality") // the content objects by identity: copies of a template share them
    public boolean equals(@Nullable Object o) {
      if (!(o instanceof Shape other) || other.hash != hash || other.parts.length != parts.length
          || other.targetingCount != targetingCount || other.counterSetCount != counterSetCount
          || !other.features.equals(features)) {
        return false;
      }
      for (int i = 0; i < parts.length; i += 4) {
        if (!parts[i].equals(other.parts[i]) || parts[i + 1] != other.parts[i + 1]
            || parts[i + 2] != other.parts[i + 2] || parts[i + 3] != other.parts[i + 3]) {
          return false;
        }
      }
      return true;
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
