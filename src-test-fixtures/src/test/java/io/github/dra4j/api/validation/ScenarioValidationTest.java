package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.testing.Scenario;
import io.github.dra4j.testing.Scenarios;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * Runs the validator over every conformance scenario. Many scenarios come from the Go
 * allocator tests, which never pass API validation (names like "capacity-0" or "subReq-0",
 * request policies larger than the capacity): every error must be one of those known kinds,
 * so that a new rule cannot start rejecting valid input unnoticed. The scenarios made from
 * the KEPs must validate cleanly, and the deliberately invalid ones must report their error.
 */
final class ScenarioValidationTest {

  /** Errors that the scenarios inherit from the Go allocator tests or expect on purpose. */
  private static final List<Pattern> KNOWN = Stream.of(
      // Go test data names that are not API names.
      ".*: Invalid value: \"capacity-\\d\": a valid C identifier .*",
      ".*: Invalid value: \"subReq-\\d\": a lowercase RFC 1123 label .*",
      // Go test request policies of consumable capacity.
      ".*requestPolicy.validRange.max: Invalid value: \"4\": max is larger than capacity value: 2",
      ".*requestPolicy.validRange.step: Invalid value: \"2\": one step 4 is larger than capacity"
          + " value: 2",
      ".*requestPolicy: Forbidden: allowMultipleAllocations must be true",
      // Go test claims that set a count with allocation mode All.
      ".*\\.count: Invalid value: 1: must not be specified when allocationMode is 'All'",
      // Go test devices with binding conditions only.
      ".*bindingFailureConditions: Invalid value: \\[\\]: bindingFailureConditions are required"
          + " to use bindingConditions",
      // Scenarios that expect the allocator to fail on this input.
      ".*deviceClassName: Required value",
      ".*selectors\\[0\\]\\.cel: Required value",
      ".*allocationMode: Unsupported value: \"future-mode\".*",
      ".*attributes\\[stringAttribute\\]\\.strings: Invalid value: \\[\\]: must not be empty if"
          + " specified",
      ".*includes\\[\\d\\]: Not found: \"missing-.*",
      "spec.devices\\[0\\]: Invalid value: 33: the total number of attributes and capacities"
          + " must not exceed 32",
      "spec.sharedCounters\\[0\\]\\.counters: Required value")
      .map(Pattern::compile).toList();

  /* Loaded once: parsing all scenarios dominates the run time. */
  private static final List<Scenario> ALL = Scenarios.all();

  static List<Scenario> scenarios() {
    return ALL;
  }

  private static List<String> errors(Scenario s) {
    List<String> out = new ArrayList<>();
    for (Object o : s.objects()) {
      List<FieldError> errs = List.of();
      if (o instanceof ResourceSlice) {
        errs = Validator.validate((ResourceSlice) o);
      } else if (o instanceof ResourceClaim) {
        errs = Validator.validate((ResourceClaim) o);
      } else if (o instanceof DeviceClass) {
        errs = Validator.validate((DeviceClass) o);
      }
      errs.forEach(e -> out.add(e.toString()));
    }
    return out;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void scenario_reportsOnlyKnownErrors(Scenario s) {
    assertThat(errors(s)).allSatisfy(e -> assertThat(KNOWN)
        .as("unexpected validation error %s", e).anyMatch(p -> p.matcher(e).matches()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void kepScenario_isValid(Scenario s) {
    boolean fromKeps = s.name().startsWith("partitions-") || s.name().startsWith("mixins-");
    boolean invalidOnPurpose = s.name().contains("invalid") || s.name().contains("-error");
    if (fromKeps && !invalidOnPurpose) {
      assertThat(errors(s)).isEmpty();
    }
  }

  @Test
  void flattenedLimitScenario_reportsTheLimit() {
    assertThat(errors(Scenarios.load("mixins-limit-flattened-33-error"))).containsExactly(
        "spec.devices[0]: Invalid value: 33: the total number of attributes and capacities must"
            + " not exceed 32");
    assertThat(errors(Scenarios.load("mixins-limit-flattened-overlap-exactly-32"))).isEmpty();
    assertThat(errors(Scenarios.load("mixins-limit-eight-includes-ok"))).isEmpty();
  }

  @Test
  void undefinedIncludeScenario_reportsTheMissingMixin() {
    assertThat(errors(Scenarios.load("mixins-invalid-device-include-undefined-error")))
        .containsExactly("spec.devices[0].includes[1]: Not found: \"missing-attrs\": must be the"
            + " name of a device mixin in this ResourceSlice");
  }
}
