package io.github.dra4j.cli;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceDerivedAttribute;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.Features;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles the CEL selectors of device classes and claims as the API server does when they are
 * created: with the environment for new expressions and its worst-case cost limit. The
 * api module's {@code Validator} cannot, because it does not depend on a CEL engine; without
 * this, {@code validate} would pass a selector that the API server refuses.
 */
final class SelectorCheck {
  /** resource.k8s.io's DeviceClaimDerivedAttributeCELMaxCost: the derived attributes of a claim together. */
  static final long DERIVED_ATTRIBUTES_MAX_COST = 1_000_000;

  private final CelCompiler compiler = CelCompiler.forNewExpressions();
  private final Features features;

  SelectorCheck(Features features) {
    this.features = features;
  }

  List<FieldError> check(DeviceClass deviceClass) {
    List<FieldError> errors = new ArrayList<>();
    selectors(deviceClass.spec().selectors(), FieldPath.of("spec", "selectors"), errors);
    return errors;
  }

  /**
   * Checks a claim's selectors.
   *
   * @param devices the claim's {@code devices}
   * @param path the path of {@code devices} ({@code spec.devices} in a claim, {@code
   *     spec.spec.devices} in a template)
   */
  List<FieldError> check(DeviceClaim devices, FieldPath path) {
    List<FieldError> errors = new ArrayList<>();
    List<DeviceRequest> requests = devices.requests();
    long[] derivedCost = {0};
    for (int i = 0; i < requests.size(); i++) {
      DeviceRequest request = requests.get(i);
      FieldPath at = path.child("requests").index(i);
      ExactDeviceRequest exactly = request.exactly();
      if (exactly != null) {
        selectors(exactly.selectors(), at.child("exactly").child("selectors"), errors);
        derived(exactly.derivedAttributes(), at.child("exactly").child("derivedAttributes"), derivedCost, errors);
      }
      List<DeviceSubRequest> subRequests = request.firstAvailable();
      for (int k = 0; k < subRequests.size(); k++) {
        FieldPath sub = at.child("firstAvailable").index(k);
        selectors(subRequests.get(k).selectors(), sub.child("selectors"), errors);
        derived(subRequests.get(k).derivedAttributes(), sub.child("derivedAttributes"), derivedCost, errors);
      }
    }
    if (derivedCost[0] > DERIVED_ATTRIBUTES_MAX_COST) {
      errors.add(FieldError.forbidden(path,
          "too complex, total cost of derived attribute CEL expressions in the claim exceeds cost limit"));
    }
    return errors;
  }

  /**
   * Compiles derived attributes (DRADerivedAttributes) as the API server does: a value type, the
   * cost limit of a selector each, and their estimates summed into {@code cost}. An expression
   * over 10 KiB is the api module's error alone, as the API server compiles no such expression.
   */
  private void derived(List<DeviceDerivedAttribute> attributes, FieldPath path, long[] cost,
      List<FieldError> errors) {
    for (int j = 0; j < attributes.size(); j++) {
      String expression = attributes.get(j).expression();
      if (expression.isEmpty() || expression.getBytes(StandardCharsets.UTF_8).length > 10 * 1024) {
        continue;
      }
      String error = compiler.compileAttribute(expression, features).compileError();
      FieldPath at = path.index(j).child("expression");
      if (error != null) {
        errors.add(error.equals(CelCompiler.TOO_COMPLEX)
            ? FieldError.forbidden(at, error)
            : FieldError.invalid(at, expression, error));
      } else {
        long c = compiler.worstCaseCost(expression, features);
        cost[0] = c >= Long.MAX_VALUE - cost[0] ? Long.MAX_VALUE : cost[0] + c;
      }
    }
  }

  private void selectors(List<DeviceSelector> selectors, FieldPath path, List<FieldError> errors) {
    for (int j = 0; j < selectors.size(); j++) {
      var cel = selectors.get(j).cel();
      if (cel == null) {
        continue;
      }
      CompiledSelector compiled = compiler.compile(cel.expression(), features);
      String error = compiled.compileError();
      if (error == null) {
        continue;
      }
      FieldPath at = path.index(j).child("cel").child("expression");
      errors.add(error.equals(CelCompiler.TOO_COMPLEX)
          ? FieldError.forbidden(at, error)
          : FieldError.invalid(at, cel.expression(), error));
    }
  }
}
