package io.github.dra4j.api.io;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.RawJson;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An object of a kind the model does not cover (a scenario header, a Namespace, a CRD, ...),
 * kept verbatim so that a caller can interpret it or write it back unchanged.
 *
 * @param apiVersion the object's apiVersion, empty when absent
 * @param kind the object's kind, empty when absent
 * @param name {@code metadata.name}, if any
 * @param content the whole object as compact JSON
 */
public record UnknownObject(String apiVersion, String kind, @Nullable String name, RawJson content) {
  public UnknownObject {
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(content, "content");
  }

  /** {@return a builder with no name, and apiVersion, kind and content unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link UnknownObject}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String apiVersion;
    private @Nullable String kind;
    private @Nullable String name;
    private @Nullable RawJson content;

    private Builder() {}

    private Builder(UnknownObject r) {
      apiVersion = r.apiVersion();
      kind = r.kind();
      name = r.name();
      content = r.content();
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

    /** Sets or (with null) clears {@code name}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(@Nullable String name) {
      this.name = name;
      return this;
    }

    /** Sets {@code content}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder content(RawJson content) {
      this.content = Objects.requireNonNull(content, "content");
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new UnknownObject
     * @throws NullPointerException when {@code apiVersion}, {@code kind}, {@code content} is unset
     */
    public UnknownObject build() {
      return new UnknownObject(
          Objects.requireNonNull(apiVersion, "apiVersion"), Objects.requireNonNull(kind, "kind"), name,
          Objects.requireNonNull(content, "content"));
    }
  }
}
