package io.github.dra4j.cel;

import dev.cel.runtime.CelEvaluationException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * The cel-go strings extension (ext/strings.go, version 2, plus reverse). Indexes count Unicode
 * code points, as cel-go counts runes; split and replace follow Go's strings.SplitN and
 * strings.Replace. CEL-Java has its own strings extension, but its results differ from cel-go's
 * on these edges (empty separators, negative limits, the error texts), which the reference's
 * answers depend on.
 */
final class StringFunctions {

  private StringFunctions() {}

  private static int[] codePoints(String s) {
    return s.codePoints().toArray();
  }

  private static String string(int[] cps, int from, int to) {
    return new String(cps, from, to - from);
  }

  private static CelEvaluationException outOfRange(long i) {
    return new CelEvaluationException("index out of range: " + i);
  }

  static String charAt(String s, long idx) throws CelEvaluationException {
    int[] cps = codePoints(s);
    if (idx < 0 || idx > cps.length) {
      throw outOfRange(idx);
    }
    return idx == cps.length ? "" : string(cps, (int) idx, (int) idx + 1);
  }

  static long indexOf(String str, String substring, @Nullable Long from, boolean last)
      throws CelEvaluationException {
    int[] s = codePoints(str);
    int[] sub = codePoints(substring);
    long offset;
    if (from != null) {
      offset = from;
      if (offset < 0 || offset > s.length) {
        throw outOfRange(offset);
      }
    } else {
      offset = last ? s.length : 0;
    }
    if (sub.length == 0) {
      return offset;
    }
    if (last) {
      for (long i = Math.min(offset, s.length - sub.length); i >= 0; i--) {
        if (matchesAt(s, sub, (int) i)) {
          return i;
        }
      }
    } else {
      for (long i = offset; i <= s.length - sub.length; i++) {
        if (matchesAt(s, sub, (int) i)) {
          return i;
        }
      }
    }
    return -1;
  }

  private static boolean matchesAt(int[] s, int[] sub, int at) {
    for (int j = 0; j < sub.length; j++) {
      if (s[at + j] != sub[j]) {
        return false;
      }
    }
    return true;
  }

  static String join(List<?> list, String separator) throws CelEvaluationException {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < list.size(); i++) {
      Object e = list.get(i);
      if (!(e instanceof String)) {
        throw new CelEvaluationException("no such overload: join(" + CelSelector.typeName(e) + ")");
      }
      if (i > 0) {
        b.append(separator);
      }
      b.append((String) e);
    }
    return b.toString();
  }

  static String ascii(String s, boolean upper) {
    char[] cs = s.toCharArray();
    for (int i = 0; i < cs.length; i++) {
      char c = cs[i];
      if (upper && c >= 'a' && c <= 'z') {
        cs[i] = (char) (c - 32);
      } else if (!upper && c >= 'A' && c <= 'Z') {
        cs[i] = (char) (c + 32);
      }
    }
    return new String(cs);
  }

  static String replace(String s, String from, String to, long n) {
    if (n == 0) {
      return s;
    }
    StringBuilder b = new StringBuilder();
    if (from.isEmpty()) {
      // Go inserts the replacement before every code point and at the end.
      long done = 0;
      for (int cp : codePoints(s)) {
        if (n < 0 || done < n) {
          b.append(to);
          done++;
        }
        b.appendCodePoint(cp);
      }
      if (n < 0 || done < n) {
        b.append(to);
      }
      return b.toString();
    }
    int at = 0;
    long done = 0;
    while (n < 0 || done < n) {
      int hit = s.indexOf(from, at);
      if (hit < 0) {
        break;
      }
      b.append(s, at, hit).append(to);
      at = hit + from.length();
      done++;
    }
    b.append(s, at, s.length());
    return b.toString();
  }

  static List<String> split(String str, String separator, long n) {
    List<String> parts = new ArrayList<>();
    if (n == 0) {
      return parts;
    }
    if (separator.isEmpty()) {
      int[] cps = codePoints(str);
      for (int i = 0; i < cps.length; i++) {
        if (n > 0 && parts.size() == n - 1) {
          parts.add(string(cps, i, cps.length));
          break;
        }
        parts.add(string(cps, i, i + 1));
      }
    } else {
      int at = 0;
      while (n < 0 || parts.size() < n - 1) {
        int hit = str.indexOf(separator, at);
        if (hit < 0) {
          break;
        }
        parts.add(str.substring(at, hit));
        at = hit + separator.length();
      }
      parts.add(str.substring(at));
    }
    return parts;
  }

  static String substring(String s, long from, @Nullable Long end) throws CelEvaluationException {
    int[] cps = codePoints(s);
    long to = end == null ? cps.length : end;
    if (from < 0 || from > cps.length) {
      throw outOfRange(from);
    }
    if (to < 0 || to > cps.length) {
      throw outOfRange(to);
    }
    if (from > to) {
      throw new CelEvaluationException("invalid substring range. start: " + from + ", end: " + to);
    }
    return string(cps, (int) from, (int) to);
  }

  static String trim(String s) {
    int[] cps = codePoints(s);
    int from = 0;
    int to = cps.length;
    while (from < to && isSpace(cps[from])) {
      from++;
    }
    while (to > from && isSpace(cps[to - 1])) {
      to--;
    }
    return string(cps, from, to);
  }

  /** Go's unicode.IsSpace. */
  private static boolean isSpace(int cp) {
    switch (cp) {
      case '\t': case '\n': case 0x0B: case '\f': case '\r': case ' ': case 0x85: case 0xA0:
        return true;
      default:
        return cp > 0xFF && Character.isSpaceChar(cp);
    }
  }

  static String reverse(String s) {
    int[] cps = codePoints(s);
    for (int i = 0, j = cps.length - 1; i < j; i++, j--) {
      int t = cps[i];
      cps[i] = cps[j];
      cps[j] = t;
    }
    return new String(cps, 0, cps.length);
  }
}
