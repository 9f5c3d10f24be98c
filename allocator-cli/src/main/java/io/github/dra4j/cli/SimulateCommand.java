package io.github.dra4j.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.SimulationReader;
import io.github.dra4j.api.io.UnknownObject;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.GangSearch;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.simulation.ScaleUp;
import io.github.dra4j.simulation.Simulation;
import io.github.dra4j.simulation.SimulationResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = {
      "Capacity planning: schedules a simulation's workload (simulation.dra4j.io/v1, see "
          + "docs/simulation.md) on its cluster once per policy, every policy on the same "
          + "arrivals, and reports side by side the pods placed and pending per kind, the first "
          + "pending pod and why, utilization per node group and stranded capacity (free "
          + "devices and counters on nodes where no pod kind fits any more).",
      "",
      "Exit 0: the simulation ran (pending pods are a result, not an error).",
      "Exit 2: invalid input; stderr names the file, document, object and field path."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j simulate -f docs/examples/simulation/dgx-mig.yaml",
      "  dra4j simulate -f sim.yaml -o json",
      "  dra4j simulate -f sim.yaml --report out/   # out/index.html with PNG charts"
    })
final class SimulateCommand implements Callable<Integer> {
  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Option(names = {"-f", "--filename"}, paramLabel = "FILE", required = true,
      description = "The Simulation document; spec.cluster.files are relative to its directory.")
  Path file = Path.of("");

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
      description = "text (default: a summary, policies side by side) or json (every sample).")
  String output = "text";

  @Option(names = "--report", paramLabel = "DIR",
      description = "Also write DIR/index.html, a self-contained page with PNG charts (also written to DIR).")
  @Nullable Path report;

  @Option(names = "--load-restrictor", paramLabel = "RESTRICTOR", defaultValue = "LoadRestrictionsRootOnly",
      description = "LoadRestrictionsRootOnly (default): the files a simulation names must be in its"
          + " directory or below, symbolic links followed; LoadRestrictionsNone: anywhere (as kustomize's"
          + " option of this name).")
  LoadRestrictor loadRestrictor = LoadRestrictor.LoadRestrictionsRootOnly;

  @Option(names = "--max-pods", paramLabel = "N", defaultValue = "100000",
      description = "The largest spec.workload.count accepted (default: ${DEFAULT-VALUE}).")
  int maxPods = PodController.DEFAULT_MAX_PODS;

  @Mixin FeatureGates gates = new FeatureGates();

  @Mixin SchedulerConfigOption schedulerConfig = new SchedulerConfigOption();

  @Option(names = "--gang-search", paramLabel = "MODE", defaultValue = "default",
      description = "How the PodGroups of gang pod kinds are placed: default (as kube-scheduler's workload "
          + "scheduling cycle) or joint (when the default rejects a group, search its pods together); see "
          + "docs/scheduling.md.")
  String gangSearch = "default";
  @Mixin GangSearchBudgetOption gangSearchBudget = new GangSearchBudgetOption();

  @Option(names = "--scale-up", paramLabel = "GROUP",
      description = "Instead of one run: search the fewest nodes of this node group that leave nothing pending "
          + "(the simulation is the check, under the document's first policy), and print the curve.")
  @Nullable String scaleUp;

  @Option(names = "--max-nodes", paramLabel = "N", defaultValue = "1000",
      description = "With --scale-up: the largest node count tried (default ${DEFAULT-VALUE}).")
  int maxNodes = 1000;

  @Option(names = "--no-preemption", description = "Arrivals evict nothing. By default an arrival that fits no "
      + "node preempts lower-priority pods as kube-scheduler's DefaultPreemption does; the summary counts "
      + "preemptions and evicted pods per kind (evicted pods leave, as pending ones do).")
  boolean noPreemption;

  @Option(names = "--allow-unplaceable",
      description = "Run even when a pod kind fits no node before any arrival (a warning instead of exit 2).")
  boolean allowUnplaceable;

  /** Where the files a simulation names may be, named as kustomize names its option. */
  enum LoadRestrictor {
    LoadRestrictionsRootOnly,
    LoadRestrictionsNone
  }

  SimulateCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() throws IOException {
    if (!output.equals("text") && !output.equals("json")) {
      throw new CliException("-o: unknown format \"" + output + "\"; known: text, json");
    }
    if (maxPods < 0) {
      throw new CliException("--max-pods: must be at least 0, got " + maxPods);
    }
    if (scaleUp != null && schedulerConfig.config != null) {
      throw new CliException("--config with --scale-up: the scale-up search runs without a scheduler configuration;"
          + " run simulate --config at the node counts it finds");
    }
    if (report != null) {
      SimulationReport.checkTarget(report);
    }
    GangSearch mode = switch (gangSearch) {
      case "default" -> GangSearch.DEFAULT;
      case "joint" -> GangSearch.JOINT;
      default -> throw new CliException("--gang-search: unknown mode \"" + gangSearch + "\"; known: default, joint");
    };
    Features features = gates.features();
    SimulationSpec spec;
    try {
      spec = SimulationReader.read(file, validation.codec(ctx), SimulationReader.Options.defaults()
          .withFilesOutsideDirectory(loadRestrictor == LoadRestrictor.LoadRestrictionsNone).withMaxArrivals(maxPods),
          SimulateCommand::unknownPolicy);
    } catch (NoSuchFileException e) {
      throw new CliException(file + ": no such file", e);
    } catch (DecodeException e) {
      throw new CliException(String.valueOf(e.getMessage()), e);
    } catch (IOException e) {
      throw new CliException(file + ": cannot read: " + (Files.isDirectory(file)
          ? "a directory; -f names the Simulation file" : e.getClass().getSimpleName() + ": " + e.getMessage()), e);
    }
    SchedulerConfiguration config = schedulerConfig.read(validation.codec(ctx));
    // Every simulation of the run, and each one a scale-up search runs, gets the same gates and options.
    Consumer<PodScheduler.Builder> scheduler = gates.scheduler().andThen(b -> b.configuration(config)
        .preemption(!noPreemption));
    Consumer<Simulation.Builder> settings = b -> b.scheduler(scheduler).gangSearch(mode)
        .gangSearchBudget(gangSearchBudget.steps());
    Simulation.Builder builder = Simulation.builder(StructuredAllocator.builder()
        .features(features).selectorCompiler(CelCompiler.create()).build());
    settings.accept(builder);
    try {
      builder.cluster(spec.cluster()).arrivals(spec.arrivals()).sampleEvery(spec.sampleEvery()).timeline(spec.timeline());
      spec.nodeGroups().forEach(builder::nodeGroup);
      spec.policies().forEach(name -> builder.policy(name, NodeScorer.named(name))); // checked while reading
    } catch (IllegalArgumentException e) {
      throw new CliException(file + " (Simulation/" + spec.name() + "): " + e.getMessage(), e);
    }
    if (scaleUp != null) {
      return scaleUp(spec, features, settings);
    }
    Simulation simulation;
    try {
      simulation = builder.build();
    } catch (IllegalArgumentException e) {
      throw new CliException(file + " (Simulation/" + spec.name() + "): " + e.getMessage(), e);
    }
    SimulationResult result;
    try {
      preflight(simulation, spec);
      result = runWithProgress(simulation, spec);
    } catch (AllocationException e) {
      throw new CliException(file + " (Simulation/" + spec.name() + ")" + templateOf(e.objectRef(), spec) + ": "
          + e.getMessage(), e);
    }
    String smallest = simulation.smallestKind();
    if (output.equals("json")) {
      ctx.out.println(json(spec, simulation, result));
    } else {
      ctx.out.print(text(spec, simulation, result, smallest));
    }
    if (report != null) {
      Path page = new SimulationReport(spec, simulation, result, smallest).write(report);
      ctx.err.println("report: " + page);
    }
    return Dra4j.EXIT_OK;
  }

  private int scaleUp(SimulationSpec spec, Features features, Consumer<Simulation.Builder> settings) {
    String group = Objects.requireNonNull(scaleUp);
    if (spec.nodeGroups().stream().noneMatch(g -> g.name().equals(group))) {
      throw new CliException("--scale-up: no node group named \"" + group + "\"; known: "
          + spec.nodeGroups().stream().map(g -> g.name()).toList());
    }
    if (maxNodes < 1) {
      throw new CliException("--max-nodes: must be at least 1, got " + maxNodes);
    }
    String policy = spec.policies().get(0);
    ScaleUp.Result r;
    try {
      r = ScaleUp.search(StructuredAllocator.builder().features(features).selectorCompiler(CelCompiler.create()).build(),
          spec, group, policy, maxNodes, settings);
    } catch (AllocationException e) {
      throw new CliException(file + " (Simulation/" + spec.name() + "): " + e.getMessage(), e);
    }
    if (output.equals("json")) {
      ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
      ObjectNode root = mapper.createObjectNode();
      root.put("apiVersion", SimulationReader.API_VERSION).put("kind", "ScaleUpResult");
      root.putObject("metadata").put("name", spec.name());
      root.put("group", r.group()).put("policy", r.policy());
      if (r.nodes() == null) {
        root.putNull("nodes");
      } else {
        root.put("nodes", r.nodes());
      }
      ArrayNode curve = root.putArray("curve");
      r.curve().forEach(pt -> curve.addObject().put("nodes", pt.nodes()).put("placed", pt.placed())
          .put("pending", pt.pending()));
      try {
        ctx.out.println(mapper.writeValueAsString(root));
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalStateException("a tree of plain values always serializes", e);
      }
      return Dra4j.EXIT_OK;
    }
    StringBuilder sb = new StringBuilder("scale-up of node group ").append(group).append(" under policy ")
        .append(policy).append(", ").append(spec.arrivals().count()).append(" arrivals: ");
    sb.append(r.nodes() == null ? "even " + maxNodes + " nodes leave pods pending (--max-nodes)"
        : r.nodes() + " nodes leave nothing pending").append('\n');
    sb.append(String.format(Locale.ROOT, "%8s  %8s  %8s%n", "nodes", "placed", "pending"));
    r.curve().forEach(pt -> sb.append(String.format(Locale.ROOT, "%8d  %8d  %8d%n", pt.nodes(), pt.placed(), pt.pending())));
    ctx.out.print(sb);
    return Dra4j.EXIT_OK;
  }

  /* A kind that fits no node even before any arrival is an input error, unless allowed. */
  private void preflight(Simulation simulation, SimulationSpec spec) {
    Map<String, String> unplaceable = simulation.unplaceableKinds();
    if (unplaceable.isEmpty()) {
      return;
    }
    String where = where(spec);
    List<String> kinds = spec.arrivals().kinds().stream().map(k -> k.name()).toList();
    for (Map.Entry<String, String> e : unplaceable.entrySet()) {
      String line = where + ", spec.workload.podKinds[" + kinds.indexOf(e.getKey()) + "]: pod kind " + e.getKey()
          + " fits no node even on the cluster before any arrival: " + e.getValue();
      if (!allowUnplaceable) {
        throw new CliException(line + " (--allow-unplaceable runs the simulation anyway)");
      }
      ctx.err.println("warning: " + line);
    }
  }

  /* "file, document N (Simulation/name)", as the reader's errors begin. */
  private String where(SimulationSpec spec) {
    for (Input.Item item : Input.read(validation.codec(ctx), List.of(file.toString()), false, ctx.in).items()) {
      if (item.object() instanceof UnknownObject u && SimulationReader.KIND.equals(u.kind())) {
        return item.where() + " (Simulation/" + spec.name() + ")";
      }
    }
    return file + " (Simulation/" + spec.name() + ")";
  }

  private static @Nullable String unknownPolicy(String name) {
    try {
      var unused = NodeScorer.named(name);
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  /*
   * ", spec.workload.podKinds[i].claimTemplates[j] (ResourceClaimTemplate T)" when the claim at
   * fault was made from a pod kind's template for an arrival (<kind>-<i>-<pod claim>-<5 random>,
   * as the resourceclaim controller names it), else "".
   */
  static String templateOf(@Nullable ObjectRef ref, SimulationSpec spec) {
    if (ref == null || !ref.kind().equals("ResourceClaim")) {
      return "";
    }
    List<PodKind> kinds = spec.arrivals().kinds();
    for (int i = 0; i < kinds.size(); i++) {
      PodKind kind = kinds.get(i);
      for (PodResourceClaim c : kind.pod().spec().resourceClaims()) {
        String template = c.resourceClaimTemplateName();
        Pattern generated = Pattern.compile(Pattern.quote(kind.name() + "-") + "(\\d+|probe)"
            + Pattern.quote("-" + c.name() + "-") + "[a-z0-9]{5}");
        if (template == null || !generated.matcher(ref.name()).matches()) {
          continue;
        }
        for (int j = 0; j < kind.templates().size(); j++) {
          if (template.equals(kind.templates().get(j).name())) {
            return ", spec.workload.podKinds[" + i + "].claimTemplates[" + j + "] (ResourceClaimTemplate " + template
                + ", claim " + ref.name() + ")";
          }
        }
      }
    }
    return "";
  }

  private SimulationResult runWithProgress(Simulation simulation, SimulationSpec spec) {
    long steps = (long) spec.arrivals().count() * spec.policies().size();
    if (steps < 100 || !ctx.systemErr || !ScheduleCommand.stderrIsTerminal()) {
      return simulation.run();
    }
    try (ProgressBar bar = new ProgressBarBuilder()
        .setTaskName("simulating")
        .setInitialMax(steps)
        .setStyle(ProgressBarStyle.ASCII)
        .continuousUpdate()
        .build()) {
      return simulation.run(policy -> {
        bar.setExtraMessage(policy);
        bar.step();
      });
    }
  }

  /* ---------------- text ---------------- */

  /** What the numbers mean, printed with them (text, report and JSON). */
  static final List<String> DEFINITIONS = List.of(
      "The table shows the last sample: the cluster after the last arrival.",
      "device placements: every device a ResourceSlice lists; with partitionable devices (MIG) every "
          + "placement of every profile is one, and most exclude each other, so their share stays low even when "
          + "the GPUs are full.",
      "GPUs in use: counter sets (one per physical partitionable device) with any counter consumed.",
      "counters: summed over the group's counter sets, in the driver's unit (binary quantities in GiB).",
      DeviceCapacityFigures.DEFINITION,
      "stranded for KIND: what is free on the nodes where a fresh pod of KIND would not be placed now "
          + "(the scheduler's own check), the capacity that KIND cannot use.",
      "stranded for every kind: what is free on the nodes where no kind of the workload would be placed, "
          + "a lower bound on waste.",
      "smallest kind: the kind of which most pods fit on the starting cluster (dra4j headroom).",
      "placements/s: pods placed per second spent in the scheduler; arrivals/s end to end: arrivals per second "
          + "of the whole run, letting pods leave and sampling included.",
      "Counters no device has, and stranded amounts that are zero under every policy, are left out of the "
          + "table (not of -o json or the report's series).");

  /* The summary table, a header row then one row per figure, one column per policy: the text's and the report's. */
  static List<String[]> rows(SimulationResult result, CounterUnits units, String smallest) {
    List<SimulationResult.Policy> policies = result.policies();
    List<String[]> rows = new ArrayList<>();
    rows.add(row("", policies, SimulationResult.Policy::name));
    rows.add(row("placed", policies, p -> Integer.toString(p.placed())));
    rows.add(row("pending", policies, p -> Integer.toString(p.pending())));
    for (String kind : policies.get(0).kinds().keySet()) {
      rows.add(row("  " + kind + " placed/pending", policies,
          p -> {
            // every policy ran every kind
            SimulationResult.KindCount k = Objects.requireNonNull(p.kinds().get(kind));
            SimulationResult.GroupCount g = k.groups();
            return k.placed() + "/" + k.pending() + (g == null ? "" : " (groups " + g.placed() + "/" + g.pending() + ")");
          }));
    }
    for (String kind : policies.get(0).kinds().keySet()) {
      if (policies.stream().map(p -> Objects.requireNonNull(p.kinds().get(kind)))
          .anyMatch(k -> k.preemptions() + k.preempted() > 0)) {
        rows.add(row("  " + kind + " preemptions/preempted", policies, p -> {
          SimulationResult.KindCount k = Objects.requireNonNull(p.kinds().get(kind));
          return k.preemptions() + "/" + k.preempted();
        }));
      }
    }
    rows.add(row("first pending (arrival)", policies,
        p -> p.firstPending() == null ? "-" : "#" + p.firstPending().index() + " " + p.firstPending().kind()));
    for (String group : policies.get(0).last().groups().keySet()) {
      String g = "[" + group + "] ";
      rows.add(row(g + "device placements allocated", policies, p -> {
        SimulationResult.GroupUsage u = p.last().group(group);
        return u.allocatedDevices() + " of " + u.devices() + " (" + pct(u.deviceUtilization()) + ")";
      }));
      if (policies.get(0).last().group(group).counterSets() > 0) {
        rows.add(row(g + "GPUs in use (counter sets)", policies,
            p -> p.last().group(group).counterSetsInUse() + " of " + p.last().group(group).counterSets()));
      }
      for (String counter : counters(policies, group)) {
        if (policies.stream().allMatch(p -> {
          SimulationResult.CounterUsage c = p.last().group(group).counters().get(counter);
          return c == null || c.total() == 0;
        })) {
          continue; // a counter no device has (encoders of a GPU without them)
        }
        rows.add(row(g + counter + " used", policies, p -> {
          SimulationResult.CounterUsage c = p.last().group(group).counters().get(counter);
          return c == null ? "-" : units.format(counter, c.used()) + " of " + units.format(counter, c.total())
              + " (" + pct(c.utilization()) + ")";
        }));
      }
      DeviceCapacityFigures.rows(rows, policies, group, units);
      strandedRows(rows, policies, group, units, "stranded for " + smallest + " (smallest kind)",
          u -> u.strandedByKind().get(smallest));
      strandedRows(rows, policies, group, units, "stranded for every kind", u -> new SimulationResult.Stranded(
          u.strandedNodes(), u.strandedDevices(), strandedCounters(u)));
    }
    rows.add(row("placements/s", policies, p -> String.format(Locale.ROOT, "%.0f", p.placementsPerSecond())));
    rows.add(row("arrivals/s end to end", policies, p -> String.format(Locale.ROOT, "%.0f", p.arrivalsPerSecond())));
    return rows;
  }

  static String text(SimulationSpec spec, Simulation simulation, SimulationResult result, String smallest) {
    List<SimulationResult.Policy> policies = result.policies();
    List<String[]> rows = rows(result, new CounterUnits(simulation.cluster()), smallest);
    int[] widths = new int[rows.get(0).length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        widths[i] = Math.max(widths[i], r[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    int last = policies.get(0).last().step();
    sb.append("simulation ").append(spec.name()).append(": ").append(result.arrivals().size())
        .append(" arrivals on ").append(simulation.nodes().size()).append(" nodes, seed ")
        .append(spec.arrivals().seed()).append("; the state after arrival ").append(last).append(TimedReport.clock(result))
        .append(" (the last sample)\n");
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        line.append(String.format(Locale.ROOT, i == 0 ? "%-" + widths[i] + "s" : "  %" + widths[i] + "s", r[i]));
      }
      sb.append(line.toString().stripTrailing()).append('\n');
    }
    for (SimulationResult.Policy p : policies) {
      if (p.firstPending() != null) {
        sb.append(p.name()).append(": ").append(firstPending(p.firstPending())).append('\n');
      }
    }
    sb.append("definitions:\n");
    TimedReport.definitions(result).forEach(d -> sb.append("  ").append(d).append('\n'));
    DEFINITIONS.forEach(d -> sb.append("  ").append(d).append('\n'));
    return sb.toString();
  }

  /* The first pending arrival: a pod and its message, or a gang's kube-scheduler-style line, which names its PodGroup. */
  static String firstPending(SimulationResult.FirstPending first) {
    return first.podGroup() != null ? "first pending " + first.message()
        : "first pending pod " + first.pod() + ": " + first.message();
  }

  private static Map<String, Double> strandedCounters(SimulationResult.GroupUsage u) {
    Map<String, Double> out = new java.util.LinkedHashMap<>();
    u.counters().forEach((k, c) -> out.put(k, c.stranded()));
    return out;
  }

  private static void strandedRows(List<String[]> rows, List<SimulationResult.Policy> policies, String group,
      CounterUnits units, String label, Function<SimulationResult.GroupUsage, SimulationResult.@Nullable Stranded> of) {
    String g = "[" + group + "] " + label;
    rows.add(row(g + ": nodes, devices", policies, p -> {
      SimulationResult.Stranded s = of.apply(p.last().group(group));
      return s == null ? "-" : s.nodes() + " nodes, " + s.devices() + " devices";
    }));
    for (String counter : counters(policies, group)) {
      if (policies.stream().allMatch(p -> {
        SimulationResult.Stranded s = of.apply(p.last().group(group));
        Double left = s == null ? null : s.counters().get(counter);
        return left == null || left == 0;
      })) {
        continue; // nothing of it stranded under any policy
      }
      rows.add(row(g + ": " + counter, policies, p -> {
        SimulationResult.Stranded s = of.apply(p.last().group(group));
        Double left = s == null ? null : s.counters().get(counter);
        return left == null ? "0" : units.format(counter, left);
      }));
    }
  }

  private static Set<String> counters(List<SimulationResult.Policy> policies, String group) {
    Set<String> out = new LinkedHashSet<>();
    policies.forEach(p -> out.addAll(p.last().group(group).counters().keySet()));
    return out;
  }

  private static String[] row(String label, List<SimulationResult.Policy> policies,
      Function<SimulationResult.Policy, String> cell) {
    String[] r = new String[policies.size() + 1];
    r[0] = label;
    for (int i = 0; i < policies.size(); i++) {
      r[i + 1] = cell.apply(policies.get(i));
    }
    return r;
  }

  private static String pct(double share) {
    return String.format(Locale.ROOT, "%.1f%%", share * 100);
  }

  /* ---------------- json ---------------- */

  static String json(SimulationSpec spec, Simulation simulation, SimulationResult result) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("apiVersion", SimulationReader.API_VERSION);
    root.put("kind", "SimulationResult");
    root.putObject("metadata").put("name", spec.name());
    root.put("seed", spec.arrivals().seed());
    ArrayNode definitions = root.putArray("definitions");
    TimedReport.definitions(result).forEach(definitions::add);
    DEFINITIONS.forEach(definitions::add);
    // Counter amounts are in base units: bytes for binary quantities (memory), else counts.
    CounterUnits units = new CounterUnits(simulation.cluster());
    ObjectNode counterUnits = root.putObject("counterUnits");
    for (String group : result.policies().get(0).last().groups().keySet()) {
      for (String c : counters(result.policies(), group)) {
        counterUnits.put(c, units.isBytes(c) ? "bytes" : "count");
      }
    }
    DeviceCapacityFigures.units(root, result, units);
    ArrayNode arrivals = root.putArray("arrivals");
    result.arrivals().forEach(arrivals::add);
    ArrayNode policies = root.putArray("policies");
    for (SimulationResult.Policy p : result.policies()) {
      ObjectNode n = policies.addObject();
      n.put("name", p.name());
      n.put("placed", p.placed());
      n.put("pending", p.pending());
      ObjectNode kinds = n.putObject("kinds");
      p.kinds().forEach((k, c) -> {
        ObjectNode kind = kinds.putObject(k).put("placed", c.placed()).put("pending", c.pending())
            .put("preemptions", c.preemptions()).put("preempted", c.preempted());
        if (c.groups() != null) {
          kind.putObject("groups").put("placed", c.groups().placed()).put("pending", c.groups().pending());
        }
      });
      if (p.firstPending() != null) {
        n.putObject("firstPending")
            .put("index", p.firstPending().index())
            .put("kind", p.firstPending().kind())
            .put("pod", p.firstPending().pod())
            .put("message", p.firstPending().message())
            .put("podGroup", p.firstPending().podGroup());
      } else {
        n.putNull("firstPending");
      }
      n.put("seconds", p.seconds());
      n.put("placementsPerSecond", p.placementsPerSecond());
      n.put("wallSeconds", p.wallSeconds());
      n.put("arrivalsPerSecond", p.arrivalsPerSecond());
      ArrayNode samples = n.putArray("samples");
      for (SimulationResult.Sample s : p.samples()) {
        ObjectNode sample = samples.addObject();
        sample.put("step", s.step());
        if (s.time() != null) {
          sample.put("time", TimedReport.format(s.time())).put("seconds", s.time().toNanos() / 1e9);
          ObjectNode pending = sample.putObject("pendingByKind");
          s.pendingByKind().forEach(pending::put);
        }
        ObjectNode groups = sample.putObject("groups");
        for (Map.Entry<String, SimulationResult.GroupUsage> e : s.groups().entrySet()) {
          SimulationResult.GroupUsage g = e.getValue();
          ObjectNode gn = groups.putObject(e.getKey());
          gn.put("nodes", g.nodes()).put("devices", g.devices()).put("allocatedDevices", g.allocatedDevices())
              .put("strandedNodes", g.strandedNodes()).put("strandedDevices", g.strandedDevices());
          ObjectNode counters = gn.putObject("counters");
          g.counters().forEach((c, u) -> counters.putObject(c)
              .put("total", u.total()).put("used", u.used()).put("stranded", u.stranded()));
          ObjectNode byClass = gn.putObject("devicesByClass");
          g.devicesByClass().forEach(byClass::put);
          gn.put("counterSets", g.counterSets()).put("counterSetsInUse", g.counterSetsInUse());
          DeviceCapacityFigures.json(gn, g);
          ObjectNode byKind = gn.putObject("strandedByKind");
          g.strandedByKind().forEach((k, st) -> {
            ObjectNode kn = byKind.putObject(k).put("nodes", st.nodes()).put("devices", st.devices());
            ObjectNode kc = kn.putObject("counters");
            st.counters().forEach(kc::put);
          });
        }
      }
    }
    try {
      return mapper.writeValueAsString(root);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain values always serializes", e);
    }
  }
}
