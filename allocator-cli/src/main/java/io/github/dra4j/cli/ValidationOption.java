package io.github.dra4j.cli;

import io.github.dra4j.api.io.FieldValidation;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** {@code --validate}, with kubectl's values, for the commands that read input. */
final class ValidationOption {
  @Option(names = "--validate", paramLabel = "MODE", defaultValue = "strict", converter = Mode.class,
      description = "What an unknown field or a duplicate key is, as kubectl --validate: strict "
          + "(default; an error), warn (a warning on stderr, and the field is dropped) or ignore "
          + "(dropped silently). true means strict, false ignore.")
  FieldValidation validation = FieldValidation.STRICT;

  /** {@return the context's codec with this validation; warnings go to stderr, one line each} */
  KubernetesCodec codec(Context ctx) {
    return ctx.codec.withFieldValidation(validation, w -> ctx.err.println("warning: " + w.getMessage()));
  }

  /** kubectl's values, and its boolean spellings of them. */
  static final class Mode implements ITypeConverter<FieldValidation> {
    @Override
    public FieldValidation convert(String value) {
      switch (value.toLowerCase(Locale.ROOT)) {
        case "strict":
        case "true":
          return FieldValidation.STRICT;
        case "warn":
          return FieldValidation.WARN;
        case "ignore":
        case "false":
          return FieldValidation.IGNORE;
        default:
          throw new TypeConversionException("'" + value + "' is not one of strict, warn, ignore");
      }
    }
  }
}
