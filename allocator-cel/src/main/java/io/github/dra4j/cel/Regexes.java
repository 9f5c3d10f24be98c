package io.github.dra4j.cel;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/*
 * Regular expressions as the reference evaluates them: RE2 syntax and semantics (re2j, which
 * CEL-Java's own `matches` uses too), with RE2's messages ("error parsing regexp: invalid or
 * unsupported Perl syntax: `(?=`"). Compiled patterns are cached, since selectors repeat the same
 * few patterns.
 */
final class Regexes {

  private static final int MAX_CACHED = 256;
  private static final Map<String, Pattern> CACHE = new ConcurrentHashMap<>();

  private Regexes() {}

  /**
   * Compiles a pattern.
   *
   * @throws IllegalArgumentException with "error parsing regexp: ..."
   */
  static Pattern compile(String re) {
    Pattern p = CACHE.get(re);
    if (p != null) {
      return p;
    }
    try {
      p = Pattern.compile(re);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    if (CACHE.size() < MAX_CACHED) {
      CACHE.putIfAbsent(re, p);
    }
    return p;
  }
}
