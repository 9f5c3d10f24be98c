package io.github.dra4j.core;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.Quantity;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/*
 * The subset of CEL the conformance scenarios use, so allocator-core can run them without
 * allocator-cel: conjunctions of driver, allowMultipleAllocations, attribute and capacity
 * comparisons and has(). Anything else is a compile error (like "noSuchVar").
 */
final class MiniCel implements DeviceSelectorCompiler {
  private static final Pattern DRIVER = Pattern.compile("device\\.driver == \"([^\"]*)\"");
  private static final Pattern MULTI = Pattern.compile("device\\.allowMultipleAllocations ==\\s*(true|false)");
  private static final Pattern HAS = Pattern.compile("has\\(device\\.attributes\\[\"([^\"]+)\"\\]\\.(\\w+)\\)");
  private static final Pattern ATTR =
      Pattern.compile("device\\.attributes\\[\"([^\"]+)\"\\]\\.(\\w+)(?: == (\"[^\"]*\"|true|false|-?\\d+))?");
  private static final Pattern CAP = Pattern.compile(
      "device\\.capacity\\[\"([^\"]+)\"\\](?:\\.(\\w+)|\\[\"([^\"]+)\"\\])\\.compareTo\\(quantity\\(\"([^\"]+)\"\\)\\) (>=|==|<=|>|<) 0");

  @Override
  public CompiledSelector compile(String expression, Features features) {
    String[] terms = expression.trim().split("\\s*&&\\s*");
    String error = null;
    for (String t : terms) {
      if (!(DRIVER.matcher(t).matches() || MULTI.matcher(t).matches() || HAS.matcher(t).matches()
          || ATTR.matcher(t).matches() || CAP.matcher(t).matches())) {
        error = "ERROR: <input>:1:1: undeclared reference to '" + t + "'";
      }
    }
    String compileError = error;
    return new CompiledSelector() {
      @Override
      public String expression() {
        return expression;
      }

      @Override
      public @Nullable String compileError() {
        return compileError;
      }

      @Override
      public boolean matches(DeviceView device) {
        if (compileError != null) {
          throw new SelectorEvaluationException(compileError);
        }
        // Like the reference, every attribute is converted before evaluation.
        device.forEachAttribute((domain, id, value) -> {
          if (value instanceof DeviceAttribute.Empty) {
            throw new SelectorEvaluationException("attribute " + id + ": unsupported attribute value");
          }
        });
        for (String t : terms) {
          if (!term(t, device)) {
            return false;
          }
        }
        return true;
      }
    };
  }

  private static boolean term(String t, DeviceView d) {
    Matcher m = DRIVER.matcher(t);
    if (m.matches()) {
      return d.driver().equals(m.group(1));
    }
    m = MULTI.matcher(t);
    if (m.matches()) {
      return d.allowMultipleAllocations() == Boolean.parseBoolean(m.group(1));
    }
    m = HAS.matcher(t);
    if (m.matches()) {
      return d.attribute(m.group(1), m.group(2)) != null;
    }
    m = ATTR.matcher(t);
    if (m.matches()) {
      DeviceAttribute a = d.attribute(m.group(1), m.group(2));
      if (a == null) {
        throw new SelectorEvaluationException("no such key: " + m.group(2));
      }
      Object v = value(a);
      String want = m.group(3);
      if (want == null) {
        return Boolean.TRUE.equals(v);
      }
      if (want.startsWith("\"")) {
        return want.substring(1, want.length() - 1).equals(v);
      }
      if (want.equals("true") || want.equals("false")) {
        return Boolean.valueOf(want).equals(v);
      }
      return Long.valueOf(want).equals(v);
    }
    m = CAP.matcher(t);
    if (m.matches()) {
      DeviceCapacity c = d.capacity(m.group(1), m.group(2) != null ? m.group(2) : m.group(3));
      if (c == null) {
        throw new SelectorEvaluationException("no such key: " + (m.group(2) != null ? m.group(2) : m.group(3)));
      }
      int cmp = c.value().compareTo(Quantity.parse(m.group(4)));
      switch (m.group(5)) {
        case ">=": return cmp >= 0;
        case "<=": return cmp <= 0;
        case ">": return cmp > 0;
        case "<": return cmp < 0;
        default: return cmp == 0;
      }
    }
    throw new SelectorEvaluationException("unsupported " + t);
  }

  private static @Nullable Object value(DeviceAttribute a) {
    if (a instanceof DeviceAttribute.OfString) {
      return ((DeviceAttribute.OfString) a).value();
    }
    if (a instanceof DeviceAttribute.OfVersion) {
      return ((DeviceAttribute.OfVersion) a).value();
    }
    if (a instanceof DeviceAttribute.OfInt) {
      return ((DeviceAttribute.OfInt) a).value();
    }
    if (a instanceof DeviceAttribute.OfBool) {
      return ((DeviceAttribute.OfBool) a).value();
    }
    return a;
  }
}
