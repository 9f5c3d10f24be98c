package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A consumer (usually a pod) that a claim is reserved for.
 *
 * @param apiGroup the consumer's API group, empty for core
 * @param resource the resource type, such as {@code pods}
 * @param name the consumer name
 * @param uid the consumer UID
 */
public record ResourceClaimConsumerReference(
    @Nullable String apiGroup, String resource, String name, String uid) {
  public ResourceClaimConsumerReference {
    Objects.requireNonNull(resource, "resource");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uid, "uid");
  }

  /** {@return a builder with every list and map empty, every flag false and every other component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link ResourceClaimConsumerReference}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String apiGroup;
    private @Nullable String resource;
    private @Nullable String name;
    private @Nullable String uid;

    private Builder() {}

    private Builder(ResourceClaimConsumerReference r) {
      apiGroup = r.apiGroup();
      resource = r.resource();
      name = r.name();
      uid = r.uid();
    }

    /** Sets or (with null) clears {@code apiGroup}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder apiGroup(@Nullable String apiGroup) {
      this.apiGroup = apiGroup;
      return this;
    }

    /** Sets {@code resource}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resource(String resource) {
      this.resource = Objects.requireNonNull(resource, "resource");
      return this;
    }

    /** Sets {@code name}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets {@code uid}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder uid(String uid) {
      this.uid = Objects.requireNonNull(uid, "uid");
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ResourceClaimConsumerReference
     * @throws NullPointerException when {@code resource}, {@code name}, {@code uid} is unset
     */
    public ResourceClaimConsumerReference build() {
      return new ResourceClaimConsumerReference(apiGroup, resource, name, uid);
    }
  }
}
