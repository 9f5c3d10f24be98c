package io.github.dra4j.api.validation.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.validation.Validator;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Fuzzes the Validator on every object the codec accepts: validation never throws, and every
 * error it reports has a field path and a message.
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
      } else {
        continue;
      }
      for (FieldError error : errors) {
        assertThat(error.toString()).isNotBlank();
      }
    }
  }
}
