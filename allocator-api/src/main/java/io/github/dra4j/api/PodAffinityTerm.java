package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A core/v1 PodAffinityTerm: the pods it selects ({@code labelSelector} in {@code namespaces},
 * or in the namespaces {@code namespaceSelector} selects, or in the pod's own namespace when
 * both are unset) and the node label that makes a topology domain.
 *
 * @param labelSelector the pods it selects; null selects none
 * @param namespaces namespaces the selected pods may be in
 * @param topologyKey the node label whose values are the domains
 * @param namespaceSelector namespaces by their labels; an empty selector means every namespace
 * @param matchLabelKeys labels of the incoming pod whose values the selected pods must share
 * @param mismatchLabelKeys labels of the incoming pod whose values the selected pods must not have
 */
public record PodAffinityTerm(@Nullable LabelSelector labelSelector, List<String> namespaces, String topologyKey,
    @Nullable LabelSelector namespaceSelector, List<String> matchLabelKeys, List<String> mismatchLabelKeys) {
  public PodAffinityTerm {
    namespaces = Copies.list(namespaces);
    Objects.requireNonNull(topologyKey, "topologyKey");
    matchLabelKeys = Copies.list(matchLabelKeys);
    mismatchLabelKeys = Copies.list(mismatchLabelKeys);
  }
}
