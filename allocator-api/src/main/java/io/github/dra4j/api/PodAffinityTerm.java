package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
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

  /** {@return a builder with every component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link PodAffinityTerm}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable LabelSelector labelSelector;
    private final List<String> namespaces = new ArrayList<>();
    private @Nullable String topologyKey;
    private @Nullable LabelSelector namespaceSelector;
    private final List<String> matchLabelKeys = new ArrayList<>();
    private final List<String> mismatchLabelKeys = new ArrayList<>();

    private Builder() {}

    private Builder(PodAffinityTerm r) {
      labelSelector = r.labelSelector();
      namespaces.addAll(r.namespaces());
      topologyKey = r.topologyKey();
      namespaceSelector = r.namespaceSelector();
      matchLabelKeys.addAll(r.matchLabelKeys());
      mismatchLabelKeys.addAll(r.mismatchLabelKeys());
    }

    /** Sets or (with null) clears {@code labelSelector}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder labelSelector(@Nullable LabelSelector labelSelector) {
      this.labelSelector = labelSelector;
      return this;
    }

    /** Replaces {@code namespaces}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder namespaces(List<String> namespaces) {
      this.namespaces.clear();
      namespaces.forEach(this::addNamespace);
      return this;
    }

    /** Appends to {@code namespaces}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addNamespace(String item) {
      namespaces.add(Objects.requireNonNull(item, "namespaces item"));
      return this;
    }

    /** Sets {@code topologyKey}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder topologyKey(String topologyKey) {
      this.topologyKey = Objects.requireNonNull(topologyKey, "topologyKey");
      return this;
    }

    /** Sets or (with null) clears {@code namespaceSelector}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder namespaceSelector(@Nullable LabelSelector namespaceSelector) {
      this.namespaceSelector = namespaceSelector;
      return this;
    }

    /** Replaces {@code matchLabelKeys}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder matchLabelKeys(List<String> matchLabelKeys) {
      this.matchLabelKeys.clear();
      matchLabelKeys.forEach(this::addMatchLabelKey);
      return this;
    }

    /** Appends to {@code matchLabelKeys}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addMatchLabelKey(String item) {
      matchLabelKeys.add(Objects.requireNonNull(item, "matchLabelKeys item"));
      return this;
    }

    /** Replaces {@code mismatchLabelKeys}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder mismatchLabelKeys(List<String> mismatchLabelKeys) {
      this.mismatchLabelKeys.clear();
      mismatchLabelKeys.forEach(this::addMismatchLabelKey);
      return this;
    }

    /** Appends to {@code mismatchLabelKeys}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addMismatchLabelKey(String item) {
      mismatchLabelKeys.add(Objects.requireNonNull(item, "mismatchLabelKeys item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new PodAffinityTerm
     * @throws NullPointerException when {@code topologyKey} is unset
     */
    public PodAffinityTerm build() {
      return new PodAffinityTerm(labelSelector, namespaces, Objects.requireNonNull(topologyKey, "topologyKey"), namespaceSelector, matchLabelKeys, mismatchLabelKeys);
    }
  }
}
