package io.github.dra4j.cli;

import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.io.KubernetesCodec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The {@code -f} and {@code -R} options of every command that reads objects, as kubectl has them. */
final class InputOptions {
  @Option(names = {"-f", "--filename"}, required = true, paramLabel = "FILE", split = ",",
      description = "A YAML (multi-document or kind: List) or JSON file, a directory (its *.yaml, "
          + "*.yml and *.json files, in name order) or '-' for standard input. Repeatable; a "
          + "comma-separated list counts as several.")
  List<String> files = new ArrayList<>();

  @Option(names = {"-R", "--recursive"},
      description = "Also read the subdirectories of the directories given with -f (a directory reached "
          + "again through a symbolic link is not read twice).")
  boolean recursive;

  @Option(names = "--max-input-bytes", paramLabel = "BYTES", converter = ByteSize.class,
      description = "The most bytes read from one file or standard input; more is an error, so that "
          + "/dev/zero or an endless pipe stops with a message (default: ${DEFAULT-VALUE}; suffixes "
          + "Ki, Mi, Gi, Ti). A single YAML document or list item holds at most 64 Mi characters.",
      defaultValue = "8Gi")
  long maxInputBytes = KubernetesCodec.DEFAULT_MAX_INPUT_BYTES;

  /**
   * Reads every object of the files and directories given, with the codec given; a progress line
   * shows on a terminal when the input is large.
   */
  Input read(KubernetesCodec codec, Context ctx) {
    KubernetesCodec capped = codec.withMaxInputBytes(maxInputBytes);
    ReadProgress progress = ctx.systemErr
        ? ReadProgress.forInputs(files, ScheduleCommand.stderrIsTerminal()) : null;
    if (progress == null) {
      return Input.read(capped, files, recursive, ctx.in);
    }
    try (progress) {
      return Input.read(capped, files, recursive, ctx.in, progress);
    }
  }

  /** Byte counts written as Kubernetes quantities: 512, 64Mi, 8Gi (Quantity reads the suffixes). */
  static final class ByteSize implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      BigDecimal bytes;
      try {
        bytes = Quantity.parse(value.strip()).value();
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException("'" + value + "' is not a size such as 512, 64Mi or 8Gi");
      }
      if (bytes.signum() < 1 || bytes.stripTrailingZeros().scale() > 0
          || bytes.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
        throw new TypeConversionException("'" + value + "' is not a positive size");
      }
      return bytes.longValueExact();
    }
  }

  /**
   * Reads every object of the files and directories given, handing the error of a file that
   * cannot be read or decoded to {@code fileErrors} and going on with the next.
   */
  Input readEach(KubernetesCodec codec, Context ctx, Consumer<CliException> fileErrors) {
    return Input.read(codec.withMaxInputBytes(maxInputBytes), files, recursive, ctx.in, null, fileErrors);
  }
}
