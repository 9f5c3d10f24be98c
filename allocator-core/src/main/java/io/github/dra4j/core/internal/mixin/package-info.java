/**
 * KEP-5234 mixin resolution: lazy views of devices, counter sets and counter consumptions.
 * Not API: this package is shared inside allocator-core and with allocator-cel, and may change
 * without notice.
 */
@NullMarked
package io.github.dra4j.core.internal.mixin;

import org.jspecify.annotations.NullMarked;
