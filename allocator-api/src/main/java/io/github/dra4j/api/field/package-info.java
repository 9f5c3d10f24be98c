/**
 * Field paths and field errors: where in an object a validation or decoding problem is, in the
 * Kubernetes API's own path syntax ({@code spec.devices[0].name}).
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.api.field;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
