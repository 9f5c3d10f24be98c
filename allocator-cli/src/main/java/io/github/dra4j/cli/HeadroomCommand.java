package io.github.dra4j.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.simulation.Headroom;
import io.github.dra4j.simulation.HeadroomResult;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "headroom",
    mixinStandardHelpOptions = true,
    description = {
      "How many more pods of a shape fit on the cluster as it is, in all, per node group and per "
          + "node, and what stops each node from taking one more (a counter and its counter set, "
          + "devices in use, no matching device, or the scheduler filter that rejects the node). "
          + "Defined as placing copies one after another with the scheduler until the first stays "
          + "pending (see docs/simulation.md).",
      "",
      "The shapes are the input's pending Pods (-f: their claims from the input's "
          + "ResourceClaimTemplates or extended resources), or the pod kinds of a Simulation "
          + "document (--simulation: its cluster and node groups, empty).",
      "",
      "Exit 0: the question was answered (no headroom is an answer).",
      "Exit 2: invalid input; stderr names the file, document, object and field path."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j headroom --simulation docs/examples/simulation/dgx-mig.yaml",
      "  dra4j headroom --simulation sim.yaml --kind training-3g -o json",
      "  dra4j headroom -f cluster/ -f pod.yaml --group-label node.kubernetes.io/instance-type"
    })
final class HeadroomCommand implements Callable<Integer> {
  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Mixin FeatureGates gates = new FeatureGates();

  @Mixin SchedulerConfigOption schedulerConfig = new SchedulerConfigOption();

  @Option(names = {"-f", "--filename"}, paramLabel = "FILE", split = ",",
      description = "The cluster's objects and the Pods to ask about, as for schedule (files, directories, '-').")
  List<String> files = new ArrayList<>();

  @Option(names = {"-R", "--recursive"}, description = "Also read the subdirectories of the directories given with -f.")
  boolean recursive;

  @Option(names = "--simulation", paramLabel = "FILE",
      description = "A Simulation document: its cluster and node groups, and its pod kinds as the shapes.")
  @Nullable Path simulation;

  @Option(names = "--kind", paramLabel = "NAME", split = ",",
      description = "Only these pod kinds (or Pods, by name); default: all.")
  List<String> kinds = new ArrayList<>();

  @Option(names = "--group-label", paramLabel = "KEY",
      description = "With -f: sum per value of this node label (nodes without it: group 'cluster').")
  @Nullable String groupLabel;

