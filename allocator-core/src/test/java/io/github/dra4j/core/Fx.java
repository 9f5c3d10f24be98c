package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.DeviceAttribute.OfBool;
import io.github.dra4j.api.DeviceAttribute.OfInt;
import io.github.dra4j.api.DeviceAttribute.OfString;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/* Go-style test builders for allocator-core tests, plus a tiny selector language. */
final class Fx {
  private Fx() {}

  static final String DRIVER = "driver-a";
  static final String NODE = "node-1";

  static Node node(String name) {
    return Node.of(name, Map.of("region", "region-1"));
  }

  /* ---------------- devices ---------------- */

  static final class D {
    final String name;
    final Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    final Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
    final List<DeviceCounterConsumption> consumes = new ArrayList<>();
    final List<DeviceTaint> taints = new ArrayList<>();
    final List<String> bindingConditions = new ArrayList<>();
    @Nullable String nodeName;
    boolean allNodes;
    boolean multi;

    D(String name) {
      this.name = name;
    }

    D attr(String key, Object value) {
      DeviceAttribute a = value instanceof Long || value instanceof Integer
          ? new OfInt(((Number) value).longValue())
          : value instanceof Boolean ? new OfBool((Boolean) value) : new OfString(value.toString());
      attributes.put(key, a);
      return this;
    }

    D attr(String key, DeviceAttribute a) {
      attributes.put(key, a);
      return this;
    }

    D capacity(String key, String value) {
      capacity.put(key, DeviceCapacity.of(value));
      return this;
    }

    D consumes(String counterSet, String counter, String value) {
      consumes.add(new DeviceCounterConsumption(counterSet, Map.of(counter, Counter.of(value)), List.of()));
      return this;
    }

    D taint(String key, String effect) {
      taints.add(new DeviceTaint(key, null, effect, null));
      return this;
    }

    D bindingCondition(String c) {
      bindingConditions.add(c);
      return this;
    }

    D onNode(String node) {
      nodeName = node;
      return this;
    }

    D multi() {
      multi = true;
      return this;
    }

    Device build() {
      return new Device(name, attributes, capacity, consumes, List.of(), nodeName, null, allNodes, taints,
          bindingConditions, List.of(), false, multi);
    }
  }

  static D device(String name) {
    return new D(name);
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
    return new ResourceSlice(ObjectMeta.named(name), new ResourceSliceSpec(DRIVER,
        ResourcePool.of(pool, generation, count), node, null, node == null, false, devices, List.of(), null));
  }

  static ResourceSlice slice(String name, String pool, List<Device> devices) {
    return slice(name, pool, 1, 1, NODE, devices);
  }

  static ResourceSlice perDeviceSlice(String name, String pool, List<Device> devices) {
    return new ResourceSlice(ObjectMeta.named(name), new ResourceSliceSpec(DRIVER,
        ResourcePool.of(pool, 1, 1), null, null, false, true, devices, List.of(), null));
  }

  static ResourceSlice counterSlice(String name, String pool, long count, String set, String counter, String value) {
    CounterSet cs = new CounterSet(set, Map.of(counter, Counter.of(value)), List.of());
    return new ResourceSlice(ObjectMeta.named(name), new ResourceSliceSpec(DRIVER,
        ResourcePool.of(pool, 1, count), NODE, null, false, false, List.of(), List.of(cs), null));
  }

  /* ---------------- classes and claims ---------------- */

  static DeviceClass deviceClass(String name, String... selectors) {
    List<DeviceSelector> s = new ArrayList<>();
    for (String e : selectors) {
      s.add(DeviceSelector.cel(e));
    }
    return new DeviceClass(ObjectMeta.named(name), new DeviceClassSpec(s, List.of(), null));
  }

  static final DeviceClass CLASS_A = deviceClass("class-a", "driver == driver-a");

  static ExactDeviceRequest exact(String cls, long count, String... selectors) {
    return new ExactDeviceRequest(cls, selectorList(selectors), "ExactCount", count, null, List.of(), null);
  }

  static List<DeviceSelector> selectorList(String... selectors) {
    List<DeviceSelector> s = new ArrayList<>();
    for (String e : selectors) {
      s.add(DeviceSelector.cel(e));
    }
    return s;
  }

  static DeviceRequest request(String name, long count, String... selectors) {
    return new DeviceRequest(name, exact("class-a", count, selectors), List.of());
  }

  static DeviceRequest allRequest(String name) {
    return new DeviceRequest(name,
        new ExactDeviceRequest("class-a", List.of(), "All", null, null, List.of(), null), List.of());
  }

  static DeviceRequest adminRequest(String name) {
    return new DeviceRequest(name,
        new ExactDeviceRequest("class-a", List.of(), "ExactCount", 1L, true, List.of(), null), List.of());
  }

  static DeviceRequest tolerating(String name, String key) {
    return new DeviceRequest(name, new ExactDeviceRequest("class-a", List.of(), "ExactCount", 1L, null,
        List.of(new DeviceToleration(key, "Exists", null, null, null)), null), List.of());
  }

  static DeviceRequest firstAvailable(String name, DeviceSubRequest... subs) {
    return new DeviceRequest(name, null, Arrays.asList(subs));
  }

  static DeviceSubRequest sub(String name, long count, String... selectors) {
    return new DeviceSubRequest(name, "class-a", selectorList(selectors), "ExactCount", count, List.of(), null);
  }

  static ResourceClaim claim(String name, List<DeviceConstraint> constraints, DeviceRequest... requests) {
    return new ResourceClaim(ObjectMeta.named("default", name),
        new ResourceClaimSpec(new DeviceClaim(Arrays.asList(requests), constraints, List.of())), null);
  }

  static ResourceClaim claim(String name, DeviceRequest... requests) {
    return claim(name, List.of(), requests);
  }

  static ResourceClaim allocated(String name, String pool, String... devices) {
    List<DeviceRequestAllocationResult> results = new ArrayList<>();
    for (String d : devices) {
      results.add(new DeviceRequestAllocationResult("in-use", DRIVER, pool, d, null, List.of(), List.of(),
          List.of(), null, Map.of()));
    }
    AllocationResult allocation = new AllocationResult(new DeviceAllocationResult(results, List.of()), null, null);
    return claim(name, request("in-use", 1)).withAllocation(allocation);
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
  }
}
