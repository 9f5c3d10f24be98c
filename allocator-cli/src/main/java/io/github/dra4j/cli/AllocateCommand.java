package io.github.dra4j.cli;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationException;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "allocate",
    mixinStandardHelpOptions = true,
    description = {
      "Allocates devices for the input's ResourceClaims on one node.",
      "Claims with status.allocation are in use (only their status is read); the others are "
          + "allocated together, in input order, as the kube-scheduler would.",
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
      "  cat cluster.yaml | dra4j allocate --node node-1 -f - --explain"
    })
final class AllocateCommand implements Callable<Integer> {
  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Option(names = "--node", required = true, paramLabel = "NAME",
      description = "metadata.name of the Node object (in the input) to allocate for.")
  String node = "";

  @Option(names = "--feature-gates", paramLabel = "K=V,...",
      description = "Kubernetes feature gates, e.g. DRAPrioritizedList=false. Unspecified gates "
          + "keep the library default (all on). Known: DRAAdminAccess, DRAConsumableCapacity, "
          + "DRADeviceBindingConditions, DRAResourceClaimDeviceStatus, DRADeviceTaints, "
          + "DRAListTypeAttributes, DRAPartitionableDevices, DRAPrioritizedList, "
          + "DRAResourceSliceMixins.")
  List<String> featureGates = new ArrayList<>();

  @Option(names = {"-f", "--filename"}, required = true, paramLabel = "FILE",
      description = "YAML (multi-document or kind: List) or JSON input. '-' reads standard "
          + "input. Repeatable.")
  List<String> files = new ArrayList<>();

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "yaml",
      description = "yaml (default; multi-document) or json (one kind: List object).")
  OutputFormat output = OutputFormat.YAML;

  @Option(names = "--explain", description = "When nothing fits, explain in detail why.")
  boolean explain;

  AllocateCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    Features features = FeatureGates.parse(featureGates);
    Input input = Input.read(ctx.codec, files, ctx.in);

    Node nodeObject = null;
    List<ResourceSlice> slices = new ArrayList<>();
    List<DeviceClass> classes = new ArrayList<>();
    List<ResourceClaim> inUse = new ArrayList<>();
    List<ResourceClaim> toAllocate = new ArrayList<>();
    for (Input.Item item : input.items()) {
      Object o = item.object();
      if (o instanceof ResourceSlice) {
        slices.add((ResourceSlice) o);
      } else if (o instanceof DeviceClass) {
        classes.add((DeviceClass) o);
      } else if (o instanceof ResourceClaim) {
        ResourceClaim claim = (ResourceClaim) o;
        (claim.allocation() != null ? inUse : toAllocate).add(claim);
      } else if (o instanceof Node) {
        if (nodeObject == null && ((Node) o).name().equals(node)) {
          nodeObject = (Node) o;
        }
      } else {
        throw new CliException(item.where() + ": " + item.ref()
            + ": unsupported kind; dra4j reads Node, DeviceClass, ResourceSlice and ResourceClaim");
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
      ClusterSnapshot snapshot = allocator.snapshot(slices, classes, inUse);
      outcome = snapshot.allocate(nodeObject, toAllocate);
    } catch (AllocationException e) {
      throw new CliException(describe(e, input), e);
    }

    if (outcome instanceof AllocationOutcome.Allocated) {
      List<AllocationResult> results = ((AllocationOutcome.Allocated) outcome).results();
      List<ResourceClaim> allocated = new ArrayList<>(toAllocate.size());
      for (int i = 0; i < toAllocate.size(); i++) {
        allocated.add(toAllocate.get(i).withAllocation(results.get(i)));
      }
      ctx.out.print(output.write(ctx.codec, allocated));
      return Dra4j.EXIT_OK;
    }
    AllocationOutcome.Unsatisfiable u = (AllocationOutcome.Unsatisfiable) outcome;
    // The most specific reason goes last: runners such as run-scenarios show the last line.
    if (explain) {
      ctx.err.println("feature gates: " + FeatureGates.describe(features));
      ctx.err.println(ExplanationText.render(u.explanation()));
    } else {
      ctx.err.println("no allocation exists (run with --explain for details)");
    }
    ctx.err.println(u.explanation().summary());
    return Dra4j.EXIT_UNSATISFIABLE;
  }

  /** Names the file and document of the object the error is about, when it is in the input. */
  static String describe(AllocationException e, Input input) {
    StringBuilder sb = new StringBuilder();
    @Nullable String ref = e.objectRef();
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
