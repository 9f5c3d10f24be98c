package io.github.dra4j.cli;

import io.github.dra4j.api.io.KubernetesCodec;
import java.io.InputStream;
import java.io.PrintStream;

/**
 * What one run of the command reads and writes: the streams given to {@link Dra4j#run}, and
 * the codec.
 */
final class Context {
  final InputStream in;
  final PrintStream out;
  final PrintStream err;
  final KubernetesCodec codec;
  /** Whether {@link #err} writes to the process's stderr, where progress lines may show. */
  final boolean systemErr;

  /**
   * A context whose {@link #out} and {@link #err} escape control characters (see {@link
   * ControlEscaper}).
   */
  Context(InputStream in, PrintStream out, PrintStream err, KubernetesCodec codec) {
    this.in = in;
    this.out = ControlEscaper.wrap(out);
    this.err = ControlEscaper.wrap(err);
    this.codec = codec;
    this.systemErr = err == System.err;
  }

  /** Writes one warning line to {@link #err}. */
  void warn(String message) {
    err.println("warning: " + message);
  }
}
