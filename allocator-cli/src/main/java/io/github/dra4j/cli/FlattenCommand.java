package io.github.dra4j.cli;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.MixinFlattener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(
    name = "flatten",
    mixinStandardHelpOptions = true,
    description = {
      "Prints ResourceSlices with their mixins (KEP-5234) applied.",
      "spec.mixins and every includes list are removed, as a cluster without the "
          + "DRAResourceSliceMixins gate would need them. Other objects pass through unchanged."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j flatten -f docs/examples/a100-mixins.yaml",
      "  dra4j flatten -f slices.yaml -o json"
    })
final class FlattenCommand implements Callable<Integer> {
  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Mixin InputOptions inputOptions = new InputOptions();

  @Mixin OutputOption output = new OutputOption();

  FlattenCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    KubernetesCodec codec = validation.codec(ctx);
    Input input = inputOptions.read(codec, ctx);
    // Refuses two objects of one kind, namespace and name, as every command does.
    Cluster unused = input.cluster(codec, false, ctx::warn);
    List<Object> out = new ArrayList<>();
    for (Input.Item item : input.items()) {
      if (item.object() instanceof ResourceSlice) {
        try {
          out.add(MixinFlattener.flatten((ResourceSlice) item.object()));
        } catch (IllegalArgumentException e) {
          throw new CliException(item.where() + ": " + e.getMessage(), e);
        }
      } else {
        out.add(item.object());
      }
    }
    output.print(ctx, out);
    return Dra4j.EXIT_OK;
  }
}
