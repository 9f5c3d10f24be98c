/**
 * dra4j on fabric8 kubernetes-client: model conversion ({@link io.github.dra4j.fabric8.Fabric8Adapters}),
 * an informer-backed cluster snapshot and claim status write-back.
 */
@org.jspecify.annotations.NullMarked
@com.google.errorprone.annotations.CheckReturnValue
package io.github.dra4j.fabric8;
