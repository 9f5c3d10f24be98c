package io.github.dra4j.scheduling;

import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.Namespace;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The cluster's Namespaces as InterPodAffinity reads them through its namespace lister: the labels
 * of the incoming pod's namespace (GetNamespaceLabelsSnapshot: none for a namespace without a
 * Namespace object), which existing pods' namespaceSelectors match, and the names of the
 * namespaces a selector selects (mergeAffinityTermNamespacesIfNotEmpty), which the incoming pod's
 * own terms are resolved to, so that a pod in a namespace without an object is not selected.
 */
final class Namespaces {
  static final Namespaces NONE = new Namespaces(Map.of());

  private final Map<String, Map<String, String>> labels;

  private Namespaces(Map<String, Map<String, String>> labels) {
    this.labels = labels;
  }

  /** {@return the namespaces' labels by name; the first of a name counts} */
  static Namespaces of(List<Namespace> namespaces) {
    if (namespaces.isEmpty()) {
      return NONE;
    }
    Map<String, Map<String, String>> labels = new LinkedHashMap<>();
    for (Namespace n : namespaces) {
      String name = n.name();
      if (name != null) {
        labels.putIfAbsent(name, n.metadata().labels());
      }
    }
    return new Namespaces(labels);
  }

  /** {@return the labels of the namespace (null or empty: default), none when no Namespace object names it} */
  Map<String, String> labels(@Nullable String namespace) {
    return labels.getOrDefault(PodClaimResolver.namespace(namespace), Map.of());
  }

  /** {@return the names of the namespaces whose labels the selector matches} */
  Set<String> selected(LabelSelector selector) {
    Set<String> out = new HashSet<>();
    labels.forEach((name, l) -> {
      if (selector.matches(l)) {
        out.add(name);
      }
    });
    return out;
  }

  /** {@return whether the selector has no requirement, so that it selects every namespace, known or not} */
  static boolean selectsAll(LabelSelector selector) {
    return selector.matchLabels().isEmpty() && selector.matchExpressions().isEmpty();
  }
}
