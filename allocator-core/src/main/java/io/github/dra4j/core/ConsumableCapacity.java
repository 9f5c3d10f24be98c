package io.github.dra4j.core;

import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequestPolicyRange;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.QualifiedName;
import io.github.dra4j.api.Quantity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * Consumable capacity (KEP-5075) as pure functions. Mirrors consumable_capacity.go: a request
 * without an amount consumes the policy default or the whole capacity; amounts are rounded up
 * to the policy's range step or next valid value; a device fits when, per capacity, what
 * allocated shares consume plus what this call already allocates plus this request stays
 * within the capacity. Capacity names are the device's own, as its slice spells them: the
 * reference keys request amounts, results and allocated shares by that spelling, so a request
 * for "cpu" does not match a capacity "dra.cpu/cpu" of driver dra.cpu.
 *
 * Range steps are rounded in whole numbers (Quantity.Value(): every amount rounded up to an
 * integer), or, with DRAFractionalCapacityRange and a range whose min, max or step is fractional,
 * in milli-units (MilliValue(): rounded up to a thousandth), as useMilli in
 * consumable_capacity.go says since kubernetes#140161.
 */
final class ConsumableCapacity {
  private ConsumableCapacity() {}

  /**
   * Whether the request's capacity fits the device, given what this call is allocating of it
   * (null: nothing). When the request asks for no capacity and no share of the device is
   * allocated or being allocated, the answer depends on the device alone and is remembered in the
   * layout.
   */
  static boolean fits(RequestData data, PoolLayout layout, int local,
      @Nullable Map<String, BigDecimal> allocating, boolean fractional) {
    if (data.request.capacity == null && !layout.shared(local) && allocating == null) {
      return layout.unrequestedCapacityFits(local, fractional);
    }
    DeviceEntry device = layout.devices[local];
    return checkRequestOverCapacity(device, data.request, device.aggregatedCapacity, allocating, fractional) == null;
  }

  /** Why a device's capacity does not fit, or null when it fits. */
  static @Nullable String checkRequestOverCapacity(
      DeviceEntry device,
      RequestView request,
      @Nullable Map<String, Quantity> allocated,
      @Nullable Map<String, BigDecimal> allocating,
      boolean fractional) {
    if (request.capacity == null && device.device.capacity().isEmpty() && device.device.includes().isEmpty()) {
      return null; // nothing requested, nothing to consume: the common case, without allocation
    }
    String driver = device.id.driver();
    if (request.capacity != null) {
      for (String name : request.capacity.requests().keySet()) {
        QualifiedName q = QualifiedName.of(name, driver);
        String spelled = device.view.capacityName(q.domain(), q.id());
        if (!name.equals(spelled)) {
          return "requested capacity " + name + " is not defined by the device"
              + (spelled == null ? "" : "; the device names it " + spelled);
        }
      }
    }
    String[] problem = new String[1];
    device.view.forEachCapacity((domain, id, cap) -> {
      if (problem[0] != null) {
        return;
      }
      String name = Objects.requireNonNull(device.view.capacityName(domain, id)); // one of the device's
      BigDecimal consumed = consumed(request.requestedCapacity(name), cap, fractional);
      if (violatesPolicy(consumed, cap.requestPolicy(), fractional)) {
        problem[0] = "capacity " + name + ": " + Quantity.of(consumed, cap.value().format())
            + " violates the request policy";
        return;
      }
      BigDecimal sum = consumed;
      if (allocated != null && allocated.get(name) != null) {
        sum = sum.add(allocated.get(name).value());
      }
      if (allocating != null && allocating.get(name) != null) {
        sum = sum.add(allocating.get(name));
      }
      if (sum.compareTo(cap.value().value()) > 0) {
        problem[0] = "capacity " + name + ": needs " + Quantity.of(consumed, cap.value().format())
            + ", " + Quantity.of(cap.value().value().subtract(sum.subtract(consumed)), cap.value().format())
            + " left";
      }
    });
    return problem[0];
  }

  /**
   * Whether the device takes a request that asks for no capacity while no share of it is
   * allocated or being allocated: {@link #checkRequestOverCapacity} for that case, which then
   * depends on the device alone, so that callers can remember it per device. Each capacity is
   * consumed whole or by its policy's default.
   */
  static boolean unrequestedFits(DeviceEntry device, boolean fractional) {
    boolean[] fits = {true};
    device.view.forEachCapacity((domain, id, cap) -> {
      if (fits[0]) {
        BigDecimal consumed = consumed(null, cap, fractional);
        fits[0] = !violatesPolicy(consumed, cap.requestPolicy(), fractional) && consumed.compareTo(cap.value().value()) <= 0;
      }
    });
    return fits[0];
  }

