package io.github.dra4j.api.io;

import java.util.Locale;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/*
 * Plain scalars resolved as go-yaml v2 resolves them (its resolve.go table), which is what
 * kubectl and the API server read YAML with: YAML 1.1's booleans plus the single letters y, Y,
 * n and N, which SnakeYAML's own YAML 1.1 table leaves as strings, and the integer prefixes Go
 * parses (0o, 0X, 0B). Every other rule is SnakeYAML's.
 */
final class GoYamlResolver extends Resolver {

  private static final Pattern GO_BOOL = Pattern.compile(
      "^(?:y|Y|yes|Yes|YES|true|True|TRUE|on|On|ON|n|N|no|No|NO|false|False|FALSE|off|Off|OFF)$");

  /**
   * The prefixes Go's strconv.ParseInt takes with base 0 and YAML 1.1 lacks or spells only in
   * lower case: go-yaml reads 0o17, 0X1F and 0B101 as integers.
   */
  private static final Pattern GO_PREFIXED_INT = Pattern.compile(
      "^(?:[-+]?0[oO][0-7_]+|[-+]?0X[0-9a-fA-F_]+|[-+]?0B[01_]+)$");

  @Override
  protected void addImplicitResolvers() {
    addImplicitResolver(Tag.BOOL, GO_BOOL, "yYnNtTfFoO", 10);
    addImplicitResolver(Tag.INT, INT, "-+0123456789");
    addImplicitResolver(Tag.INT, GO_PREFIXED_INT, "-+0");
    addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
    addImplicitResolver(Tag.MERGE, MERGE, "<", 10);
    addImplicitResolver(Tag.NULL, NULL, "~nN\0", 10);
    addImplicitResolver(Tag.NULL, EMPTY, null, 10);
    addImplicitResolver(Tag.TIMESTAMP, TIMESTAMP, "0123456789", 50);
    addImplicitResolver(Tag.YAML, YAML, "!&*", 10);
  }

  /** {@return whether a scalar resolved as a boolean is true} */
  static boolean isTrue(String text) {
    String t = text.toLowerCase(Locale.ROOT);
    return t.equals("true") || t.equals("yes") || t.equals("on") || t.equals("y");
  }
}
