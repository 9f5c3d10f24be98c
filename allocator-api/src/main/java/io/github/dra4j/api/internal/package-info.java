/**
 * Helpers shared by the model and its codec. Not API: the io.github.dra4j.api module does not
 * export this package, and it may change without notice.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.api.internal;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