  /** GetConsumedCapacityFromRequest: the amount consumed per capacity, by the device's names. */
  static Map<String, BigDecimal> consumedCapacity(DeviceEntry device, RequestView request, boolean fractional) {
    Map<String, BigDecimal> out = new LinkedHashMap<>();
    device.view.forEachCapacity((domain, id, cap) -> {
      String name = Objects.requireNonNull(device.view.capacityName(domain, id)); // one of the device's
      out.put(name, consumed(request.requestedCapacity(name), cap, fractional));
    });
    return out;
  }

  static BigDecimal consumed(@Nullable Quantity requested, DeviceCapacity capacity, boolean fractional) {
    CapacityRequestPolicy policy = capacity.requestPolicy();
    if (requested == null) {
      if (policy != null && policy.defaultValue() != null) {
        return policy.defaultValue().value();
      }
      return capacity.value().value();
    }
    if (policy == null) {
      return requested.value();
    }
    CapacityRequestPolicyRange range = policy.validRange();
    if (range != null && range.min() != null) {
      return roundUpRange(requested.value(), range, fractional);
    }
    if (!policy.validValues().isEmpty()) {
      for (Quantity v : policy.validValues()) {
        if (requested.value().compareTo(v.value()) <= 0) {
          return v.value();
        }
      }
    }
    return requested.value();
  }

  private static BigDecimal roundUpRange(BigDecimal requested, CapacityRequestPolicyRange range, boolean fractional) {
    BigDecimal min = Objects.requireNonNull(range.min()).value(); // consumed() checked it
    if (requested.compareTo(min) < 0) {
      return min;
    }
    if (range.step() == null) {
      return requested;
    }
    // Go works on Value() (integers rounded up) or MilliValue() (thousandths rounded up).
    int digits = useMilli(range, fractional) ? 3 : 0;
    long req = units(requested, digits);
    long step = units(range.step().value(), digits);
    long m = units(min, digits);
    long added = req - m;
    long n = added / step;
    if (added % step != 0) {
      n++;
    }
    return BigDecimal.valueOf(m + step * n, digits);
  }

  /** {@return the amount in units of 10^-digits, rounded up} */
  private static long units(BigDecimal v, int digits) {
    return v.movePointRight(digits).setScale(0, RoundingMode.CEILING).longValueExact();
  }

  /**
   * Whether a range rounds in milli-units: with the gate, when min, max or step is fractional,
   * every one that is set is a whole number of milli-units that fits a long, and the step is at
   * least one milli-unit.
   */
  static boolean useMilli(CapacityRequestPolicyRange range, boolean fractional) {
    if (!fractional) {
      return false;
    }
    boolean hasFractional = false;
    for (Quantity q : java.util.Arrays.asList(range.min(), range.max(), range.step())) {
      if (q == null) {
        continue;
      }
      BigDecimal v = q.value().stripTrailingZeros();
      BigDecimal milli = v.movePointRight(3);
      if (milli.scale() > 0 || milli.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
        return false;
      }
      hasFractional |= v.scale() > 0;
    }
    return hasFractional && (range.step() == null || range.step().value().movePointRight(3).signum() > 0);
  }

  static boolean violatesPolicy(BigDecimal requested, @Nullable CapacityRequestPolicy policy, boolean fractional) {
    if (policy == null) {
      return false;
    }
    if (policy.defaultValue() != null && requested.compareTo(policy.defaultValue().value()) == 0) {
      return false;
    }
    CapacityRequestPolicyRange range = policy.validRange();
    if (range != null) {
      if (range.max() != null && requested.compareTo(range.max().value()) > 0) {
        return true;
      }
      if (range.step() != null) {
        int digits = useMilli(range, fractional) ? 3 : 0;
        long req = units(requested, digits);
        long step = units(range.step().value(), digits);
        long min = range.min() == null ? 0 : units(range.min().value(), digits);
        return (req - min) % step != 0;
      }
      return false;
    }
    if (!policy.validValues().isEmpty()) {
      for (Quantity v : policy.validValues()) {
        if (requested.compareTo(v.value()) == 0) {
          return false;
        }
      }
      return true;
    }
    return false;
  }
}
