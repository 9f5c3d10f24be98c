package io.github.dra4j.simulation;

import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.simulation.Arrivals;
import io.github.dra4j.api.simulation.PodKind;
import java.util.AbstractList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/*
 * The pod kind of every arrival, fixed by the order or the seed so that every policy sees the
 * same pods, and the pod of each arrival.
 */
final class ArrivalDraw {
  private ArrivalDraw() {}

  /*
   * The kinds in arrival order: the order cyclically when given, else a weighted draw from the
   * seed. Drawn as they are asked for, never held: memory does not grow with the count. The
   * consumers read in order (each policy's loop from 0, the output), which costs one draw per
   * arrival; reading backwards replays the draw from the seed.
   */
  static List<PodKind> kinds(Arrivals a) {
    return new Drawn(a);
  }

  /* The kind names of the arrivals, as lazily as the kinds: SimulationResult keeps this view as it is. */
  static List<String> names(List<PodKind> drawn) {
    return new Names(drawn);
  }

  private static final class Drawn extends AbstractList<PodKind> {
    private final Arrivals a;
    private final Map<String, PodKind> byName = new HashMap<>();
    private final double total;
    private SplittableRandom random;
    private int last = -1;
    private @Nullable PodKind lastKind;

    Drawn(Arrivals a) {
      this.a = a;
      a.kinds().forEach(k -> byName.put(k.name(), k));
      this.total = a.kinds().stream().mapToDouble(PodKind::weight).sum();
      this.random = new SplittableRandom(a.seed());
    }

    @Override
    public int size() {
      return a.count();
    }

    @Override
    public synchronized PodKind get(int index) {
      Objects.checkIndex(index, a.count());
      if (!a.order().isEmpty()) {
        return Objects.requireNonNull(byName.get(a.order().get(index % a.order().size()))); // Arrivals checked the names
      }
      if (index < last) {
        // SplittableRandom's sequence is specified, so a seed gives the same arrivals on every JVM.
        random = new SplittableRandom(a.seed());
        last = -1;
      }
      while (last < index) {
        lastKind = draw();
        last++;
      }
      return Objects.requireNonNull(lastKind);
    }

    private PodKind draw() {
      double x = random.nextDouble() * total;
      PodKind chosen = null;
      for (PodKind k : a.kinds()) {
        if (k.weight() > 0) {
          chosen = k;
          if (x < k.weight()) {
            break;
          }
          x -= k.weight();
        }
      }
      return Objects.requireNonNull(chosen); // Arrivals requires a positive weight without an order
    }
  }

  static final class Names extends AbstractList<String> {
    private final List<PodKind> drawn;

    Names(List<PodKind> drawn) {
      this.drawn = drawn;
    }

    @Override
    public int size() {
      return drawn.size();
    }

    @Override
    public String get(int index) {
      return drawn.get(index).name();
    }
  }

  /** Arrival {@code index} of a kind; a negative index is the probe that asks whether the kind still fits. */
  static Pod pod(PodKind kind, int index) {
    String name = kind.name() + "-" + (index < 0 ? "probe" : Integer.toString(index));
    ObjectMeta meta = kind.pod().metadata().withNameAndUid(name, null);
    PodSpec spec = kind.pod().spec();
    return new Pod(meta, spec.nodeName() == null ? spec : spec.toBuilder().nodeName(null).build(), kind.pod().status());
  }
}
