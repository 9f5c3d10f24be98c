package io.github.dra4j.cli;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.GangSearch;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.PodControllers;
import io.github.dra4j.scheduling.PodGroupResult;
import io.github.dra4j.scheduling.PodGroupScheduler;
import io.github.dra4j.scheduling.PodScheduler;
import io.github.dra4j.scheduling.Preemption;
import io.github.dra4j.scheduling.SchedulingResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
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
      "Deployments, ReplicaSets, StatefulSets (apps/v1), Jobs (batch/v1) and ReplicationControllers "
          + "(v1) become the pods their controllers would create from spec.template: spec.replicas "
          + "of them (a Job: spec.parallelism, at most spec.completions; default 1), named "
          + "<controller>-<i>, after the input's Pods. A DaemonSet (apps/v1) has one pod per node "
          + "its template admits, <controller>-<node>. Namespaces and Services (v1) are read for "
          + "namespaceSelector and the default spread constraints; pods that terminated "
          + "(status.phase Succeeded or Failed) hold nothing, and pending pods that terminated or "
          + "are being deleted are not scheduled.",
      "",
      "Pods with spec.schedulingGroup.podGroupName are placed one PodGroup (scheduling.k8s.io/"
          + "v1alpha2) at a time, all or nothing for a gang, within one topology domain when the "
          + "group has a constraint; the PodGroups follow the pods on stdout with their "
          + "PodGroupScheduled condition, and stderr has one line per group left pending.",
      "",
      "A pod that fits no node preempts lower-priority pods as kube-scheduler's DefaultPreemption "
          + "does (--no-preemption turns it off); stderr has one line per preempting pod naming its "
          + "victims and the claims their eviction released. Priority is spec.priority, else the "
          + "PriorityClass (scheduling.k8s.io/v1) named by spec.priorityClassName or the globalDefault "
          + "one; PodDisruptionBudgets (policy/v1) in the input steer the choice of victims.",
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
      "  dra4j schedule --feature-gates DRAExtendedResource=false --explain -f cluster.yaml",
      "  dra4j schedule --gang-search joint -f docs/examples/scheduling/gang"
    })
final class ScheduleCommand implements Callable<Integer> {
  /** From this many pending pods on, a terminal shows a progress bar. */
  private static final int PROGRESS_THRESHOLD = 100;

  /** The random part of a generated name, as the API server makes it. */
  private static final int GENERATED_SUFFIX = 5;

  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Mixin FeatureGates gates = new FeatureGates();

  @Mixin InputOptions inputOptions = new InputOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Option(names = {"-q", "--quiet"},
      description = "Do not print the count of objects skipped because scheduling does not use their kind.")
  boolean quiet;

  @Mixin OutputOption output = new OutputOption();

  @Option(names = "--scorer", paramLabel = "NAME",
      description = "How a node is chosen among those that fit: first (default: the first in "
          + "input order), most-allocated (pack), least-allocated (spread) or kube-scheduler (its "
          + "default score plugins; the default with --config); see docs/scheduling.md.")
  @Nullable String scorer;

  @Mixin SchedulerConfigOption schedulerConfig = new SchedulerConfigOption();

  @Option(names = "--max-pods", paramLabel = "N", defaultValue = "100000",
      description = "The largest spec.replicas, spec.parallelism or spec.completions of a pod controller"
          + " (default: ${DEFAULT-VALUE}); a larger one is an error.")
  int maxPods = PodController.DEFAULT_MAX_PODS;

  @Option(names = "--explain", description = "For each pod not placed, say why per node and "
      + "explain the first node where its claims did not fit.")
  boolean explain;

  @Option(names = "--no-preemption", description = "A pod that fits no node evicts nothing. By default it "
      + "preempts as kube-scheduler's DefaultPreemption does: the fewest, least important lower-priority pods "
      + "of one node are evicted (their claims released) and the pod placed there; stderr names them.")
  boolean noPreemption;

  @Option(names = "--gang-search", paramLabel = "MODE", defaultValue = "default",
      description = "How the pods of a PodGroup are placed: default (as kube-scheduler's workload "
          + "scheduling cycle) or joint (when the default rejects a group, search its pods together "
          + "with backtracking and say whether a placement exists); see docs/scheduling.md.")
  String gangSearch = "default";

  @Option(names = "--gang-search-budget", paramLabel = "STEPS", defaultValue = "10000",
      description = "Allocator calls a joint search may make per group, a node asked in a batch "
          + "counting as one (default 10000).")
  long gangBudget = PodGroupScheduler.DEFAULT_JOINT_BUDGET;

  ScheduleCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    Features features = gates.features();
    NodeScorer nodeScorer;
    try {
      nodeScorer = NodeScorer.named(scorer == null ? "first" : scorer);
    } catch (IllegalArgumentException e) {
      throw new CliException("--scorer: " + e.getMessage(), e);
    }
    KubernetesCodec codec = validation.codec(ctx);
    SchedulerConfiguration configuration = schedulerConfig.read(codec);
    if (configuration != null && scorer != null && !scorer.equals("kube-scheduler")) {
      throw new CliException("--scorer " + scorer + " with --config: the configuration's profiles score the nodes;"
          + " leave --scorer out");
    }
    Input input = inputOptions.read(codec, ctx);
    String skipped = input.skippedNotice(Input::isPodController);
    if (skipped != null && !quiet) {
      ctx.err.println(skipped);
    }
    for (Input.Item item : input.items()) {
      if (item.object() instanceof Pod && ((Pod) item.object()).name() == null) {
        throw new CliException(item.where() + ": Pod: metadata.name: Required value");
      }
    }
    if (maxPods < 0) {
      throw new CliException("--max-pods: must be at least 0, got " + maxPods);
    }
    Cluster cluster = input.cluster(codec, maxPods, ctx::warn);
    if (cluster.nodes().isEmpty()) {
      throw new CliException("no Node in the input; add the Node objects (name and labels) with -f");
    }

    GangSearch mode = switch (gangSearch) {
      case "default" -> GangSearch.DEFAULT;
      case "joint" -> GangSearch.JOINT;
      default -> throw new CliException("--gang-search: unknown mode \"" + gangSearch + "\"; known: default, joint");
    };
    if (gangBudget < 1) {
      throw new CliException("--gang-search-budget: must be at least 1: " + gangBudget);
    }
    List<SchedulingResult> results;
    List<PodGroupResult> groups = List.of();
    List<Pod> pods = List.of();
    try {
      StructuredAllocator allocator = StructuredAllocator.builder()
          .features(features)
          .selectorCompiler(CelCompiler.create())
          .build();
      PodScheduler.Builder builder = PodScheduler.builder(allocator)
          .cluster(cluster)
          .scorer(nodeScorer)
          .configuration(configuration)
          .preemption(!noPreemption);
      gates.scheduler().accept(builder);
      PodScheduler scheduler = builder.build();
      pods = PodControllers.pods(cluster);
      warnUnusedClaims(cluster, pods);
      if (pods.stream().anyMatch(p -> p.podGroupName() != null)) {
        PodGroupScheduler.Results r = PodGroupScheduler.builder(scheduler).podGroups(cluster.podGroups())
            .gangSearch(mode).jointStepBudget(gangBudget).build().scheduleAll(pods);
        results = r.pods();
        groups = r.groups();
      } else {
        results = scheduleWithProgress(scheduler, pods);
      }
    } catch (AllocationException e) {
      throw new CliException(describe(e, input, pods), e);
    }

    List<Object> out = new ArrayList<>();
    boolean allPlaced = true;
    // The claims each placement left, last state wins, in the order they were first placed.
    Map<String, ResourceClaim> claims = new LinkedHashMap<>();
    for (SchedulingResult r : results) {
      out.add(r.pod());
      if (r instanceof SchedulingResult.Scheduled) {
        for (ResourceClaim c : ((SchedulingResult.Scheduled) r).claims()) {
          claims.put(ObjectRef.of(c).key(), c);
        }
      } else {
        allPlaced = false;
      }
    }
    for (PodGroupResult g : groups) {
      out.add(g.group());
      for (ResourceClaim c : g.claims()) {
        claims.putIfAbsent(ObjectRef.of(c).key(), c);
      }
    }
    out.addAll(claims.values());
    output.print(ctx, out);

