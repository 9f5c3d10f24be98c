package io.github.dra4j.scheduling;

import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Builders;
import java.util.Arrays;
import java.util.List;

/* The scheduling tests' shorthands: the CEL allocator, class-a of driver-a, requests and claims. */
final class SchedulingFixtures {
  private SchedulingFixtures() {}

  static final String DRIVER = Builders.DRIVER;
  static final DeviceClass CLASS_A = Builders.deviceClass(Builders.CLASS, "device.driver == \"" + DRIVER + "\"");

  static StructuredAllocator allocator() {
    return allocator(Features.all());
  }

  static StructuredAllocator allocator(Features features) {
    return StructuredAllocator.builder().features(features).selectorCompiler(CelCompiler.create()).build();
  }

  /** {@return the CEL selector of devices whose attribute {@code type} is {@code value}} */
  static String type(String value) {
    return "device.attributes[\"" + DRIVER + "\"].type == \"" + value + "\"";
  }

  /** {@return a request of class-a for {@code count} devices ({@code ExactCount}), with CEL selectors} */
  static DeviceRequest request(String name, long count, String... selectors) {
    Builders.RequestBuilder b = Builders.request(name, Builders.CLASS, count)
        .allocationMode(DeviceAllocationMode.EXACT_COUNT);
    for (String s : selectors) {
      b.selector(s);
    }
    return b.build();
  }

  static ResourceClaim claim(String name, DeviceRequest... requests) {
    return new ResourceClaim(ObjectMeta.named(Builders.NAMESPACE, name),
        new ResourceClaimSpec(new DeviceClaim(Arrays.asList(requests), List.of(), List.of())), null);
  }
}
