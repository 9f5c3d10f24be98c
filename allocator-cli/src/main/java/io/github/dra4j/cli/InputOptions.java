package io.github.dra4j.cli;

import io.github.dra4j.api.io.KubernetesCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** The {@code -f} and {@code -R} options of every command that reads objects, as kubectl has them. */
final class InputOptions {
  @Option(names = {"-f", "--filename"}, required = true, paramLabel = "FILE", split = ",",
      description = "A YAML (multi-document or kind: List) or JSON file, a directory (its *.yaml, "
          + "*.yml and *.json files, in name order) or '-' for standard input. Repeatable; a "
          + "comma-separated list counts as several.")
  List<String> files = new ArrayList<>();

  @Option(names = {"-R", "--recursive"},
      description = "Also read the subdirectories of the directories given with -f.")
  boolean recursive;

  /** Reads every object of the files and directories given, with the codec given. */
  Input read(KubernetesCodec codec, Context ctx) {
    return Input.read(codec, files, recursive, ctx.in);
  }

  /**
   * Reads every object of the files and directories given, handing the error of a file that
   * cannot be read or decoded to {@code fileErrors} and going on with the next.
   */
  Input readEach(KubernetesCodec codec, Context ctx, Consumer<CliException> fileErrors) {
    return Input.read(codec, files, recursive, ctx.in, fileErrors);
  }
}
