package io.github.dra4j.scheduling;

import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Pod;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * A label selector as the scheduler uses it for pods: a missing selector selects nothing
 * (LabelSelectorAsSelector(nil)); matchLabelKeys add "key in (the owner's value)" and
 * mismatchLabelKeys "key notin (the owner's value)" for each key the owner pod has, as the API
 * server merges them into the selector.
 */
record PodSelector(@Nullable LabelSelector base, Map<String, String> sameAs, Map<String, String> differentFrom) {

  static PodSelector of(@Nullable LabelSelector base, Pod owner, List<String> matchLabelKeys,
      List<String> mismatchLabelKeys) {
    Map<String, String> labels = owner.metadata().labels();
    Map<String, String> same = new HashMap<>();
    for (String k : matchLabelKeys) {
      String v = labels.get(k);
      if (v != null) {
        same.put(k, v);
      }
    }
    Map<String, String> different = new HashMap<>();
    for (String k : mismatchLabelKeys) {
      String v = labels.get(k);
      if (v != null) {
        different.put(k, v);
      }
    }
    return new PodSelector(base, Map.copyOf(same), Map.copyOf(different));
  }

  boolean matches(Map<String, String> labels) {
    if (base == null || !base.matches(labels)) {
      return false;
    }
    for (Map.Entry<String, String> e : sameAs.entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    for (Map.Entry<String, String> e : differentFrom.entrySet()) {
      if (Objects.equals(e.getValue(), labels.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }
}
