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

  Context(InputStream in, PrintStream out, PrintStream err, KubernetesCodec codec) {
    this.in = in;
    this.out = out;
    this.err = err;
    this.codec = codec;
  }
}