  @Option(names = "--max-per-node", paramLabel = "N", defaultValue = "" + Headroom.DEFAULT_MAX_PER_NODE,
      description = "Stop counting a node at N pods (default ${DEFAULT-VALUE}): a pod without claims fits without end.")
  int maxPerNode = Headroom.DEFAULT_MAX_PER_NODE;

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
      description = "text (default) or json (every node).")
  String output = "text";

  HeadroomCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() throws IOException {
    if (!output.equals("text") && !output.equals("json")) {
      throw new CliException("-o: unknown format \"" + output + "\"; known: text, json");
    }
    if ((simulation == null) == files.isEmpty()) {
      throw new CliException("give either -f (the cluster and the Pods to ask about) or --simulation FILE");
    }
    if (maxPerNode < 1) {
      throw new CliException("--max-per-node: must be at least 1, got " + maxPerNode);
    }
    StructuredAllocator allocator = StructuredAllocator.builder()
        .features(gates.features()).selectorCompiler(CelCompiler.create()).build();
    KubernetesCodec codec = validation.codec(ctx);
    SchedulerConfiguration config = schedulerConfig.read(codec);
    Headroom.Builder builder = Headroom.builder(allocator).maxPerNode(maxPerNode)
        .scheduler(gates.scheduler().andThen(b -> b.configuration(config)));
    List<PodKind> shapes = simulation != null ? fromSimulation(simulation, codec, builder) : fromFiles(codec, builder);
    List<PodKind> asked = selected(shapes);
    Headroom headroom = builder.build();
    List<HeadroomResult> results = new ArrayList<>();
    for (PodKind k : asked) {
      try {
        results.add(headroom.of(k));
      } catch (AllocationException e) {
        throw new CliException("pod kind " + k.name() + ": " + e.getMessage(), e);
      }
    }
    ctx.out.print(output.equals("json") ? json(results) : text(headroom.cluster(), results));
    return Dra4j.EXIT_OK;
  }

  private List<PodKind> fromSimulation(Path file, KubernetesCodec codec, Headroom.Builder builder) throws IOException {
    SimulationSpec spec;
    try {
      spec = SimulationReader.read(file, codec);
    } catch (NoSuchFileException e) {
      throw new CliException(file + ": no such file", e);
    } catch (DecodeException e) {
      throw new CliException(String.valueOf(e.getMessage()), e);
    }
    try {
      builder.spec(spec);
    } catch (IllegalArgumentException e) {
      throw new CliException(file + " (Simulation/" + spec.name() + "): " + e.getMessage(), e);
    }
    return spec.arrivals().kinds();
  }

  private List<PodKind> fromFiles(KubernetesCodec codec, Headroom.Builder builder) {
    Input input = Input.read(codec, files, recursive, ctx.in);
    Cluster cluster = input.cluster(codec, false, ctx::warn);
    if (cluster.nodes().isEmpty()) {
      throw new CliException("no Node in the input; add the Node objects (name and labels) with -f");
    }
    List<PodKind> shapes = new ArrayList<>();
    for (Input.Item item : input.items()) {
      if (item.object() instanceof Pod p && p.spec().nodeName() == null) {
        if (p.name() == null) {
          throw new CliException(item.where() + ": Pod: metadata.name: Required value");
        }
        try {
          shapes.add(new PodKind(p.name(), p, List.of(), 1, null));
        } catch (IllegalArgumentException e) {
          throw new CliException(item.where() + ": " + e.getMessage(), e);
        }
      }
    }
    if (shapes.isEmpty()) {
      throw new CliException("no pending Pod in the input: add the Pod to ask about (without spec.nodeName) with -f");
    }
    builder.cluster(cluster);
    if (groupLabel != null) {
      Map<String, String> groups = new HashMap<>();
      for (Node n : cluster.nodes()) {
        String value = n.metadata().labels().get(groupLabel);
        if (value != null) {
          groups.put(n.name(), value);
        }
      }
      builder.groups(groups);
    }
    return shapes;
  }

  private List<PodKind> selected(List<PodKind> shapes) {
    if (kinds.isEmpty()) {
      return shapes;
    }
    List<PodKind> out = new ArrayList<>();
    for (String name : kinds) {
      PodKind found = shapes.stream().filter(k -> k.name().equals(name)).findFirst().orElse(null);
      if (found == null) {
        throw new CliException("--kind: no pod kind named \"" + name + "\"; known: "
            + shapes.stream().map(PodKind::name).toList());
      }
      out.add(found);
    }
    return out;
  }

  /* ---------------- text ---------------- */

  static String text(Cluster cluster, List<HeadroomResult> results) {
    StringBuilder sb = new StringBuilder();
    sb.append("headroom on ").append(cluster.nodes().size()).append(" nodes, placing copies until the first stays pending\n");
    for (HeadroomResult r : results) {
      sb.append('\n').append(r.kind()).append(": ").append(r.total()).append(" more fit")
          .append(r.capped() ? " (at least: some node reached --max-per-node)" : "").append('\n');
      r.groups().forEach((g, n) -> sb.append("  [").append(g).append("] ").append(n).append('\n'));
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"node", "fit", "limit"});
      // Consecutive nodes with the same answer share one row: a uniform group is one line.
      List<HeadroomResult.NodeHeadroom> nodes = r.nodes();
      for (int i = 0; i < nodes.size(); ) {
        HeadroomResult.NodeHeadroom n = nodes.get(i);
        int j = i + 1;
        while (j < nodes.size() && nodes.get(j).fit() == n.fit() && nodes.get(j).limit().equals(n.limit())
            && nodes.get(j).group().equals(n.group())) {
          j++;
        }
        String name = j - i == 1 ? n.node() : n.node() + " .. " + nodes.get(j - 1).node() + " (" + (j - i) + " nodes)";
        rows.add(new String[] {name, Integer.toString(n.fit()), n.limit()});
        i = j;
      }
      int w0 = rows.stream().mapToInt(x -> x[0].length()).max().orElse(0);
      int w1 = rows.stream().mapToInt(x -> x[1].length()).max().orElse(0);
      for (String[] row : rows) {
        sb.append(String.format(Locale.ROOT, "  %-" + w0 + "s  %" + w1 + "s  %s", row[0], row[1], row[2]).stripTrailing())
            .append('\n');
      }
    }
    if (results.size() > 1) {
      Map<String, String> largest = Headroom.largestFitting(results);
      sb.append("\nlargest kind that still fits (fewest more fit, at least one):\n");
      List<String> nodeNames = results.get(0).nodes().stream().map(HeadroomResult.NodeHeadroom::node).toList();
      for (int i = 0; i < nodeNames.size(); ) {
        String kind = largest.getOrDefault(nodeNames.get(i), "none");
        int j = i + 1;
        while (j < nodeNames.size() && largest.getOrDefault(nodeNames.get(j), "none").equals(kind)) {
          j++;
        }
        String name = j - i == 1 ? nodeNames.get(i) : nodeNames.get(i) + " .. " + nodeNames.get(j - 1) + " (" + (j - i) + " nodes)";
        sb.append("  ").append(name).append(": ").append(kind).append('\n');
        i = j;
      }
    }
    return sb.toString();
  }

  /* ---------------- json ---------------- */

  static String json(List<HeadroomResult> results) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("apiVersion", SimulationReader.API_VERSION);
    root.put("kind", "HeadroomResult");
    ArrayNode kindsNode = root.putArray("kinds");
    for (HeadroomResult r : results) {
      ObjectNode k = kindsNode.addObject();
      k.put("name", r.kind()).put("total", r.total()).put("capped", r.capped());
      ObjectNode groups = k.putObject("groups");
      r.groups().forEach(groups::put);
      ArrayNode nodes = k.putArray("nodes");
      for (HeadroomResult.NodeHeadroom n : r.nodes()) {
        nodes.addObject().put("node", n.node()).put("group", n.group()).put("fit", n.fit())
            .put("limit", n.limit()).put("detail", n.detail());
      }
    }
    ObjectNode largest = root.putObject("largestFitting");
    Headroom.largestFitting(results).forEach(largest::put);
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain values always serializes", e);
    }
  }
}
