package io.github.dra4j.cel;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A semantic version (semver.org 2.0.0), parsed as the reference's semver library parses it:
 * exactly {@code major.minor.patch}, no leading zeroes, optional pre-release and build parts.
 * Comparison ignores build metadata.
 */
final class Semver implements Comparable<Semver> {

  private static final int MAX_CACHED = 4096;
  private static final Map<String, Semver> PARSED = new ConcurrentHashMap<>();

  private final long major;
  private final long minor;
  private final long patch;
  private final List<String> pre;
  private final String text;

  private Semver(long major, long minor, long patch, List<String> pre, String text) {
    this.major = major;
    this.minor = minor;
    this.patch = patch;
    this.pre = pre;
    this.text = text;
  }

  /**
   * Parses a version strictly, remembering up to {@value #MAX_CACHED} results: device
   * attributes repeat the same few versions, and selectors read them on every evaluation.
   *
   * @throws IllegalArgumentException with the parser's reason
   */
  static Semver parseCached(String s) {
    Semver v = PARSED.get(s);
    if (v == null) {
      v = parse(s);
      if (PARSED.size() < MAX_CACHED) {
        PARSED.putIfAbsent(s, v);
      }
    }
    return v;
  }

  /**
   * Parses a version strictly.
   *
   * @throws IllegalArgumentException with the parser's reason
   */
  static Semver parse(String s) {
    if (s.isEmpty()) {
      throw new IllegalArgumentException("Version string empty");
    }
    String[] parts = s.split("\\.", 3);
    if (parts.length != 3) {
      throw new IllegalArgumentException("No Major.Minor.Patch elements found");
    }
    long major = number(parts[0], "Major");
    long minor = number(parts[1], "Minor");
    String rest = parts[2];
    String build = null;
    int plus = rest.indexOf('+');
    if (plus >= 0) {
      build = rest.substring(plus + 1);
      rest = rest.substring(0, plus);
    }
    String preText = null;
    int dash = rest.indexOf('-');
    if (dash >= 0) {
      preText = rest.substring(dash + 1);
      rest = rest.substring(0, dash);
    }
    long patch = number(rest, "Patch");
    List<String> pre = List.of();
    if (preText != null) {
      pre = List.of(preText.split("\\.", -1));
      for (String p : pre) {
        if (p.isEmpty()) {
          throw new IllegalArgumentException("Prerelease is empty");
        }
        if (!isAlphaNumeric(p)) {
          throw new IllegalArgumentException("Invalid character(s) found in prerelease \"" + p + "\"");
        }
        if (isNumeric(p) && p.length() > 1 && p.charAt(0) == '0') {
          throw new IllegalArgumentException("Prerelease number must not contain leading zeroes \"" + p + "\"");
        }
      }
    }
    if (build != null) {
      for (String b : build.split("\\.", -1)) {
        if (b.isEmpty()) {
          throw new IllegalArgumentException("Build meta data is empty");
        }
        if (!isAlphaNumeric(b)) {
          throw new IllegalArgumentException("Invalid character(s) found in build meta data \"" + b + "\"");
        }
      }
    }
    return new Semver(major, minor, patch, pre, s);
  }

  /**
   * Parses a version tolerantly, as {@code semver(s, true)} does: a leading {@code v} is
   * dropped, missing minor or patch numbers become 0 and leading zeroes are removed.
   */
  static Semver parseTolerant(String s) {
    String t = s.startsWith("v") || s.startsWith("V") ? s.substring(1) : s;
    int cut = t.length();
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '-' || c == '+') {
        cut = i;
        break;
      }
    }
    String[] core = t.substring(0, cut).split("\\.", -1);
    if (core.length > 3) {
      return parse(t);
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      String n = i < core.length ? core[i] : "0";
      int z = 0;
      while (z < n.length() - 1 && n.charAt(z) == '0') {
        z++;
      }
      if (i > 0) {
        b.append('.');
      }
      b.append(n, z, n.length());
    }
    return parse(b.append(t, cut, t.length()).toString());
  }

  private static long number(String s, String what) {
    if (s.isEmpty() || !isNumeric(s)) {
      throw new IllegalArgumentException("Invalid character(s) found in " + what.toLowerCase(java.util.Locale.ROOT) + " number \"" + s + "\"");
    }
    if (s.length() > 1 && s.charAt(0) == '0') {
      throw new IllegalArgumentException(what + " number must not contain leading zeroes \"" + s + "\"");
    }
    if (s.length() <= 18) {
      return Long.parseLong(s);
    }
    BigInteger v = new BigInteger(s);
    if (v.bitLength() > 63) {
      throw new IllegalArgumentException(what + " number out of range \"" + s + "\"");
    }
    return v.longValue();
  }

  private static boolean isNumeric(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return !s.isEmpty();
  }

  private static boolean isAlphaNumeric(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-')) {
        return false;
      }
    }
    return true;
  }

  long major() {
    return major;
  }

  long minor() {
    return minor;
  }

  long patch() {
    return patch;
  }

  @Override
  public int compareTo(Semver o) {
    int c = Long.compare(major, o.major);
    if (c == 0) {
      c = Long.compare(minor, o.minor);
    }
    if (c == 0) {
      c = Long.compare(patch, o.patch);
    }
    if (c != 0) {
      return Integer.signum(c);
    }
    if (pre.isEmpty() || o.pre.isEmpty()) {
      // A release is greater than any of its pre-releases.
      return pre.isEmpty() == o.pre.isEmpty() ? 0 : (pre.isEmpty() ? 1 : -1);
    }
    for (int i = 0; i < Math.min(pre.size(), o.pre.size()); i++) {
      c = comparePre(pre.get(i), o.pre.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.signum(Integer.compare(pre.size(), o.pre.size()));
  }

  private static int comparePre(String a, String b) {
    boolean na = isNumeric(a);
    boolean nb = isNumeric(b);
    if (na && nb) {
      return Integer.signum(new BigInteger(a).compareTo(new BigInteger(b)));
    }
    if (na != nb) {
      return na ? -1 : 1;
    }
    return Integer.signum(a.compareTo(b));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Semver && compareTo((Semver) o) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(major, minor, patch, pre);
  }

  @Override
  public String toString() {
    return text;
  }
}
