package io.github.dra4j.cli;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.UnknownObject;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.NodeScorer;
import io.github.dra4j.core.PodScheduler;
import io.github.dra4j.core.SchedulingResult;
import io.github.dra4j.core.StructuredAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "schedule",
    mixinStandardHelpOptions = true,
    description = {
      "Places the input's pending Pods (those without spec.nodeName) on its Nodes, as "
          + "kube-scheduler's DynamicResources plugin does: claims named by the pods, claims made "
          + "from ResourceClaimTemplates, and claims for extended resources that a DeviceClass "
          + "backs are allocated together on the chosen node; higher spec.priority goes first.",
      "",
      "Deployments, ReplicaSets, StatefulSets (apps/v1) and Jobs (batch/v1) become the pods their "
          + "controllers would create from spec.template: spec.replicas of them (a Job: "
          + "spec.parallelism, at most spec.completions; default 1), named <workload>-<i>. A "
          + "DaemonSet (apps/v1) has one pod per node its template admits, <workload>-<node>.",
      "",
      "Exit 0: every pending pod was placed. stdout holds the pending pods in input order with "
          + "spec.nodeName and their claim statuses set, then every claim allocated or reserved "
          + "in this run, generated ones included.",
      "Exit 1: some pod was not placed; stdout is as above (unplaced pods as given), stderr has "
          + "one line per unplaced pod in kube-scheduler's words.",
      "Exit 2: invalid input or allocation error; stderr names the file, document, object and "
          + "field path."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j schedule -f demo.yaml -f deviceclasses.yaml -f node.yaml -f resourceslice-gpu.yaml",
      "  dra4j schedule --scorer least-allocated -o json -f cluster.yaml -f pods.yaml",
      "  dra4j schedule --feature-gates DRAExtendedResource=false --explain -f cluster.yaml"
    })
final class ScheduleCommand implements Callable<Integer> {
  /** The gate of extended resources backed by DRA; a scheduling gate, so it is not a core {@link Features} gate. */
  static final String EXTENDED_RESOURCE_GATE = "DRAExtendedResource";
  /** From this many pending pods on, a terminal shows a progress bar. */
  private static final int PROGRESS_THRESHOLD = 100;

  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Option(names = "--feature-gates", paramLabel = "K=V,...",
      description = "Kubernetes feature gates, e.g. DRAExtendedResource=false. Unspecified gates "
          + "keep the library default (all on). Known: DRAExtendedResource and those of allocate.")
  List<String> featureGates = new ArrayList<>();

  @Mixin InputOptions inputOptions = new InputOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Option(names = {"-q", "--quiet"},
      description = "Do not print the count of objects skipped because scheduling does not use their kind.")
  boolean quiet;

  @Mixin OutputOption output = new OutputOption();

  @Option(names = "--scorer", paramLabel = "NAME", defaultValue = "first",
      description = "How a node is chosen among those that fit: first (default: the first in "
          + "input order), most-allocated (pack) or least-allocated (spread); see docs/scheduling.md.")
  String scorer = "first";

  @Option(names = "--explain", description = "For each pod not placed, say why per node and "
      + "explain the first node where its claims did not fit.")
  boolean explain;

  ScheduleCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    boolean extendedResources = extendedResourceGate(featureGates);
    Features features = FeatureGates.parse(withoutExtendedResourceGate(featureGates));
    NodeScorer nodeScorer;
    try {
      nodeScorer = NodeScorer.named(scorer);
    } catch (IllegalArgumentException e) {
      throw new CliException("--scorer: " + e.getMessage(), e);
    }
    KubernetesCodec codec = validation.codec(ctx);
    Input input = inputOptions.read(codec, ctx);
    String skipped = input.skippedNotice(Workloads::isWorkload);
    if (skipped != null && !quiet) {
      ctx.err.println(skipped);
    }

    // A DaemonSet's pods depend on the nodes, wherever in the input they are.
    List<Node> nodes = input.all(Node.class);
    List<ResourceSlice> slices = input.all(ResourceSlice.class);
    List<DeviceClass> classes = input.all(DeviceClass.class);
    List<ResourceClaim> claims = input.all(ResourceClaim.class);
    List<ResourceClaimTemplate> templates = input.all(ResourceClaimTemplate.class);
    List<DeviceTaintRule> taintRules = input.all(DeviceTaintRule.class);
    // Pods and the pods of workloads, in input order; other kinds were counted in the skipped notice.
    List<Pod> pods = new ArrayList<>();
    for (Input.Item item : input.items()) {
      Object o = item.object();
      if (o instanceof Pod) {
        Pod pod = (Pod) o;
        if (pod.name() == null) {
          throw new CliException(item.where() + ": Pod: metadata.name: Required value");
        }
        pods.add(pod);
      } else if (o instanceof UnknownObject && Workloads.isWorkload((UnknownObject) o)) {
        pods.addAll(Workloads.expand(item, codec, nodes, w -> ctx.err.println("warning: " + w)));
      }
    }
    if (nodes.isEmpty()) {
      throw new CliException("no Node in the input; add the Node objects (name and labels) with -f");
    }

