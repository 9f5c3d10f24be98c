package io.github.dra4j.api;

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
    @Nullable String protocol, @Nullable String hostIP) {}
