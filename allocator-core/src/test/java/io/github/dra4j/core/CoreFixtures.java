package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceAttribute.OfBool;
import io.github.dra4j.api.DeviceAttribute.OfInt;
import io.github.dra4j.api.DeviceAttribute.OfString;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import io.github.dra4j.testing.Builders.DeviceBuilder;
import io.github.dra4j.testing.Builders.RequestBuilder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/*
 * allocator-core's shorthands in the Go tests' style, built on the shared fixtures (Builders):
 * devices, slices and requests of driver-a in class-a on node-1, plus a tiny selector language.
 */
final class CoreFixtures {
  private CoreFixtures() {}

  static final String DRIVER = Builders.DRIVER;
  static final String NODE = Builders.NODE;

  static Node node(String name) {
    return Builders.node(name, "region", "region-1");
  }

  /* ---------------- devices ---------------- */

  static DeviceBuilder device(String name) {
    return Builders.device(name);
  }

  static List<Device> devices(String... names) {
    List<Device> out = new ArrayList<>();
    for (String n : names) {
      out.add(device(n).build());
    }
    return out;
  }

  /* ---------------- slices ---------------- */

  static ResourceSlice slice(String name, String pool, long generation, long count, @Nullable String node,
      List<Device> devices) {
    return Builders.slice(name, DRIVER, pool, node).generation(generation).resourceSliceCount(count)
        .allNodes(node == null).devices(devices).build();
  }

  static ResourceSlice slice(String name, String pool, List<Device> devices) {
    return slice(name, pool, 1, 1, NODE, devices);
  }

  static ResourceSlice perDeviceSlice(String name, String pool, List<Device> devices) {
    return Builders.slice(name, DRIVER, pool, null).perDeviceNodeSelection(true).devices(devices).build();
  }

  static ResourceSlice counterSlice(String name, String pool, long count, String set, String counter, String value) {
    return Builders.counterSlice(name, DRIVER, pool, NODE, Builders.counterSet(set, Builders.counters(counter, value)))
        .resourceSliceCount(count).build();
  }

  /* ---------------- classes and claims ---------------- */

  static DeviceClass deviceClass(String name, String... selectors) {
    return Builders.deviceClass(name, selectors);
  }

  static final DeviceClass CLASS_A = deviceClass(Builders.CLASS, "driver == driver-a");

  /** {@return a request of class-a for {@code count} devices ({@code ExactCount}), with selectors} */
  static RequestBuilder exactly(String name, String deviceClass, long count, String... selectors) {
    RequestBuilder b = Builders.request(name, deviceClass, count).allocationMode(DeviceAllocationMode.EXACT_COUNT);
    for (String s : selectors) {
      b.selector(s);
    }
    return b;
  }

  static ExactDeviceRequest exact(String cls, long count, String... selectors) {
    return Objects.requireNonNull(exactly("", cls, count, selectors).build().exactly());
  }

  static DeviceRequest request(String name, long count, String... selectors) {
    return exactly(name, Builders.CLASS, count, selectors).build();
  }

  static DeviceRequest allRequest(String name) {
    return Builders.request(name, Builders.CLASS, 1).all().build();
  }

  static DeviceRequest adminRequest(String name) {
    return exactly(name, Builders.CLASS, 1).adminAccess(true).build();
  }

  static DeviceRequest tolerating(String name, String key) {
    return exactly(name, Builders.CLASS, 1).toleration(key, "Exists", null, null).build();
  }

  static DeviceRequest firstAvailable(String name, DeviceSubRequest... subs) {
    return new DeviceRequest(name, null, Arrays.asList(subs));
  }

  static DeviceSubRequest sub(String name, long count, String... selectors) {
    return exactly(name, Builders.CLASS, count, selectors).buildSubRequest();
  }

  static ResourceClaim claim(String name, List<DeviceConstraint> constraints, DeviceRequest... requests) {
    return new ResourceClaim(ObjectMeta.named(Builders.NAMESPACE, name),
        new ResourceClaimSpec(new DeviceClaim(Arrays.asList(requests), constraints, List.of())), null);
  }

  static ResourceClaim claim(String name, DeviceRequest... requests) {
    return claim(name, List.of(), requests);
  }

