package io.github.dra4j.cli;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
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
      "Checks objects against the resource.k8s.io validation rules.",
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

  @Option(names = {"-f", "--filename"}, required = true, paramLabel = "FILE",
      description = "YAML (multi-document or kind: List) or JSON input. '-' reads standard "
          + "input. Repeatable.")
  List<String> files = new ArrayList<>();

  ValidateCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    Input input = Input.read(validation.codec(ctx), files, ctx.in);
    List<String> lines = new ArrayList<>();
    for (Input.Item item : input.items()) {
      Object o = item.object();
      List<FieldError> errors;
      if (o instanceof ResourceSlice) {
        errors = Validator.validate((ResourceSlice) o);
      } else if (o instanceof ResourceClaim) {
        errors = Validator.validate((ResourceClaim) o);
      } else if (o instanceof DeviceClass) {
        errors = Validator.validate((DeviceClass) o);
      } else if (o instanceof Node) {
        errors = List.of();
      } else {
        lines.add(item.ref() + ": kind: unsupported kind (" + item.where()
            + "); dra4j reads Node, DeviceClass, ResourceSlice and ResourceClaim");
        continue;
      }
      for (FieldError e : errors) {
        lines.add(item.ref() + ": " + e);
      }
    }
    if (lines.isEmpty()) {
      ctx.out.println(input.items().size() + (input.items().size() == 1 ? " object" : " objects") + " valid");
      return Dra4j.EXIT_OK;
    }
    lines.forEach(ctx.err::println);
    return Dra4j.EXIT_ERROR;
  }
}
