/**
 * The {@code dra4j} command line: {@code allocate}, {@code flatten} and {@code validate}. The
 * only public type is {@link io.github.dra4j.cli.Dra4j}; the contract is in {@code docs/cli.md}.
 */
@org.jspecify.annotations.NullMarked
@com.google.errorprone.annotations.CheckReturnValue
package io.github.dra4j.cli;
