package io.github.dra4j.core;

import org.jspecify.annotations.Nullable;

/*
 * The class and request selectors of a request, by the identity of their compiled selectors: two
 * requests with the same compiled selectors select the same devices, whatever snapshot asked.
 * Keys PoolLayout.candidates.
 */
final class SelectorsKey {
  private final CompiledSelector[] classSelectors;
  private final CompiledSelector[] requestSelectors;
  private final int hash;

  private SelectorsKey(CompiledSelector[] classSelectors, CompiledSelector[] requestSelectors) {
    this.classSelectors = classSelectors;
    this.requestSelectors = requestSelectors;
    int h = 1;
    for (CompiledSelector s : classSelectors) {
      h = 31 * h + System.identityHashCode(s);
    }
    h = 31 * h + classSelectors.length;
    for (CompiledSelector s : requestSelectors) {
      h = 31 * h + System.identityHashCode(s);
    }
    this.hash = h;
  }

  /** {@return the key of these selectors, or null when one of them is missing} */
  static @Nullable SelectorsKey of(@Nullable CachedSelector[] classSelectors, @Nullable CachedSelector[] requestSelectors) {
    CompiledSelector[] c = compiled(classSelectors);
    CompiledSelector[] r = compiled(requestSelectors);
    return c == null || r == null ? null : new SelectorsKey(c, r);
  }

  private static CompiledSelector @Nullable [] compiled(@Nullable CachedSelector[] selectors) {
    CompiledSelector[] out = new CompiledSelector[selectors.length];
    for (int i = 0; i < selectors.length; i++) {
      CachedSelector s = selectors[i];
      if (s == null) {
        return null;
      }
      out[i] = s.compiled();
    }
    return out;
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o == this || (o instanceof SelectorsKey k && same(classSelectors, k.classSelectors)
        && same(requestSelectors, k.requestSelectors));
  }

  private static boolean same(CompiledSelector[] a, CompiledSelector[] b) {
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      if (a[i] != b[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
