/**
 * The Kubernetes DRA CEL environment on CEL-Java (dev.cel): {@link io.github.dra4j.cel.CelCompiler}
 * compiles device selectors once (bounded cache) and evaluates them against lazy device views,
 * so mixins are never flattened.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.cel;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
