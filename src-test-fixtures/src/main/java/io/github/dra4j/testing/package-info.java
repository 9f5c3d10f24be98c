/**
 * Test fixtures shared by the modules' tests: builders, the KEP examples and the conformance
 * scenarios with their loader and verifier. Used with test scope only; not API.
 */
@org.jspecify.annotations.NullMarked
@com.google.errorprone.annotations.CheckReturnValue
package io.github.dra4j.testing;
