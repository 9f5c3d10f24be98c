package io.github.dra4j.cli;

import picocli.CommandLine.Option;

/** Options every command has. */
final class CommonOptions {
  @Option(names = "--debug", description = "Print stack traces of errors (for bug reports).")
  boolean debug;
}