  /** {@return an in-use claim holding {@code devices} of {@code pool} for its request "in-use"} */
  static ResourceClaim allocated(String name, String pool, String... devices) {
    List<DeviceRequestAllocationResult> results = new ArrayList<>();
    for (String d : devices) {
      results.add(Builders.result("in-use", DRIVER, pool, d));
    }
    return Builders.allocatedClaim(name, results.toArray(DeviceRequestAllocationResult[]::new));
  }

  static Map<String, Quantity> quantities(String... kv) {
    Map<String, Quantity> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], Quantity.parse(kv[i + 1]));
    }
    return m;
  }

  /* ---------------- allocation ---------------- */

  static StructuredAllocator allocator(Features features) {
    return StructuredAllocator.builder().features(features).selectorCompiler(new TestCompiler()).build();
  }

  /** The allocated devices per claim as "request=pool/device". */
  static List<List<String>> devicesOf(AllocationOutcome outcome) {
    List<List<String>> out = new ArrayList<>();
    for (AllocationResult r : ((AllocationOutcome.Allocated) outcome).results()) {
      List<String> claim = new ArrayList<>();
      for (DeviceRequestAllocationResult d : r.devices().results()) {
        claim.add(d.request() + "=" + d.pool() + "/" + d.device());
      }
      out.add(claim);
    }
    return out;
  }

  /*
   * A tiny selector language, so core tests need no CEL:
   *   true | false | driver == X | attr K == V | fail (runtime error) | !... (compile error)
   */
  static final class TestCompiler implements DeviceSelectorCompiler {
    final AtomicLong evaluations = new AtomicLong();
    final AtomicLong derivedEvaluations = new AtomicLong();

    @Override
    public CompiledSelector compile(String expression, Features features) {
      return new CompiledSelector() {
        @Override
        public String expression() {
          return expression;
        }

        @Override
        public @Nullable String compileError() {
          return expression.startsWith("!") ? "undeclared reference to '" + expression.substring(1) + "'" : null;
        }

        @Override
        public boolean matches(DeviceView device) {
          evaluations.incrementAndGet();
          if (compileError() != null) {
            throw new SelectorEvaluationException(compileError());
          }
          if (expression.equals("true")) {
            return true;
          }
          if (expression.equals("false")) {
            return false;
          }
          if (expression.equals("fail")) {
            throw new SelectorEvaluationException("no such key: missing");
          }
          if (expression.startsWith("driver == ")) {
            return device.driver().equals(expression.substring("driver == ".length()));
          }
          if (expression.startsWith("attr ")) {
            String[] p = expression.substring(5).split(" == ", 2);
            DeviceAttribute a = device.attribute(device.driver(), p[0]);
            if (a == null) {
              throw new SelectorEvaluationException("no such key: " + p[0]);
            }
            String v = a instanceof OfString ? ((OfString) a).value()
                : a instanceof OfInt ? Long.toString(((OfInt) a).value())
                : a instanceof OfBool ? Boolean.toString(((OfBool) a).value()) : a.toString();
            return v.equals(p[1]);
          }
          throw new SelectorEvaluationException("unsupported test expression " + expression);
        }
      };
    }

    /* Derived attributes: attr K (the device's own K) | string V | fail | !... (compile error). */
    @Override
    public CompiledAttribute compileAttribute(String expression, Features features) {
      return new CompiledAttribute() {
        @Override
        public String expression() {
          return expression;
        }

        @Override
        public @Nullable String compileError() {
          return expression.startsWith("!") ? "undeclared reference to '" + expression.substring(1) + "'" : null;
        }

        @Override
        public DeviceAttribute evaluate(DeviceView device) {
          derivedEvaluations.incrementAndGet();
          if (expression.startsWith("attr ")) {
            DeviceAttribute a = device.attribute(device.driver(), expression.substring(5));
            if (a == null) {
              throw new SelectorEvaluationException("no such key: " + expression.substring(5));
            }
            return a;
          }
          if (expression.startsWith("string ")) {
            return new OfString(expression.substring(7));
          }
          throw new SelectorEvaluationException(compileError() != null ? compileError() : "no such key: missing");
        }
      };
    }
  }
}
