package io.github.dra4j.cli;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import io.github.dra4j.api.validation.Validator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Checks objects against the resource.k8s.io validation rules, CEL selectors included.",
      "The rules include mixins and partitionable devices. Exit 0 when all are valid; exit 2 "
          + "with one line per error on stderr:",
      "  <kind>/<name>: <field path>: <message>"
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j validate -f docs/examples/a100-mixins.yaml",
      "  kubectl get resourceslices -o yaml | dra4j validate -f -"
    })
final class ValidateCommand implements Callable<Integer> {
  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Mixin InputOptions inputOptions = new InputOptions();
  @Option(names = {"-q", "--quiet"},
      description = "Do not print the count of objects skipped because allocation does not use their kind.")
  boolean quiet;

  @Mixin FeatureGates gates = new FeatureGates();

  ValidateCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    Input input = inputOptions.read(validation.codec(ctx), ctx);
    String skipped = input.skippedNotice();
    if (skipped != null && !quiet) {
      ctx.err.println(skipped);
    }
    SelectorCheck selectors = new SelectorCheck(gates.features());
    List<String> lines = new ArrayList<>();
    int checked = 0;
    for (Input.Item item : input.items()) {
      Object o = item.object();
      List<FieldError> errors;
      if (o instanceof ResourceSlice) {
        errors = Validator.validate((ResourceSlice) o);
      } else if (o instanceof ResourceClaim) {
        ResourceClaim claim = (ResourceClaim) o;
        errors = concat(Validator.validate(claim),
            selectors.check(claim.spec().devices(), FieldPath.of("spec", "devices")));
      } else if (o instanceof DeviceClass) {
        errors = concat(Validator.validate((DeviceClass) o), selectors.check((DeviceClass) o));
      } else if (o instanceof DeviceTaintRule) {
        errors = Validator.validate((DeviceTaintRule) o);
      } else if (o instanceof Node) {
        errors = List.of();
      } else if (o instanceof ResourceClaimTemplate) {
        ResourceClaimTemplate template = (ResourceClaimTemplate) o;
        errors = concat(Validator.validate(template),
            selectors.check(template.spec().spec().devices(), FieldPath.of("spec", "spec", "devices")));
      } else if (o instanceof Pod) {
        errors = Validator.validate((Pod) o);
      } else {
        // Counted in the skipped notice.
        continue;
      }
      checked++;
      for (FieldError e : errors) {
        lines.add(item.ref() + ": " + e);
      }
    }
    if (lines.isEmpty()) {
      ctx.out.println(checked + (checked == 1 ? " object" : " objects") + " valid");
      return Dra4j.EXIT_OK;
    }
    lines.forEach(ctx.err::println);
    return Dra4j.EXIT_ERROR;
  }

  /* The selector errors, except where validation already refused the expression (too long: the API server does not compile it). */
  private static List<FieldError> concat(List<FieldError> first, List<FieldError> second) {
    if (second.isEmpty()) {
      return first;
    }
    List<FieldError> all = new ArrayList<>(first);
    for (FieldError e : second) {
      if (first.stream().noneMatch(f -> f.field().equals(e.field()))) {
        all.add(e);
      }
    }
    return all;
  }
}
