package io.github.dra4j.simulation;

import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.simulation.Arrivals;
import io.github.dra4j.api.simulation.PodKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/*
 * The pod kind of every arrival, fixed before any policy runs so that every policy sees the same
 * pods, and the pod of each arrival.
 */
final class ArrivalDraw {
  private ArrivalDraw() {}

  /* The kinds in arrival order: the order cyclically when given, else a weighted draw from the seed. */
  static List<PodKind> kinds(Arrivals a) {
    List<PodKind> out = new ArrayList<>(a.count());
    Map<String, PodKind> byName = new HashMap<>();
    a.kinds().forEach(k -> byName.put(k.name(), k));
    if (!a.order().isEmpty()) {
      for (int i = 0; i < a.count(); i++) {
        out.add(byName.get(a.order().get(i % a.order().size())));
      }
      return out;
    }
    // SplittableRandom's sequence is specified, so a seed gives the same arrivals on every JVM.
    SplittableRandom random = new SplittableRandom(a.seed());
    double total = a.kinds().stream().mapToDouble(PodKind::weight).sum();
    for (int i = 0; i < a.count(); i++) {
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
      out.add(chosen);
    }
    return out;
  }

  /** Arrival {@code index} of a kind; a negative index is the probe that asks whether the kind still fits. */
  static Pod pod(PodKind kind, int index) {
    String name = kind.name() + "-" + (index < 0 ? "probe" : Integer.toString(index));
    ObjectMeta meta = kind.pod().metadata().toBuilder().name(name).uid(null).build();
    return new Pod(meta, kind.pod().spec().toBuilder().nodeName(null).build(), kind.pod().status());
  }
}
