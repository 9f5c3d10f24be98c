package io.github.dra4j.cel;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.ast.CelConstant;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.navigation.CelNavigableAst;
import dev.cel.common.navigation.CelNavigableExpr;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/*
 * Checks the reference makes when it creates a program: cel-go compiles the constant patterns
 * of matches, find and findAll then, so a bad literal pattern is a compile-time error
 * ("program instantiation failed: error parsing regexp: ...") rather than a failure of every
 * evaluation.
 */
final class StaticChecks {

  private static final List<String> REGEX_FUNCTIONS = List.of("matches", "find", "findAll");

  private StaticChecks() {}

  /** {@return whether the expression calls a regular expression function, whose bindings read the evaluation's budget} */
  static boolean usesRegex(CelAbstractSyntaxTree ast) {
    return CelNavigableAst.fromAst(ast).getRoot().allNodes().map(CelNavigableExpr::expr)
        .anyMatch(e -> e.getKind() == CelExpr.ExprKind.Kind.CALL && REGEX_FUNCTIONS.contains(e.call().function()));
  }

  /** {@return the error for a constant regular expression that does not compile, or null} */
  static @Nullable String checkRegexes(CelAbstractSyntaxTree ast) {
    Optional<String> bad = CelNavigableAst.fromAst(ast).getRoot().allNodes()
        .map(CelNavigableExpr::expr)
        .map(StaticChecks::badRegex)
        .filter(m -> m != null)
        .findFirst();
    return bad.orElse(null);
  }

  private static @Nullable String badRegex(CelExpr e) {
    if (e.getKind() != CelExpr.ExprKind.Kind.CALL || !REGEX_FUNCTIONS.contains(e.call().function())) {
      return null;
    }
    CelExpr.CelCall call = e.call();
    int index = call.target().isPresent() ? 0 : 1;
    if (call.args().size() <= index) {
      return null;
    }
    CelExpr pattern = call.args().get(index);
    if (pattern.getKind() != CelExpr.ExprKind.Kind.CONSTANT
        || pattern.constant().getKind() != CelConstant.Kind.STRING_VALUE) {
      return null;
    }
    try {
      var unused = Regexes.compile(pattern.constant().stringValue());
      return null;
    } catch (IllegalArgumentException ex) {
      return ex.getMessage();
    }
  }
}
