package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An object whose controller creates pods from {@code spec.template}: an {@code apps/v1}
 * Deployment, ReplicaSet, StatefulSet or DaemonSet, a {@code batch/v1} Job, or a core {@code v1}
 * ReplicationController. Only what decides
 * the pods is kept: the counts, the template, and the selector (PodTopologySpread's default
 * constraints spread the pods it selects). The strategy and status are not modelled.
 *
 * <p>The name is not "workload": that is the {@code scheduling.k8s.io} Workload, a different
 * object.
 *
 * @param apiVersion {@code apps/v1}, {@code batch/v1} or {@code v1}
 * @param kind one of {@link #KINDS}
 * @param metadata the controller object's name, namespace and UID (its pods' owner)
 * @param replicas {@code spec.replicas} of a Deployment, ReplicaSet, StatefulSet or
 *     ReplicationController; null when not given (1) or for the other kinds
 * @param parallelism {@code spec.parallelism} of a Job, or null
 * @param completions {@code spec.completions} of a Job, or null
 * @param ordinalsStart {@code spec.ordinals.start} of a StatefulSet, or null
 * @param template {@code spec.template} as a pod: its metadata (labels, annotations) and spec
 * @param selector {@code spec.selector} of a Deployment, ReplicaSet or StatefulSet (the selector of
 *     the pods PodTopologySpread's default constraints count), or null when not given; a
 *     ReplicationController's {@code spec.selector} map as {@code matchLabels}, its template's
 *     labels when not given (as the API server defaults it)
 */
public record PodController(
    String apiVersion,
    String kind,
    ObjectMeta metadata,
    @Nullable Integer replicas,
    @Nullable Integer parallelism,
    @Nullable Integer completions,
    @Nullable Integer ordinalsStart,
    Pod template,
    @Nullable LabelSelector selector) {
  /**
   * The most pods dra4j makes from pod controllers, or simulates arriving, unless a caller allows
   * more: 100,000, two thirds of the 150,000 pods per cluster Kubernetes is tested to. The API
   * server takes any {@code spec.replicas} up to 2,147,483,647; making that many pods in memory
   * would take hours and hundreds of gigabytes, so a count above the limit is an error that names
   * the controller and the field, before any pod is made.
   */
  public static final int DEFAULT_MAX_PODS = 100_000;

  /** The kinds of pod controllers, each with the apiVersion {@link #apiVersionOf} gives. */
  public static final List<String> KINDS = List.of("Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job",
      "ReplicationController");

  /**
   * Checks the kind and the counts.
   *
   * @throws IllegalArgumentException for a kind or apiVersion of another controller, or a count below 0
   */
  public PodController {
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(template, "template");
    if (!apiVersion.equals(apiVersionOf(kind))) {
      throw new IllegalArgumentException("not a pod controller: " + apiVersion + " " + kind);
    }
    for (Integer count : new Integer[] {replicas, parallelism, completions, ordinalsStart}) {
      if (count != null && count < 0) {
        throw new IllegalArgumentException(kind + " " + metadata.name() + ": a count is below 0: " + count);
      }
    }
  }

  /**
   * {@return the apiVersion of a pod controller kind, or null for another kind}
   *
   * @param kind the kind
   */
  public static @Nullable String apiVersionOf(String kind) {
    if (kind.equals("Job")) {
      return "batch/v1";
    }
    if (kind.equals("ReplicationController")) {
      return "v1";
    }
    return KINDS.contains(kind) ? "apps/v1" : null;
  }

  /** {@return the name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }

  /** {@return a builder with the counts unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link PodController}s step by step; {@link #build} runs the record's constructor, so
   * the checks live in one place. Not thread-safe.
   */
  public static final class Builder {
    private String kind = "";
    private ObjectMeta metadata = ObjectMeta.builder().build();
    private @Nullable Integer replicas;
    private @Nullable Integer parallelism;
    private @Nullable Integer completions;
    private @Nullable Integer ordinalsStart;
    private @Nullable Pod template;
    private @Nullable LabelSelector selector;

    private Builder() {}

    /** The apiVersion is not copied: {@link #build} derives it from the kind, as the record requires. */
    private Builder(PodController r) {
      kind = r.kind();
      metadata = r.metadata();
      replicas = r.replicas();
      parallelism = r.parallelism();
      completions = r.completions();
      ordinalsStart = r.ordinalsStart();
      template = r.template();
      selector = r.selector();
    }

    /** Sets the kind (the apiVersion follows from it); returns this builder. */
    @CanIgnoreReturnValue
    public Builder kind(String kind) {
      this.kind = Objects.requireNonNull(kind, "kind");
      return this;
    }

    /** Sets the metadata; returns this builder. */
    @CanIgnoreReturnValue
    public Builder metadata(ObjectMeta metadata) {
      this.metadata = Objects.requireNonNull(metadata, "metadata");
      return this;
    }

    /** Sets or (with null) clears {@code replicas}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder replicas(@Nullable Integer replicas) {
      this.replicas = replicas;
      return this;
    }

    /** Sets or (with null) clears {@code parallelism}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder parallelism(@Nullable Integer parallelism) {
      this.parallelism = parallelism;
      return this;
    }

    /** Sets or (with null) clears {@code completions}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder completions(@Nullable Integer completions) {
      this.completions = completions;
      return this;
    }

    /** Sets or (with null) clears {@code ordinalsStart}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder ordinalsStart(@Nullable Integer ordinalsStart) {
      this.ordinalsStart = ordinalsStart;
      return this;
    }

    /** Sets the pod template; returns this builder. */
    @CanIgnoreReturnValue
    public Builder template(Pod template) {
      this.template = Objects.requireNonNull(template, "template");
      return this;
    }

    /** Sets or (with null) clears {@code spec.selector}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder selector(@Nullable LabelSelector selector) {
      this.selector = selector;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return the controller
     * @throws IllegalArgumentException for an unknown kind or a negative count
     * @throws NullPointerException when no template was set
     */
    public PodController build() {
      String apiVersion = apiVersionOf(kind);
      if (apiVersion == null) {
        throw new IllegalArgumentException("not a pod controller kind: \"" + kind + "\"; known: " + KINDS);
      }
      return new PodController(apiVersion, kind, metadata, replicas, parallelism, completions, ordinalsStart,
          Objects.requireNonNull(template, "template"), selector);
    }
  }
}
