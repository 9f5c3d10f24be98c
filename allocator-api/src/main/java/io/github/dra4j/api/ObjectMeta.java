package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The subset of Kubernetes object metadata that allocation needs.
 *
 * @param name the object name
 * @param namespace the namespace of namespaced objects (claims), else null
 * @param uid the object UID, when known
 * @param resourceVersion the server's version, used for optimistic concurrency on write-back
 * @param generation the spec generation, when known
 * @param labels the object labels (node selectors match them)
 * @param annotations the object annotations; read because a ResourceClaimTemplate passes its
 *     labels and annotations on to the claims made from it
 * @param generateName the prefix the API server completes into a name; claims made for a pod
 *     carry it, as the resourceclaim controller and the scheduler create them
 * @param ownerReferences the objects this one belongs to; a claim made for a pod is owned by it
 * @param deletionTimestamp when the object's deletion was requested (RFC 3339), null while it is not
 *     being deleted; PodTopologySpread does not count a terminating pod
 */
public record ObjectMeta(
    @Nullable String name,
    @Nullable String namespace,
    @Nullable String uid,
    @Nullable String resourceVersion,
    @Nullable Long generation,
    Map<String, String> labels,
    Map<String, String> annotations,
    @Nullable String generateName,
    List<OwnerReference> ownerReferences,
    @Nullable String deletionTimestamp) {

  public ObjectMeta {
    labels = Copies.map(labels);
    annotations = Copies.map(annotations);
    ownerReferences = Copies.list(ownerReferences);
  }

  /**
   * Metadata of an object that was not generated for another one.
   *
   * @param name the object name
   * @param namespace the namespace, or null
   * @param uid the UID, or null
   * @param resourceVersion the server's version, or null
   * @param generation the spec generation, or null
   * @param labels the labels
   * @param annotations the annotations
   */
  public ObjectMeta(@Nullable String name, @Nullable String namespace, @Nullable String uid,
      @Nullable String resourceVersion, @Nullable Long generation, Map<String, String> labels,
      Map<String, String> annotations) {
    this(name, namespace, uid, resourceVersion, generation, labels, annotations, null, List.of(), null);
  }

  /**
   * Metadata without annotations, which allocation never reads.
   *
   * @param name the object name
   * @param namespace the namespace, or null
   * @param uid the UID, or null
   * @param resourceVersion the server's version, or null
   * @param generation the spec generation, or null
   * @param labels the labels
   */
  public ObjectMeta(@Nullable String name, @Nullable String namespace, @Nullable String uid,
      @Nullable String resourceVersion, @Nullable Long generation, Map<String, String> labels) {
    this(name, namespace, uid, resourceVersion, generation, labels, Map.of(), null, List.of(), null);
  }

  /** {@return metadata with only a name} */
  public static ObjectMeta named(String name) {
    return new ObjectMeta(name, null, null, null, null, Map.of());
  }

  /** {@return metadata with a namespace and a name} */
  public static ObjectMeta named(@Nullable String namespace, String name) {
    return new ObjectMeta(name, namespace, null, null, null, Map.of());
  }

  /** {@return a builder with every list and map empty, every flag false and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@return a copy with another name and UID and every other component shared} Simulations make
   * a pod per arrival from one template: {@link #toBuilder()} would copy its labels, annotations
   * and owner references each time, although they are already immutable.
   *
   * @param name the copy's name, or null
   * @param uid the copy's UID, or null
   */
  public ObjectMeta withNameAndUid(@Nullable String name, @Nullable String uid) {
    return new ObjectMeta(name, namespace, uid, resourceVersion, generation, labels, annotations, generateName,
        ownerReferences, deletionTimestamp);
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link ObjectMeta}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String name;
    private @Nullable String namespace;
    private @Nullable String uid;
    private @Nullable String resourceVersion;
    private @Nullable Long generation;
    private final Map<String, String> labels = new LinkedHashMap<>();
    private final Map<String, String> annotations = new LinkedHashMap<>();
    private @Nullable String generateName;
    private final List<OwnerReference> ownerReferences = new ArrayList<>();
    private @Nullable String deletionTimestamp;

    private Builder() {}

    private Builder(ObjectMeta r) {
      name = r.name();
      namespace = r.namespace();
      uid = r.uid();
      resourceVersion = r.resourceVersion();
      generation = r.generation();
      labels.putAll(r.labels());
      annotations.putAll(r.annotations());
      generateName = r.generateName();
      ownerReferences.addAll(r.ownerReferences());
      deletionTimestamp = r.deletionTimestamp();
    }

    /** Sets or (with null) clears {@code deletionTimestamp}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder deletionTimestamp(@Nullable String deletionTimestamp) {
      this.deletionTimestamp = deletionTimestamp;
      return this;
    }

    /** Sets or (with null) clears {@code name}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(@Nullable String name) {
      this.name = name;
      return this;
    }

    /** Sets or (with null) clears {@code namespace}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder namespace(@Nullable String namespace) {
      this.namespace = namespace;
      return this;
    }

    /** Sets or (with null) clears {@code uid}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder uid(@Nullable String uid) {
      this.uid = uid;
      return this;
    }

    /** Sets or (with null) clears {@code resourceVersion}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resourceVersion(@Nullable String resourceVersion) {
      this.resourceVersion = resourceVersion;
      return this;
    }

    /** Sets or (with null) clears {@code generation}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder generation(@Nullable Long generation) {
      this.generation = generation;
      return this;
    }

    /** Replaces {@code labels}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder labels(Map<String, String> labels) {
      this.labels.clear();
      labels.forEach(this::putLabel);
      return this;
    }

    /** Adds or replaces one entry of {@code labels}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putLabel(String key, String value) {
      labels.put(Objects.requireNonNull(key, "labels key"), Objects.requireNonNull(value, "labels value"));
      return this;
    }

    /** Replaces {@code annotations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder annotations(Map<String, String> annotations) {
      this.annotations.clear();
      annotations.forEach(this::putAnnotation);
      return this;
    }

    /** Adds or replaces one entry of {@code annotations}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder putAnnotation(String key, String value) {
      annotations.put(Objects.requireNonNull(key, "annotations key"),
          Objects.requireNonNull(value, "annotations value"));
      return this;
    }

    /** Sets or (with null) clears {@code generateName}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder generateName(@Nullable String generateName) {
      this.generateName = generateName;
      return this;
    }

    /** Replaces {@code ownerReferences}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder ownerReferences(List<OwnerReference> ownerReferences) {
      this.ownerReferences.clear();
      ownerReferences.forEach(this::addOwnerReference);
      return this;
    }

    /** Adds one entry to {@code ownerReferences}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addOwnerReference(OwnerReference item) {
      ownerReferences.add(Objects.requireNonNull(item, "ownerReferences item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ObjectMeta
     */
    public ObjectMeta build() {
      return new ObjectMeta(name, namespace, uid, resourceVersion, generation, labels, annotations, generateName,
          ownerReferences, deletionTimestamp);
    }
  }
}
