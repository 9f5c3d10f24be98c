package io.github.dra4j.cli;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodLevelResources;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.Workload;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import io.github.dra4j.api.validation.CrossObjectValidator;
import io.github.dra4j.api.validation.ObjectError;
import io.github.dra4j.api.validation.SourcedObject;
import io.github.dra4j.api.validation.Validator;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Checks objects against the resource.k8s.io validation rules, CEL selectors included, and "
          + "against each other, as one cluster.",
      "The rules include mixins and partitionable devices; across objects: duplicate names, the "
          + "slices of a pool (one generation, resourceSliceCount of them, unique device and "
          + "counter set names), and the classes, claims and templates that claims, templates "
          + "and pods name. A file that cannot be read or decoded is reported and the others are "
          + "still checked. Exit 0 when all are valid; exit 2 with one line per error on stderr:",
      "  <file>, document <n>: <kind>/<name>: <field path>: <message>"
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j validate -f docs/examples/a100-mixins.yaml",
      "  dra4j validate -R -f cluster-dump/",
      "  kubectl get deviceclasses,resourceslices -o yaml | dra4j validate -f -"
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
    SelectorCheck selectors = new SelectorCheck(gates.features());
    // With the PodLevelResources gate off the API server drops spec.resources before validating a new pod.
    boolean podLevel = gates.podLevelResources();
    List<String> lines = new ArrayList<>();
    Input input = inputOptions.readEach(validation.codec(ctx), ctx, e -> lines.add(e.getMessage()));
    String skipped = input.skippedNotice();
    if (skipped != null && !quiet) {
      ctx.err.println(skipped);
    }
    List<SourcedObject> objects = new ArrayList<>();
    IdentityHashMap<SourcedObject, List<FieldError>> own = new IdentityHashMap<>();
    for (Input.Item item : input.items()) {
      SourcedObject object = new SourcedObject(item.object(), item.source(), item.document());
      objects.add(object);
      Object read = podLevel || !(item.object() instanceof Pod) ? item.object()
          : PodLevelResources.withoutPodLevelResources((Pod) item.object());
      List<FieldError> errors = validate(read, selectors);
      if (errors != null) { // else a kind not read: counted in the skipped notice
        own.put(object, errors);
      }
    }
    // Each object's errors together, its own first: the cross-object errors name the very elements given.
    IdentityHashMap<SourcedObject, List<ObjectError>> cross = new IdentityHashMap<>();
    for (ObjectError e : CrossObjectValidator.validate(objects)) {
      cross.computeIfAbsent(e.object(), o -> new ArrayList<>()).add(e);
    }
    for (SourcedObject object : objects) {
      for (FieldError e : own.getOrDefault(object, List.of())) {
        lines.add(new ObjectError(object, e).toString());
      }
      for (ObjectError e : cross.getOrDefault(object, List.of())) {
        lines.add(e.toString());
      }
    }
    int checked = own.size();
    if (lines.isEmpty()) {
      ctx.out.println(checked + (checked == 1 ? " object" : " objects") + " valid");
      return Dra4j.EXIT_OK;
    }
    lines.forEach(ctx.err::println);
    return Dra4j.EXIT_ERROR;
  }

  /** {@return the object's own errors, or null for a kind validate does not check} */
  private static @Nullable List<FieldError> validate(Object o, SelectorCheck selectors) {
    if (o instanceof ResourceSlice) {
      return Validator.validate((ResourceSlice) o);
    } else if (o instanceof ResourceClaim) {
      ResourceClaim claim = (ResourceClaim) o;
      return concat(Validator.validate(claim), selectors.check(claim.spec().devices(), FieldPath.of("spec", "devices")));
    } else if (o instanceof DeviceClass) {
      return concat(Validator.validate((DeviceClass) o), selectors.check((DeviceClass) o));
    } else if (o instanceof DeviceTaintRule) {
      return Validator.validate((DeviceTaintRule) o);
    } else if (o instanceof Node) {
      return List.of();
    } else if (o instanceof ResourceClaimTemplate) {
      ResourceClaimTemplate template = (ResourceClaimTemplate) o;
      return concat(Validator.validate(template),
          selectors.check(template.spec().spec().devices(), FieldPath.of("spec", "spec", "devices")));
    } else if (o instanceof Pod) {
      return Validator.validate((Pod) o);
    } else if (o instanceof Workload) {
      return Validator.validate((Workload) o);
    } else if (o instanceof PodGroup) {
      return Validator.validate((PodGroup) o);
    }
    return null;
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
