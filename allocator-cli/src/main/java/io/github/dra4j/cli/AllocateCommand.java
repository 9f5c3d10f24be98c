package io.github.dra4j.cli;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationCancelledException;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SearchBudgetExceededException;
import io.github.dra4j.core.StructuredAllocator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "allocate",
    mixinStandardHelpOptions = true,
    description = {
      "Allocates devices for the input's ResourceClaims on one node.",
      "Claims with status.allocation are in use (only their status is read); the others are "
          + "allocated together, in input order, as the kube-scheduler would.",
      "Pods and ResourceClaimTemplates are read and checked but not used; objects of other "
          + "kinds (Deployment, ConfigMap, ...) are skipped and counted on stderr.",
      "",
      "Exit 0: stdout holds the allocated claims with status.allocation, in input order.",
      "Exit 1: no allocation exists on the node; stdout is empty, stderr says why.",
      "Exit 2: invalid input or allocation error; stderr names the file, document, object, "
          + "field path and the rule or CEL message."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j allocate --node node-1 -f docs/examples/a100-mixins.yaml",
      "  dra4j allocate --node node-1 -f slices.yaml -f classes.yaml -f claims.yaml -o json",
      "  dra4j allocate --node node-1 --feature-gates DRAPrioritizedList=false -f cluster.yaml",
      "  cat cluster.yaml | dra4j allocate --node node-1 -f - --explain",
      "  dra4j allocate --node node-1 -f demo/ -R --max-steps 10000000 --timeout 30s"
    })
final class AllocateCommand implements Callable<Integer> {
  private final Context ctx;

  @Spec CommandSpec spec;

  @Mixin CommonOptions common = new CommonOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Option(names = "--node", required = true, paramLabel = "NAME",
      description = "metadata.name of the Node object (in the input) to allocate for.")
  String node = "";

  @Mixin FeatureGates gates = new FeatureGates();

  @Mixin InputOptions inputOptions = new InputOptions();
  @Option(names = {"-q", "--quiet"},
      description = "Do not print the count of objects skipped because allocation does not use their kind.")
  boolean quiet;

  @Mixin OutputOption output = new OutputOption();

  @Option(names = "--explain", description = "When nothing fits, explain in detail why.")
  boolean explain;

  @Option(names = "--max-steps", paramLabel = "N",
      description = "Search budget: stop after N backtracking steps (one step is one device "
          + "tried for one request) and exit 2, rather than search for minutes on a pathological "
          + "input. Default: ${DEFAULT-VALUE}, far above what realistic claims need.")
  long maxSteps = AllocationOptions.DEFAULT_STEP_BUDGET;

  @Option(names = "--timeout", paramLabel = "DURATION", converter = GoDuration.class,
      description = "Stop the search after this long and exit 2, like kubectl's --timeout: a Go "
          + "duration such as 30s, 1m30s or 500ms. Default: 0, no time limit (the step budget "
          + "still applies).")
  Duration timeout = Duration.ZERO;

  AllocateCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    if (maxSteps < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "invalid value for --max-steps: " + maxSteps + " (must be at least 1)");
    }
    Features features = gates.features();
    KubernetesCodec codec = validation.codec(ctx);
    Input input = inputOptions.read(codec, ctx);
    String skipped = input.skippedNotice();
    if (skipped != null && !quiet) {
      ctx.err.println(skipped);
    }
    // Pods and ResourceClaimTemplates are read (so their errors show) but allocate takes its
    // claims as given; pod controllers and other kinds were counted in the skipped notice.
    Cluster cluster = input.claimsCluster(codec, ctx::warn);
    Node nodeObject = cluster.node(node);
    List<ResourceClaim> toAllocate = new ArrayList<>();
    for (ResourceClaim claim : cluster.claims()) {
      if (claim.allocation() == null) {
        toAllocate.add(claim);
      }
    }
    if (nodeObject == null) {
      throw new CliException("no Node named \"" + node + "\" in the input; add its Node object"
          + " (name and labels) with -f");
    }

    AllocationOutcome outcome;
    try {
      StructuredAllocator allocator = StructuredAllocator.builder()
          .features(features)
          .selectorCompiler(CelCompiler.create())
          .build();
      ClusterSnapshot snapshot = allocator.snapshot(cluster);
      AllocationOptions options = AllocationOptions.defaults().withStepBudget(maxSteps)
          .withDeadline(timeout.isZero() ? null : Instant.now().plus(timeout));
      outcome = snapshot.allocate(nodeObject, toAllocate, options);
    } catch (SearchBudgetExceededException e) {
      throw new CliException(describe(e, input) + " (--max-steps " + maxSteps + "; raise it to search longer)", e);
    } catch (AllocationCancelledException e) {
      throw new CliException(describe(e, input) + " (--timeout reached; raise it to search longer)", e);
    } catch (AllocationException e) {
      throw new CliException(describe(e, input), e);
    }

    if (outcome instanceof AllocationOutcome.Allocated) {
      List<AllocationResult> results = ((AllocationOutcome.Allocated) outcome).results();
      List<ResourceClaim> allocated = new ArrayList<>(toAllocate.size());
      for (int i = 0; i < toAllocate.size(); i++) {
        allocated.add(toAllocate.get(i).withAllocation(results.get(i)));
      }
      output.print(ctx, allocated);
      return Dra4j.EXIT_OK;
    }
    AllocationOutcome.Unsatisfiable u = (AllocationOutcome.Unsatisfiable) outcome;
    // The most specific reason goes last: runners such as run-scenarios show the last line.
    if (explain) {
      ctx.err.println("feature gates: " + FeatureGates.describe(features));
      ctx.err.println(u.explanation().details());
    } else {
      ctx.err.println("no allocation exists (run with --explain for details)");
    }
    ctx.err.println(u.explanation().summary());
    return Dra4j.EXIT_UNSATISFIABLE;
  }

  /** Names the file and document of the object the error is about, when it is in the input. */
  static String describe(AllocationException e, Input input) {
    StringBuilder sb = new StringBuilder();
    @Nullable ObjectRef ref = e.objectRef();
    Input.Item item = input.find(ref);
    if (item != null) {
      sb.append(item.where()).append(": ");
    }
    if (ref != null) {
      sb.append(ref).append(": ");
    }
    if (e.path() != null) {
      sb.append(e.path()).append(": ");
    }
    return sb.append(e.getMessage()).toString();
  }
}
