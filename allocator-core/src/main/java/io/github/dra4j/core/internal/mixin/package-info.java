/**
 * KEP-5234 mixin resolution: lazy views of devices, counter sets and counter consumptions.
 * Not API: the io.github.dra4j.core module does not export it, and it may change without notice.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.core.internal.mixin;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
