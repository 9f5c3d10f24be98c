package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A request for devices: exactly one of {@code exactly} and {@code firstAvailable} is set.
 *
 * @param name unique in the claim
 * @param exactly a request for devices of one class
 * @param firstAvailable alternatives tried in order (DRAPrioritizedList)
 */
public record DeviceRequest(
    String name, @Nullable ExactDeviceRequest exactly, List<DeviceSubRequest> firstAvailable) {
  public DeviceRequest {
    Objects.requireNonNull(name, "name");
    firstAvailable = Copies.list(firstAvailable);
  }

  /** {@return a builder with no name, no {@code exactly} and no alternatives} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link DeviceRequest}s step by step: set the name and either {@link #exactly} or the
   * {@link #firstAvailable} alternatives. Setters replace a component, {@code add} methods extend
   * a list; {@link #build} runs the record's constructor, and validation (not the builder)
   * reports a request with both or neither. Not thread-safe; built records never share state
   * with the builder.
   */
  public static final class Builder {
    private @Nullable String name;
    private @Nullable ExactDeviceRequest exactly;
    private final List<DeviceSubRequest> firstAvailable = new ArrayList<>();

    private Builder() {}

    private Builder(DeviceRequest r) {
      name = r.name();
      exactly = r.exactly();
      firstAvailable.addAll(r.firstAvailable());
    }

    /** Sets {@code name}, which is required; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets or (with null) clears {@code exactly}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder exactly(@Nullable ExactDeviceRequest exactly) {
      this.exactly = exactly;
      return this;
    }

    /** Replaces {@code firstAvailable}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder firstAvailable(List<DeviceSubRequest> firstAvailable) {
      this.firstAvailable.clear();
      firstAvailable.forEach(this::addFirstAvailable);
      return this;
    }

    /** Appends an alternative to {@code firstAvailable}, tried after those before it; returns this builder. */
    @CanIgnoreReturnValue
    public Builder addFirstAvailable(DeviceSubRequest item) {
      firstAvailable.add(Objects.requireNonNull(item, "firstAvailable item"));
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new DeviceRequest
     * @throws NullPointerException when {@code name} is unset
     */
    public DeviceRequest build() {
      return new DeviceRequest(Objects.requireNonNull(name, "name"), exactly, firstAvailable);
    }
  }
}