    List<Pod> reported = reportGroups(groups);
    for (SchedulingResult r : results) {
      if (r instanceof SchedulingResult.Scheduled s && s.preemption() != null) {
        ctx.err.println(preempted(s));
      }
    }
    for (SchedulingResult r : results) {
      if (r instanceof SchedulingResult.Unschedulable && !reported.contains(r.pod())) {
        report((SchedulingResult.Unschedulable) r);
      }
    }
    return allPlaced ? Dra4j.EXIT_OK : Dra4j.EXIT_UNSATISFIABLE;
  }

  /* One line per group left pending (and the joint search's finding); returns the pods those lines cover. */
  private List<Pod> reportGroups(List<PodGroupResult> groups) {
    List<Pod> covered = new ArrayList<>();
    for (PodGroupResult g : groups) {
      if (g.joint() != null) {
        ctx.err.println(g.joint());
      }
      if (!g.scheduled()) {
        ctx.err.println(g.line());
        g.pods().forEach(p -> covered.add(p.pod()));
      }
    }
    return covered;
  }

  /*
   * An allocation error, with the template and its file when the claim was made from one: such a
   * claim is in no file, and its generated name alone does not say where to look. The claim is
   * recognised by its generateName, <pod>-<pod claim>-, as the resourceclaim controller makes it.
   */
  static String describe(AllocationException e, Input input, List<Pod> pods) {
    ObjectRef ref = e.objectRef();
    if (ref == null || !ref.kind().equals("ResourceClaim") || input.find(ref) != null) {
      return AllocateCommand.describe(e, input);
    }
    String namespace = ref.inDefaultNamespace().namespace();
    for (Pod p : pods) {
      ObjectRef pod = ObjectRef.of(p).inDefaultNamespace();
      if (!Objects.equals(pod.namespace(), namespace)) {
        continue;
      }
      for (PodResourceClaim c : p.spec().resourceClaims()) {
        String base = pod.name() + "-" + c.name() + "-";
        if (c.resourceClaimTemplateName() != null && ref.name().startsWith(base)
            && ref.name().length() == base.length() + GENERATED_SUFFIX) {
          ObjectRef template = ObjectRef.of("ResourceClaimTemplate", namespace, c.resourceClaimTemplateName());
          Input.Item item = null;
          for (Input.Item i : input.items()) {
            if (item == null && i.objectRef().inDefaultNamespace().sameObject(template)) {
              item = i;
            }
          }
          return ref + " (made for pod " + pod.key() + ", spec.resourceClaims " + c.name() + ", from "
              + template + (item == null ? "" : " in " + item.where()) + ")"
              + (e.path() == null ? "" : ": " + e.path()) + ": " + e.getMessage();
        }
      }
    }
    return AllocateCommand.describe(e, input);
  }

  /*
   * A claim no pod names is left as it is, as kube-scheduler leaves it: it allocates claims only
   * for the pods it places. Said on stderr, so that claims without pods do not pass in silence.
   */
  private void warnUnusedClaims(Cluster cluster, List<Pod> pods) {
    Set<String> used = new HashSet<>();
    for (Pod p : pods) {
      for (PodResourceClaim c : p.spec().resourceClaims()) {
        if (c.resourceClaimName() != null) {
          used.add(ObjectRef.of("ResourceClaim", p.namespace(), c.resourceClaimName()).inDefaultNamespace().key());
        }
      }
    }
    List<String> unused = new ArrayList<>();
    for (ResourceClaim c : cluster.claims()) {
      String key = ObjectRef.of(c).inDefaultNamespace().key();
      if (c.allocation() == null && !used.contains(key)) {
        unused.add(key);
      }
    }
    if (!unused.isEmpty()) {
      ctx.warn(unused.size() + (unused.size() == 1 ? " ResourceClaim" : " ResourceClaims") + " that no pod uses"
          + " left unallocated (" + String.join(", ", unused.subList(0, Math.min(5, unused.size())))
          + (unused.size() > 5 ? ", ..." : "") + "): schedule allocates the claims of the pods it places, as"
          + " kube-scheduler does; 'dra4j allocate --node NODE' allocates claims without pods");
    }
  }

  /* The preemptor, its node, its victims and the claims their eviction released, on one line. */
  static String preempted(SchedulingResult.Scheduled s) {
    Preemption p = Objects.requireNonNull(s.preemption());
    List<String> victims = new ArrayList<>();
    p.victims().forEach(v -> victims.add(ObjectRef.of(v).inDefaultNamespace().key()));
    List<String> released = new ArrayList<>();
    p.releasedClaims().forEach(c -> released.add(ObjectRef.of(c).inDefaultNamespace().key()));
    return "pod " + ObjectRef.of(s.pod()).inDefaultNamespace().key() + ": preempted " + victims.size()
        + (victims.size() == 1 ? " pod" : " pods") + " on node " + p.node().name() + ": " + String.join(", ", victims)
        + (released.isEmpty() ? "" : "; released claims: " + String.join(", ", released))
        + (p.pdbViolations() == 0 ? "" : "; " + p.pdbViolations() + " against a PodDisruptionBudget");
  }

  private void report(SchedulingResult.Unschedulable u) {
    String pod = "pod " + ObjectRef.of(u.pod()).inDefaultNamespace().key();
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
    if (pending < PROGRESS_THRESHOLD || !ctx.systemErr || !stderrIsTerminal()) {
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
}
