package io.github.dra4j.cli;

import io.github.dra4j.core.Features;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** Parses {@code --feature-gates K=V,K=V} as Kubernetes components do. */
final class FeatureGates {
  private FeatureGates() {}

  /**
   * Applies the gates to the library default ({@link Features#all()}); later values win.
   *
   * @param specs the option values, each a comma-separated list of {@code Name=bool}
   * @return the features
   * @throws CliException on a malformed entry, a value that is not a boolean or an unknown gate
   */
  static Features parse(List<String> specs) {
    Map<String, Boolean> gates = new LinkedHashMap<>();
    for (String spec : specs) {
      for (String entry : spec.split(",", -1)) {
        String e = entry.strip();
        if (e.isEmpty()) {
          continue;
        }
        int eq = e.indexOf('=');
        if (eq <= 0) {
          throw new CliException("--feature-gates: \"" + e + "\" is not of the form Name=true|false");
        }
        String name = e.substring(0, eq).strip();
        if (!Features.GATE_NAMES.contains(name)) {
          throw new CliException("--feature-gates: unknown feature gate \"" + name + "\"; known gates: "
              + String.join(", ", Features.GATE_NAMES));
        }
        gates.put(name, parseBool(name, e.substring(eq + 1).strip()));
      }
    }
    return Features.all().with(gates);
  }

  /** Accepts what Go's {@code strconv.ParseBool} accepts, as Kubernetes' gate parser does. */
  static boolean parseBool(String name, String value) {
    switch (value) {
      case "1": case "t": case "T": case "true": case "TRUE": case "True":
        return true;
      case "0": case "f": case "F": case "false": case "FALSE": case "False":
        return false;
      default:
        throw new CliException("--feature-gates: invalid value of " + name + ": \"" + value
            + "\" (want true or false)");
    }
  }

  /** {@return the gates as "Name=value" text, for --explain} */
  static String describe(Features features) {
    StringJoiner joined = new StringJoiner(",");
    features.gates().forEach((k, v) -> joined.add(k + "=" + v));
    return joined.toString();
  }
}
