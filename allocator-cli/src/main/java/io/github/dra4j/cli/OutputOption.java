package io.github.dra4j.cli;

import java.util.List;
import picocli.CommandLine.Option;

/** {@code -o yaml|json}, for the commands that print Kubernetes objects. */
final class OutputOption {
  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "yaml",
      description = "yaml (default; multi-document) or json (one kind: List object).")
  OutputFormat format = OutputFormat.YAML;

  /** Prints the objects to stdout in the chosen format. */
  void print(Context ctx, List<?> objects) {
    ctx.out.print(format.write(ctx.codec, objects));
  }
}
