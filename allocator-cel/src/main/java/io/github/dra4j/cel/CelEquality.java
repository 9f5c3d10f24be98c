package io.github.dra4j.cel;

import com.google.common.primitives.UnsignedLong;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * cel-go's equality, for ==, != and `in` (bound in KubernetesLibrary) and the functions that
 * compare values (`includes`, `indexOf`, `lastIndexOf`): values of different types are unequal,
 * except numbers, which compare by value; lists and maps compare element by element.
 */
final class CelEquality {

  private CelEquality() {}

  /** {@return CEL's {@code a == b}} */
  static boolean equal(Object a, Object b) {
    if (isNaN(a) || isNaN(b)) {
      return false;
    }
    BigDecimal na = number(a);
    BigDecimal nb = number(b);
    if (na != null || nb != null) {
      return na != null && nb != null && na.compareTo(nb) == 0;
    }
    if (a instanceof List && b instanceof List) {
      List<?> la = (List<?>) a;
      List<?> lb = (List<?>) b;
      if (la.size() != lb.size()) {
        return false;
      }
      for (int i = 0; i < la.size(); i++) {
        if (!equal(la.get(i), lb.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map && b instanceof Map) {
      Map<?, ?> ma = (Map<?, ?>) a;
      Map<?, ?> mb = (Map<?, ?>) b;
      if (ma.size() != mb.size()) {
        return false;
      }
      for (Map.Entry<?, ?> e : ma.entrySet()) {
        if (!mb.containsKey(e.getKey()) || !equal(e.getValue(), mb.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  private static boolean isNaN(Object o) {
    return o instanceof Double && ((Double) o).isNaN();
  }

  private static @Nullable BigDecimal number(Object o) {
    if (o instanceof Long) {
      return BigDecimal.valueOf((Long) o);
    }
    if (o instanceof UnsignedLong) {
      return new BigDecimal(((UnsignedLong) o).bigIntegerValue());
    }
    if (o instanceof Double) {
      double d = (Double) o;
      // NaN equals nothing; infinities only compare to themselves, which BigDecimal cannot hold.
      return Double.isFinite(d) ? BigDecimal.valueOf(d) : null;
    }
    return null;
  }
}
