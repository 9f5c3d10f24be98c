package io.github.dra4j.cel;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.projectnessie.cel.common.types.Err;
import org.projectnessie.cel.common.types.StringT;
import org.projectnessie.cel.common.types.Types;
import org.projectnessie.cel.common.types.Util;
import org.projectnessie.cel.common.types.ref.Val;
import org.projectnessie.cel.interpreter.Activation;
import org.projectnessie.cel.interpreter.Interpretable;
import org.projectnessie.cel.interpreter.Interpretable.InterpretableCall;
import org.projectnessie.cel.interpreter.InterpretableDecorator;

/*
 * Regular expressions for matches, find and findAll. The reference uses Go's RE2; here
 * java.util.regex runs them, after rejecting the Perl constructs RE2 does not have
 * (look-around, backreferences, atomic groups, possessive quantifiers), with RE2's messages.
 * Compiled patterns are cached, since selectors repeat the same few patterns; cel-java's own
 * `matches` recompiles the pattern at every call, so it is replaced.
 */
final class Regexes {

  private static final int MAX_CACHED = 256;
  private static final Map<String, Pattern> CACHE = new ConcurrentHashMap<>();

  private Regexes() {}

  /**
   * Compiles a pattern, RE2 constructs only.
   *
   * @throws IllegalArgumentException with "error parsing regexp: ..."
   */
  static Pattern compile(String re) {
    Pattern p = CACHE.get(re);
    if (p != null) {
      return p;
    }
    String unsupported = unsupported(re);
    if (unsupported != null) {
      throw new IllegalArgumentException("error parsing regexp: " + unsupported);
    }
    try {
      p = Pattern.compile(re);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("error parsing regexp: " + e.getDescription() + ": `" + re + "`", e);
    }
    if (CACHE.size() < MAX_CACHED) {
      CACHE.putIfAbsent(re, p);
    }
    return p;
  }

  /** {@return the RE2 error for a construct RE2 lacks, or null} */
  static String unsupported(String re) {
    for (int i = 0; i < re.length(); i++) {
      char c = re.charAt(i);
      if (c == '\\' && i + 1 < re.length()) {
        char n = re.charAt(i + 1);
        if (n >= '1' && n <= '9') {
          return "invalid escape sequence: `\\" + n + "`";
        }
        i++;
      } else if (c == '(' && re.startsWith("(?", i) && i + 2 < re.length()) {
        char k = re.charAt(i + 2);
        if (k == '=' || k == '!' || k == '>' || (k == '<' && i + 3 < re.length()
            && (re.charAt(i + 3) == '=' || re.charAt(i + 3) == '!'))) {
          return "invalid or unsupported Perl syntax: `" + re.substring(i, Math.min(re.length(), i + (k == '<' ? 4 : 3))) + "`";
        }
      } else if ((c == '*' || c == '+' || c == '?' || c == '}') && i + 1 < re.length() && re.charAt(i + 1) == '+') {
        return "invalid nested repetition operator: `" + c + "+`";
      }
    }
    return null;
  }

  /** {@return whether the pattern matches part of the string, or an error} */
  static Val matches(Val s, Val re) {
    if (Util.isUnknownOrError(s)) {
      return s;
    }
    if (!(s instanceof StringT) || !(re instanceof StringT)) {
      return Util.isUnknownOrError(re) ? re : Err.newErr("no such overload: matches(%s, %s)", s.type().typeName(), re.type().typeName());
    }
    try {
      return Types.boolOf(compile((String) re.value()).matcher((String) s.value()).find());
    } catch (IllegalArgumentException e) {
      return Err.newErr("%s", e.getMessage());
    }
  }

  /** {@return the decorator that routes {@code matches} through the cached RE2-checked patterns} */
  static InterpretableDecorator decorator() {
    return i -> {
      if (i instanceof InterpretableCall && ((InterpretableCall) i).function().equals("matches")
          && ((InterpretableCall) i).args().length == 2) {
        return new MatchesCall((InterpretableCall) i);
      }
      return i;
    };
  }

  private static final class MatchesCall implements InterpretableCall {
    private final long id;
    private final String overload;
    private final Interpretable subject;
    private final Interpretable pattern;

    MatchesCall(InterpretableCall original) {
      id = original.id();
      overload = original.overloadID();
      subject = original.args()[0];
      pattern = original.args()[1];
    }

    @Override
    public long id() {
      return id;
    }

    @Override
    public Val eval(Activation activation) {
      return matches(subject.eval(activation), pattern.eval(activation));
    }

    @Override
    public String function() {
      return "matches";
    }

    @Override
    public String overloadID() {
      return overload;
    }

    @Override
    public Interpretable[] args() {
      return new Interpretable[] {subject, pattern};
    }
  }
}
