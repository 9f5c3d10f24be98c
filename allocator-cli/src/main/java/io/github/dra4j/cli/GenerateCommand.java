package io.github.dra4j.cli;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.simulation.ClusterGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = {
      "Makes a cluster of N nodes from one: prints N copies of the input's Node and its "
          + "ResourceSlices, renamed so that every copy is a node of its own, for tests, "
          + "benchmarks and capacity questions at a fleet's size.",
      "Copy i (from 0) is the node <node>-<i>, each slice <slice>-<i> in pool <pool>-<i>; "
          + "spec.nodeName, node selectors that name the node (metadata.name, "
          + "kubernetes.io/hostname) and owner references follow. The other objects of the input "
          + "(DeviceClasses, claims, slices of other or all nodes) are printed once, first, "
          + "unchanged."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j generate --nodes 1000 -f docs/examples/dgx-a100-mig.yaml > dgx-1000.yaml",
      "  dra4j allocate --node dgx-1-999 -f dgx-1000.yaml"
    })
final class GenerateCommand implements Callable<Integer> {
  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Mixin InputOptions inputOptions = new InputOptions();

  @Mixin OutputOption output = new OutputOption();

  @Option(names = {"-n", "--nodes"}, required = true, paramLabel = "N",
      description = "How many copies of the node to make (at least 1).")
  int nodes;

  @Option(names = "--node", paramLabel = "NAME",
      description = "The node to copy; needed only when the input has several Nodes.")
  @Nullable String node;

  GenerateCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    if (nodes < 1) {
      throw new CliException("--nodes must be at least 1, got " + nodes);
    }
    Input input = inputOptions.read(validation.codec(ctx), ctx);
    Node template = template(input.cluster(validation.codec(ctx), false, ctx::warn).nodes());
    List<Object> others = new ArrayList<>();
    input.items().forEach(item -> others.add(item.object()));
    ClusterGenerator generator;
    try {
      generator = ClusterGenerator.of(template, others);
    } catch (IllegalArgumentException e) {
      throw new CliException(String.valueOf(e.getMessage()), e);
    }
    if (generator.slices().isEmpty()) {
      ctx.err.println("warning: no ResourceSlice of the input is on node " + template.name()
          + " (by spec.nodeName, a node selector or a device's); the copies have no devices");
    }
    write(ctx.codec, generator);
    return Dra4j.EXIT_OK;
  }

  private Node template(List<Node> all) {
    if (node != null) {
      for (Node n : all) {
        if (node.equals(n.name())) {
          return n;
        }
      }
      throw new CliException("--node " + node + ": no Node of this name in the input" + names(all));
    }
    if (all.size() == 1) {
      return all.get(0);
    }
    throw new CliException(all.isEmpty()
        ? "the input has no Node: generate copies one Node and the ResourceSlices on it"
        : "the input has " + all.size() + " Nodes; --node names the one to copy" + names(all));
  }

  private static String names(List<Node> all) {
    return all.isEmpty() ? "" : " (" + all.stream().map(Node::name).collect(Collectors.joining(", ")) + ")";
  }

  /*
   * Object by object, copy by copy: a thousand DGX nodes make hundreds of megabytes of text,
   * which need not be held at once. JSON is the one List object -o json always prints.
   */
  private void write(KubernetesCodec codec, ClusterGenerator generator) {
    boolean json = output.format == OutputFormat.JSON;
    int written = 0;
    if (json) {
      ctx.out.print("{\"apiVersion\":\"v1\",\"kind\":\"List\",\"items\":[");
    }
    for (int i = -1; i < nodes; i++) {
      for (Object o : i < 0 ? generator.shared() : generator.copy(i)) {
        if (json) {
          ctx.out.print((written++ == 0 ? "\n" : ",\n") + codec.writeJson(o));
        } else {
          ctx.out.print(codec.writeYaml(List.of(o)));
        }
      }
    }
    if (json) {
      ctx.out.print("\n]}\n");
    }
    ctx.out.flush();
  }
}
