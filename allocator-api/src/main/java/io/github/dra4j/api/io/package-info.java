/**
 * Reading and writing the {@code io.github.dra4j.api} model as Kubernetes YAML and JSON.
 * {@link io.github.dra4j.api.io.KubernetesCodec} is the entry point.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.api.io;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