    List<SchedulingResult> results;
    try {
      StructuredAllocator allocator = StructuredAllocator.builder()
          .features(features)
          .selectorCompiler(CelCompiler.create())
          .build();
      PodScheduler scheduler = PodScheduler.builder(allocator)
          .nodes(nodes).slices(slices).classes(classes).claims(claims).templates(templates)
          .taintRules(taintRules)
          .scorer(nodeScorer)
          .extendedResources(extendedResources)
          .build();
      results = scheduleWithProgress(scheduler, pods);
    } catch (AllocationException e) {
      throw new CliException(AllocateCommand.describe(e, input), e);
    }

    List<Object> out = new ArrayList<>();
    Set<String> touched = new HashSet<>();
    boolean allPlaced = true;
    for (SchedulingResult r : results) {
      out.add(r.pod());
      if (r instanceof SchedulingResult.Scheduled) {
        for (ResourceClaim c : ((SchedulingResult.Scheduled) r).claims()) {
          touched.add(c.metadata().namespace() + "/" + c.name());
        }
      } else {
        allPlaced = false;
      }
    }
    for (ResourceClaim c : finalClaims(results)) {
      if (touched.contains(c.metadata().namespace() + "/" + c.name())) {
        out.add(c);
      }
    }
    output.print(ctx, out);

    for (SchedulingResult r : results) {
      if (r instanceof SchedulingResult.Unschedulable) {
        report((SchedulingResult.Unschedulable) r);
      }
    }
    return allPlaced ? Dra4j.EXIT_OK : Dra4j.EXIT_UNSATISFIABLE;
  }

  /* The claims each placement left, last state wins, in the order the scheduler keeps them. */
  private List<ResourceClaim> finalClaims(List<SchedulingResult> results) {
    Map<String, ResourceClaim> latest = new LinkedHashMap<>();
    for (SchedulingResult r : results) {
      if (r instanceof SchedulingResult.Scheduled) {
        for (ResourceClaim c : ((SchedulingResult.Scheduled) r).claims()) {
          latest.put(c.metadata().namespace() + "/" + c.name(), c);
        }
      }
    }
    return List.copyOf(latest.values());
  }

  private void report(SchedulingResult.Unschedulable u) {
    String namespace = u.pod().namespace();
    String pod = "pod " + (namespace == null || namespace.isEmpty() ? "default" : namespace) + "/" + u.pod().name();
    if (explain) {
      ctx.err.println(pod + ":");
      u.reasons().forEach((node, why) -> ctx.err.println("  node " + node + ": " + why));
      if (u.explanation() != null) {
        ctx.err.println(u.explanation().details());
      }
    }
    ctx.err.println(pod + ": " + u.message());
  }

  private List<SchedulingResult> scheduleWithProgress(PodScheduler scheduler, List<Pod> pods) {
    long pending = pods.stream().filter(p -> p.spec().nodeName() == null).count();
    if (pending < PROGRESS_THRESHOLD || ctx.err != System.err || !stderrIsTerminal()) {
      return scheduler.scheduleAll(pods);
    }
    try (ProgressBar bar = new ProgressBarBuilder()
        .setTaskName("scheduling")
        .setInitialMax(pending)
        .setStyle(ProgressBarStyle.ASCII)
        .continuousUpdate()
        .build()) {
      Consumer<SchedulingResult> step = r -> bar.step();
      return scheduler.scheduleAll(pods, step);
    }
  }

  /* Java cannot ask whether one stream is a terminal; on Linux, fd 2 then links to a tty device. */
  static boolean stderrIsTerminal() {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return false;
    }
  }

  /** {@return the value of DRAExtendedResource in the gate options, true when not given} */
  static boolean extendedResourceGate(List<String> specs) {
    @Nullable Boolean value = null;
    for (String spec : specs) {
      for (String entry : spec.split(",", -1)) {
        int eq = entry.indexOf('=');
        if (eq > 0 && entry.substring(0, eq).strip().equals(EXTENDED_RESOURCE_GATE)) {
          value = FeatureGates.parseBool(EXTENDED_RESOURCE_GATE, entry.substring(eq + 1).strip());
        }
      }
    }
    return value == null || value;
  }

  private static List<String> withoutExtendedResourceGate(List<String> specs) {
    List<String> out = new ArrayList<>();
    for (String spec : specs) {
      StringJoiner kept = new StringJoiner(",");
      for (String entry : spec.split(",", -1)) {
        int eq = entry.indexOf('=');
        if (!(eq > 0 && entry.substring(0, eq).strip().equals(EXTENDED_RESOURCE_GATE))) {
          kept.add(entry);
        }
      }
      out.add(kept.toString());
    }
    return out;
  }
}
