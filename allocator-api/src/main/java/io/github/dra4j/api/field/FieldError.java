package io.github.dra4j.api.field;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One validation error, as Kubernetes' {@code field.Error}: a type, the path of the field, the
 * offending value and a detail. {@link #toString} prints
 * {@code <path>: <type text>: <value>: <detail>}, for example
 * {@code spec.devices[3].includes: Too many: 9: must have at most 8 items}.
 *
 * @param type what kind of error
 * @param field where the error is
 * @param badValue the offending value, printed as is (a string in quotes), cut short by {@link
 *     Quoted}; null to print none
 * @param detail why
 */
public record FieldError(Type type, FieldPath field, @Nullable Object badValue, String detail) {

  /** The error types of Kubernetes field validation. */
  public enum Type {
    REQUIRED("Required value"),
    INVALID("Invalid value"),
    NOT_SUPPORTED("Unsupported value"),
    DUPLICATE("Duplicate value"),
    NOT_FOUND("Not found"),
    TOO_MANY("Too many"),
    TOO_LONG("Too long"),
    FORBIDDEN("Forbidden"),
    INTERNAL("Internal error");

    private final String text;

    Type(String text) {
      this.text = text;
    }

    /** {@return the text Kubernetes prints for this type} */
    public String text() {
      return text;
    }
  }

  public FieldError {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(detail, "detail");
  }

  /** {@return a Required error} */
  public static FieldError required(FieldPath field, String detail) {
    return new FieldError(Type.REQUIRED, field, null, detail);
  }

  /** {@return an Invalid error} */
  public static FieldError invalid(FieldPath field, @Nullable Object value, String detail) {
    return new FieldError(Type.INVALID, field, value, detail);
  }

  /** {@return a NotSupported error} */
  public static FieldError notSupported(FieldPath field, @Nullable Object value, String detail) {
    return new FieldError(Type.NOT_SUPPORTED, field, value, detail);
  }

  /** {@return a Duplicate error} */
  public static FieldError duplicate(FieldPath field, @Nullable Object value) {
    return new FieldError(Type.DUPLICATE, field, value, "");
  }

  /** {@return a NotFound error} */
  public static FieldError notFound(FieldPath field, @Nullable Object value, String detail) {
    return new FieldError(Type.NOT_FOUND, field, value, detail);
  }

  /** {@return a TooMany error: {@code actual} items where at most {@code max} are allowed} */
  public static FieldError tooMany(FieldPath field, long actual, long max) {
    return new FieldError(Type.TOO_MANY, field, actual, "must have at most " + max + " items");
  }

  /** {@return a TooLong error} */
  public static FieldError tooLong(FieldPath field, long max) {
    return new FieldError(Type.TOO_LONG, field, null, "may not be more than " + max + " bytes");
  }

  /** {@return a Forbidden error} */
  public static FieldError forbidden(FieldPath field, String detail) {
    return new FieldError(Type.FORBIDDEN, field, null, detail);
  }

  /**
   * {@return the error without its path, {@code <type text>: <value>: <detail>}, as Go's {@code
   * ErrorBody}} For messages that name the path elsewhere, such as a {@code DecodeException}.
   */
  public String errorBody() {
    StringBuilder sb = new StringBuilder(type.text());
    if (badValue != null) {
      sb.append(": ").append(badValue instanceof String ? Quoted.of((String) badValue)
          : Quoted.abbreviate(String.valueOf(badValue)));
    }
    if (!detail.isEmpty()) {
      sb.append(": ").append(detail);
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return field + ": " + errorBody();
  }

  /** {@return a builder with no bad value, and type, field and detail unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link FieldError}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable Type type;
    private @Nullable FieldPath field;
    private @Nullable Object badValue;
    private @Nullable String detail;

    private Builder() {}

    private Builder(FieldError r) {
      type = r.type();
      field = r.field();
      badValue = r.badValue();
      detail = r.detail();
    }

    /** Sets {@code type}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder type(Type type) {
      this.type = Objects.requireNonNull(type, "type");
      return this;
    }

    /** Sets {@code field}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder field(FieldPath field) {
      this.field = Objects.requireNonNull(field, "field");
      return this;
    }

    /** Sets or (with null) clears {@code badValue}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder badValue(@Nullable Object badValue) {
      this.badValue = badValue;
      return this;
    }

    /** Sets {@code detail}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder detail(String detail) {
      this.detail = Objects.requireNonNull(detail, "detail");
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new FieldError
     * @throws NullPointerException when {@code type}, {@code field}, {@code detail} is unset
     */
    public FieldError build() {
      return new FieldError(
          Objects.requireNonNull(type, "type"), Objects.requireNonNull(field, "field"), badValue,
          Objects.requireNonNull(detail, "detail"));
    }
  }
}
