package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceSpec;
import io.github.dra4j.api.field.FieldError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/*
 * The public entry points on hand-built records. Every rule is covered by the tables in
 * src-test-fixtures (SliceValidatorTest, ClaimValidatorTest), which use the test builders.
 */
final class ValidatorTest {

  private static Device device(String name, Map<String, DeviceAttribute> attributes,
      List<String> includes) {
    return new Device(name, attributes, Map.of(), List.of(), includes, null, null, false,
        List.of(), List.of(), List.of(), false, false);
  }

  private static ResourceSlice slice(String nodeName, List<Device> devices) {
    return new ResourceSlice(ObjectMeta.named("slice-1"), new ResourceSliceSpec("driver-a",
        ResourcePool.of("pool-1", 1, 1), nodeName, null, false, false, devices, List.of(),
        null));
  }

  @Test
  void validSlice_hasNoErrors() {
    assertThat(Validator.validate(slice("node-1",
        List.of(device("gpu-0", Map.of("model", DeviceAttribute.ofString("a100")), List.of())))))
        .isEmpty();
  }

  @Test
  void invalidSlice_reportsEveryErrorWithItsPath() {
    ResourceSlice bad = slice(null, List.of(
        device("GPU", Map.of("v", DeviceAttribute.ofVersion("1.0")), List.of("nope"))));
    assertThat(Validator.validate(bad)).extracting(FieldError::toString).containsExactly(
        "spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`,"
            + " `perDeviceNodeSelection` is required",
        "spec.devices[0].name: Invalid value: \"GPU\": " + Formats.LABEL_MSG,
        "spec.devices[0].includes[0]: Not found: \"nope\": must be the name of a device mixin"
            + " in this ResourceSlice",
        "spec.devices[0].attributes[v].version: Invalid value: \"1.0\": "
            + Formats.SEMVER_MSG);
  }

  @Test
  void claimAndClass_invalidCountIsReported_validClassHasNoErrors() {
    ResourceClaim claim = new ResourceClaim(ObjectMeta.named("default", "claim-0"),
        new ResourceClaimSpec(new DeviceClaim(List.of(new DeviceRequest("req-0",
            new ExactDeviceRequest("class-a", List.of(), null, 0L, null, List.of(), null),
            List.of())), List.of(), List.of())), null);
    assertThat(Validator.validate(claim)).extracting(FieldError::toString).containsExactly(
        "spec.devices.requests[0].exactly.count: Invalid value: 0: must be greater than zero");
    DeviceClass deviceClass = new DeviceClass(ObjectMeta.named("class-a"),
        new DeviceClassSpec(List.of(DeviceSelector.cel("device.driver == 'driver-a'")),
            List.of(), null));
    assertThat(Validator.validate(deviceClass)).isEmpty();
  }
}
