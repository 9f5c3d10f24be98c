package io.github.dra4j.cel;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.projectnessie.cel.common.types.Err;
import org.projectnessie.cel.common.types.IntT;
import org.projectnessie.cel.common.types.ListT;
import org.projectnessie.cel.common.types.StringT;
import org.projectnessie.cel.common.types.ref.Val;
import org.projectnessie.cel.common.types.traits.Lister;

/*
 * The cel-go strings extension (ext/strings.go, version 2, plus reverse). Indexes count Unicode
 * code points, as cel-go counts runes; split and replace follow Go's strings.SplitN and
 * strings.Replace.
 */
final class StringFunctions {

  private StringFunctions() {}

  private static int[] codePoints(Val v) {
    return ((String) v.value()).codePoints().toArray();
  }

  private static String string(int[] cps, int from, int to) {
    return new String(cps, from, to - from);
  }

  private static Val outOfRange(long i) {
    return Err.newErr("index out of range: %d", i);
  }

  static Val charAt(Val s, Val i) {
    if (!(s instanceof StringT) || !(i instanceof IntT)) {
      return KubernetesLibrary.noSuchOverload(s, "charAt");
    }
    int[] cps = codePoints(s);
    long idx = i.intValue();
    if (idx < 0 || idx > cps.length) {
      return outOfRange(idx);
    }
    return StringT.stringOf(idx == cps.length ? "" : string(cps, (int) idx, (int) idx + 1));
  }

  static Val indexOf(Val[] args, boolean last) {
    String function = last ? "lastIndexOf" : "indexOf";
    if (args.length < 2 || !(args[0] instanceof StringT) || !(args[1] instanceof StringT)
        || (args.length == 3 && !(args[2] instanceof IntT)) || args.length > 3) {
      return KubernetesLibrary.noSuchOverload(args[0], function);
    }
    int[] s = codePoints(args[0]);
    int[] sub = codePoints(args[1]);
    long offset;
    if (args.length == 3) {
      offset = args[2].intValue();
      if (offset < 0 || offset > s.length) {
        return outOfRange(offset);
      }
    } else {
      offset = last ? s.length : 0;
    }
    if (sub.length == 0) {
      return IntT.intOf(offset);
    }
    if (last) {
      for (long i = Math.min(offset, s.length - sub.length); i >= 0; i--) {
        if (matchesAt(s, sub, (int) i)) {
          return IntT.intOf(i);
        }
      }
    } else {
      for (long i = offset; i <= s.length - sub.length; i++) {
        if (matchesAt(s, sub, (int) i)) {
          return IntT.intOf(i);
        }
      }
    }
    return IntT.IntNegOne;
  }

  private static boolean matchesAt(int[] s, int[] sub, int at) {
    for (int j = 0; j < sub.length; j++) {
      if (s[at + j] != sub[j]) {
        return false;
      }
    }
    return true;
  }

  static Val join(Val list, Val separator) {
    if (!(list instanceof Lister) || !(separator instanceof StringT)) {
      return KubernetesLibrary.noSuchOverload(list, "join");
    }
    Lister l = (Lister) list;
    long n = l.size().intValue();
    StringBuilder b = new StringBuilder();
    for (long i = 0; i < n; i++) {
      Val e = l.get(IntT.intOf(i));
      if (!(e instanceof StringT)) {
        return KubernetesLibrary.noSuchOverload(e, "join");
      }
      if (i > 0) {
        b.append((String) separator.value());
      }
      b.append((String) e.value());
    }
    return StringT.stringOf(b.toString());
  }

  static Val ascii(Val s, boolean upper) {
    if (!(s instanceof StringT)) {
      return KubernetesLibrary.noSuchOverload(s, upper ? "upperAscii" : "lowerAscii");
    }
    char[] cs = ((String) s.value()).toCharArray();
    for (int i = 0; i < cs.length; i++) {
      char c = cs[i];
      if (upper && c >= 'a' && c <= 'z') {
        cs[i] = (char) (c - 32);
      } else if (!upper && c >= 'A' && c <= 'Z') {
        cs[i] = (char) (c + 32);
      }
    }
    return StringT.stringOf(new String(cs));
  }

  static Val replace(Val... args) {
    if ((args.length != 3 && args.length != 4) || !(args[0] instanceof StringT)
        || !(args[1] instanceof StringT) || !(args[2] instanceof StringT)
        || (args.length == 4 && !(args[3] instanceof IntT))) {
      return KubernetesLibrary.noSuchOverload(args[0], "replace");
    }
    String s = (String) args[0].value();
    String from = (String) args[1].value();
    String to = (String) args[2].value();
    long n = args.length == 4 ? args[3].intValue() : -1;
    if (n == 0) {
      return args[0];
    }
    StringBuilder b = new StringBuilder();
    if (from.isEmpty()) {
      // Go inserts the replacement before every code point and at the end.
      int[] cps = s.codePoints().toArray();
      long done = 0;
      for (int cp : cps) {
        if (n < 0 || done < n) {
          b.append(to);
          done++;
        }
        b.appendCodePoint(cp);
      }
      if (n < 0 || done < n) {
        b.append(to);
      }
      return StringT.stringOf(b.toString());
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
    return StringT.stringOf(b.toString());
  }

  static Val split(Val s, Val sep, Val limit) {
    if (!(s instanceof StringT) || !(sep instanceof StringT) || !(limit instanceof IntT)) {
      return KubernetesLibrary.noSuchOverload(s, "split");
    }
    String str = (String) s.value();
    String separator = (String) sep.value();
    long n = limit.intValue();
    List<String> parts = new ArrayList<>();
    if (n == 0) {
      return ListT.newStringArrayList(new String[0]);
    }
    if (separator.isEmpty()) {
      int[] cps = str.codePoints().toArray();
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
    return ListT.newStringArrayList(parts.toArray(new String[0]));
  }

  static Val substring(Val s, Val start, @Nullable Val end) {
    if (!(s instanceof StringT) || !(start instanceof IntT) || (end != null && !(end instanceof IntT))) {
      return KubernetesLibrary.noSuchOverload(s, "substring");
    }
    int[] cps = codePoints(s);
    long from = start.intValue();
    long to = end == null ? cps.length : end.intValue();
    if (from < 0 || from > cps.length) {
      return outOfRange(from);
    }
    if (to < 0 || to > cps.length) {
      return outOfRange(to);
    }
    if (from > to) {
      return Err.newErr("invalid substring range. start: %d, end: %d", from, to);
    }
    return StringT.stringOf(string(cps, (int) from, (int) to));
  }

  static Val trim(Val s) {
    if (!(s instanceof StringT)) {
      return KubernetesLibrary.noSuchOverload(s, "trim");
    }
    int[] cps = codePoints(s);
    int from = 0;
    int to = cps.length;
    while (from < to && isSpace(cps[from])) {
      from++;
    }
    while (to > from && isSpace(cps[to - 1])) {
      to--;
    }
    return StringT.stringOf(string(cps, from, to));
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

  static Val reverse(Val s) {
    if (!(s instanceof StringT)) {
      return KubernetesLibrary.noSuchOverload(s, "reverse");
    }
    int[] cps = codePoints(s);
    for (int i = 0, j = cps.length - 1; i < j; i++, j--) {
      int t = cps[i];
      cps[i] = cps[j];
      cps[j] = t;
    }
    return StringT.stringOf(new String(cps, 0, cps.length));
  }
}
