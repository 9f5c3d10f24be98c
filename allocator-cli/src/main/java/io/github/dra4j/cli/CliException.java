package io.github.dra4j.cli;

/** A failure the user can fix: printed as one message, without a stack trace, exit code 2. */
final class CliException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CliException(String message) {
    super(message);
  }

  CliException(String message, Throwable cause) {
    super(message, cause);
  }
}
