/**
 * The structured allocator: {@link io.github.dra4j.core.StructuredAllocator} builds an
 * immutable {@link io.github.dra4j.core.ClusterSnapshot} that allocates ResourceClaims for one
 * node at a time, with the semantics of the Kubernetes structured allocator, plus the selector
 * SPI that {@code allocator-cel} implements.
 */
@NullMarked
package io.github.dra4j.core;

import org.jspecify.annotations.NullMarked;
