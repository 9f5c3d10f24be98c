/**
 * The {@code resource.k8s.io/v1} model (plus the core/v1 Node, Pod and NodeSelector subsets) as
 * deeply immutable records, and {@link io.github.dra4j.api.Quantity}. Records map 1:1 to the
 * Kubernetes JSON field names; {@code io.github.dra4j.api.io} reads and writes them.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.api;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
