package io.github.dra4j.api.validation.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.validation.Validator;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Fuzzes the Validator on every object the codec accepts: validation never throws, and every
 * error it reports has a field path and a message ({@code <path>: <type text>[: value][: detail]},
 * as Kubernetes prints a field error).
 *
 * <p>{@code mvn verify} replays the seed corpus in {@code ValidatorFuzzTestInputs/validate};
 * {@code docs/robustness.md} gives the fuzzing command.
 */
final class ValidatorFuzzTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  @FuzzTest(maxDuration = "2m")
  void validate(byte[] data) {
    List<Object> objects;
    try {
      objects = CODEC.readAll(new String(data, StandardCharsets.UTF_8), "fuzz.yaml");
    } catch (DecodeException e) {
      return;
    }
    for (Object o : objects) {
      List<FieldError> errors;
      if (o instanceof ResourceSlice) {
        errors = Validator.validate((ResourceSlice) o);
      } else if (o instanceof ResourceClaim) {
        errors = Validator.validate((ResourceClaim) o);
      } else if (o instanceof DeviceClass) {
        errors = Validator.validate((DeviceClass) o);
      } else if (o instanceof ResourceClaimTemplate) {
        errors = Validator.validate((ResourceClaimTemplate) o);
      } else if (o instanceof DeviceTaintRule) {
        errors = Validator.validate((DeviceTaintRule) o);
      } else if (o instanceof Pod) {
        errors = Validator.validate((Pod) o);
      } else {
        continue;
      }
      for (FieldError error : errors) {
        String path = error.field().toString();
        assertThat(path).as("the field path of %s", error).isNotBlank();
        assertThat(error.type().text()).as("the message of %s", error).isNotBlank();
        assertThat(error.toString()).as("printed as <path>: <message>").startsWith(path + ": " + error.type().text());
        if (error.type() != FieldError.Type.DUPLICATE && error.type() != FieldError.Type.REQUIRED
            && error.badValue() == null) {
          assertThat(error.detail()).as("what is wrong with %s", path).isNotBlank();
        }
      }
    }
  }
}
