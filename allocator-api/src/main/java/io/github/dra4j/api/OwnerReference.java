package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An entry of {@code metadata.ownerReferences}: the object another one belongs to. A claim made
 * for a pod (from a template, or for its extended resources) names the pod as its controller,
 * which is how the scheduler and the resourceclaim controller find it again.
 *
 * @param apiVersion the owner's API version, {@code v1} for a pod
 * @param kind the owner's kind, such as {@code Pod}
 * @param name the owner's name
 * @param uid the owner's UID; null when the input lacked it (a redacted dump): allocation never
 *     reads it, and {@code Validator} reports it missing
 * @param controller whether the owner is the managing controller
 * @param blockOwnerDeletion whether the owner's foreground deletion waits for this object
 */
public record OwnerReference(
    String apiVersion,
    String kind,
    String name,
    @Nullable String uid,
    @Nullable Boolean controller,
    @Nullable Boolean blockOwnerDeletion) {
  public OwnerReference {
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
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
   * Builds {@link OwnerReference}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String apiVersion;
    private @Nullable String kind;
    private @Nullable String name;
    private @Nullable String uid;
    private @Nullable Boolean controller;
    private @Nullable Boolean blockOwnerDeletion;

    private Builder() {}

    private Builder(OwnerReference r) {
      apiVersion = r.apiVersion();
      kind = r.kind();
      name = r.name();
      uid = r.uid();
      controller = r.controller();
      blockOwnerDeletion = r.blockOwnerDeletion();
    }

    /** Sets {@code apiVersion}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder apiVersion(String apiVersion) {
      this.apiVersion = Objects.requireNonNull(apiVersion, "apiVersion");
      return this;
    }

    /** Sets {@code kind}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder kind(String kind) {
      this.kind = Objects.requireNonNull(kind, "kind");
      return this;
    }

    /** Sets {@code name}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets or (with null) clears {@code uid}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder uid(@Nullable String uid) {
      this.uid = uid;
      return this;
    }

    /** Sets or (with null) clears {@code controller}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder controller(@Nullable Boolean controller) {
      this.controller = controller;
      return this;
    }

    /** Sets or (with null) clears {@code blockOwnerDeletion}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder blockOwnerDeletion(@Nullable Boolean blockOwnerDeletion) {
      this.blockOwnerDeletion = blockOwnerDeletion;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new OwnerReference
     * @throws NullPointerException when {@code apiVersion} or {@code kind} or {@code name} is unset
     */
    public OwnerReference build() {
      return new OwnerReference(Objects.requireNonNull(apiVersion, "apiVersion"), Objects.requireNonNull(kind, "kind"), Objects.requireNonNull(name, "name"), uid, controller, blockOwnerDeletion);
    }
  }
}
