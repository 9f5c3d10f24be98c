package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import org.jspecify.annotations.Nullable;

/**
 * A consumer (usually a pod) that a claim is reserved for.
 *
 * <p>The API requires {@code resource}, {@code name} and {@code uid}, but allocation never
 * reads a reservation, and real dumps hold entries without a {@code uid}; so the record keeps
 * what the input had, and {@link io.github.dra4j.api.validation.Validator} reports what is
 * missing.
 *
 * @param apiGroup the consumer's API group, empty for core
 * @param resource the resource type, such as {@code pods}, or null when missing
 * @param name the consumer name, or null when missing
 * @param uid the consumer UID, or null when missing
 */
public record ResourceClaimConsumerReference(
    @Nullable String apiGroup, @Nullable String resource, @Nullable String name, @Nullable String uid) {

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

    /** Sets or (with null) clears {@code resource}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder resource(@Nullable String resource) {
      this.resource = resource;
      return this;
    }

    /** Sets or (with null) clears {@code name}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(@Nullable String name) {
      this.name = name;
      return this;
    }

    /** Sets or (with null) clears {@code uid}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder uid(@Nullable String uid) {
      this.uid = uid;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ResourceClaimConsumerReference
     */
    public ResourceClaimConsumerReference build() {
      return new ResourceClaimConsumerReference(apiGroup, resource, name, uid);
    }
  }
}
