/** A minimal DRA scheduling loop on fabric8 and dra4j, as described in docs/scheduler-integration.md. */
@org.jspecify.annotations.NullMarked
@com.google.errorprone.annotations.CheckReturnValue
package io.github.dra4j.fabric8.example;
