package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import org.jspecify.annotations.Nullable;

/**
 * A container's core/v1 port. Only a {@code hostPort} claims a port of the node.
 *
 * @param name the port's name, or null
 * @param hostPort the node's port, or null (none)
 * @param containerPort the container's port
 * @param protocol {@code TCP} (the default when null), {@code UDP} or {@code SCTP}
 * @param hostIP the node address the host port binds, or null (every address)
 */
public record ContainerPort(@Nullable String name, @Nullable Integer hostPort, int containerPort,
    @Nullable String protocol, @Nullable String hostIP) {
  /** {@return a builder with every component unset} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link ContainerPort}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private @Nullable String name;
    private @Nullable Integer hostPort;
    private int containerPort;
    private @Nullable String protocol;
    private @Nullable String hostIP;

    private Builder() {}

    private Builder(ContainerPort r) {
      name = r.name();
      hostPort = r.hostPort();
      containerPort = r.containerPort();
      protocol = r.protocol();
      hostIP = r.hostIP();
    }

    /** Sets or (with null) clears {@code name}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(@Nullable String name) {
      this.name = name;
      return this;
    }

    /** Sets or (with null) clears {@code hostPort}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder hostPort(@Nullable Integer hostPort) {
      this.hostPort = hostPort;
      return this;
    }

    /** Sets {@code containerPort}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder containerPort(int containerPort) {
      this.containerPort = containerPort;
      return this;
    }

    /** Sets or (with null) clears {@code protocol}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder protocol(@Nullable String protocol) {
      this.protocol = protocol;
      return this;
    }

    /** Sets or (with null) clears {@code hostIP}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder hostIP(@Nullable String hostIP) {
      this.hostIP = hostIP;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ContainerPort
     */
    public ContainerPort build() {
      return new ContainerPort(name, hostPort, containerPort, protocol, hostIP);
    }
  }
}
