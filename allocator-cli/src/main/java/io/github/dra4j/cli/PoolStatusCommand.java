package io.github.dra4j.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourcePoolStatusRequestSpec;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.UnknownObject;
import io.github.dra4j.simulation.ResourcePoolStatus;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "pool-status",
    mixinStandardHelpOptions = true,
    description = {
      "Per pool of a driver: devices in all, allocated, unavailable (tainted) and available, and for "
          + "partitionable pools how many more devices of each partition type fit the shared counters; "
          + "what Kubernetes' ResourcePoolStatusRequest (resource.k8s.io/v1alpha3, KEP-5677) gets as "
          + "its status, computed from the input's ResourceSlices, ResourceClaims and DeviceTaintRules "
          + "(see docs/simulation.md, \"Pool status\").",
      "",
      "The request is given with --driver (and --pool, --limit, --default-partition-type-attribute), "
          + "or as ResourcePoolStatusRequest objects in the input, each of which is answered.",
      "-o yaml or json prints the request with its status, in the upstream object's shape.",
      "",
      "Exit 0: the status was computed (incomplete pools are a result).",
      "Exit 2: invalid input or request; stderr names the file, object and field, or the request's field."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j pool-status -f cluster/ --driver gpu.nvidia.com",
      "  dra4j pool-status -f cluster/ --driver gpu.nvidia.com --pool dgx-1-0 -o yaml",
      "  dra4j pool-status -f cluster/ -f request.yaml -o yaml",
      "  dra4j pool-status -f slices.yaml --driver gpu.example.com --default-partition-type-attribute gpu.example.com/profile"
    })
final class PoolStatusCommand implements Callable<Integer> {
  static final String API_VERSION = "resource.k8s.io/v1alpha3";
  static final String KIND = "ResourcePoolStatusRequest";

  private final Context ctx;

  @Mixin CommonOptions common = new CommonOptions();

  @Mixin ValidationOption validation = new ValidationOption();

  @Option(names = {"-f", "--filename"}, paramLabel = "FILE", split = ",", required = true,
      description = "The cluster's objects: files, directories or '-' for stdin.")
  List<String> files = new ArrayList<>();

  @Option(names = {"-R", "--recursive"}, description = "Also read the subdirectories of the directories given with -f.")
  boolean recursive;

  @Option(names = "--driver", paramLabel = "NAME",
      description = "spec.driver: the DRA driver whose pools are reported (or give ResourcePoolStatusRequests with -f).")
  @Nullable String driver;

  @Option(names = "--pool", paramLabel = "NAME", description = "spec.poolName: only this pool.")
  @Nullable String pool;

  @Option(names = "--limit", paramLabel = "N",
      description = "spec.limit: at most N pools, 1 to 1000 (default 100); status.poolCount counts them all.")
  @Nullable Integer limit;

  @Option(names = "--default-partition-type-attribute", paramLabel = "ATTRIBUTE",
      description = "spec.defaultPartitionTypeAttribute: groups partitions of pools whose slices declare no partitionTypeAttribute.")
  @Nullable String defaultAttribute;

  @Option(names = "--name", paramLabel = "NAME", defaultValue = "pool-status",
      description = "metadata.name of the request printed with -o yaml|json (default ${DEFAULT-VALUE}).")
  String name = "pool-status";

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
      description = "text (default), yaml or json.")
  String output = "text";

  PoolStatusCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public Integer call() {
    if (!List.of("text", "yaml", "json").contains(output)) {
      throw new CliException("-o: unknown format \"" + output + "\"; known: text, yaml, json");
    }
    KubernetesCodec codec = validation.codec(ctx);
    Input input = Input.read(codec, files, recursive, ctx.in);
    Cluster cluster = input.cluster(codec, false, ctx::warn);
    List<PoolStatusRequests.Request> requests = PoolStatusRequests.read(input);
    if (driver != null) {
      if (!requests.isEmpty()) {
        throw new CliException("give --driver or ResourcePoolStatusRequest objects in the input, not both; "
            + requests.get(0).where() + " holds one");
      }
      requests = List.of(new PoolStatusRequests.Request(name, new ResourcePoolStatusRequestSpec(driver, pool, limit,
          defaultAttribute), "--driver"));
    } else if (pool != null || limit != null || defaultAttribute != null) {
      throw new CliException("--pool, --limit and --default-partition-type-attribute belong to a request given with --driver");
    }
    if (requests.isEmpty()) {
      throw new CliException("no request: give --driver NAME, or ResourcePoolStatusRequest objects with -f");
    }
    List<Object> answered = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (PoolStatusRequests.Request r : requests) {
      ResourcePoolStatus.Status status;
      try {
        status = ResourcePoolStatus.calculate(cluster, r.spec());
      } catch (IllegalArgumentException e) {
        throw new CliException(r.where() + " (" + KIND + "/" + r.name() + "): " + e.getMessage(), e);
      }
      answered.add(new UnknownObject(API_VERSION, KIND, r.name(), RawJson.of(json(r.name(), r.spec(), status))));
      text.append(requests.size() > 1 ? KIND + "/" + r.name() + ": " : "").append(text(r.spec(), status));
    }
    if (output.equals("json")) {
      ctx.out.println(answered.size() == 1 ? ((UnknownObject) answered.get(0)).content().json()
          : codec.writeJsonList(answered));
    } else if (output.equals("yaml")) {
      ctx.out.print(codec.writeYaml(answered));
    } else {
      ctx.out.print(text);
    }
    return Dra4j.EXIT_OK;
  }

  /* The request with its status, as the controller writes it: optional fields left out when unset. */
  static String json(String name, ResourcePoolStatusRequestSpec spec, ResourcePoolStatus.Status status) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode().put("apiVersion", API_VERSION).put("kind", KIND);
    root.putObject("metadata").put("name", name);
    ObjectNode s = root.putObject("spec").put("driver", spec.driver());
    putIfSet(s, "poolName", spec.poolName());
    if (spec.limit() != null) {
      s.put("limit", spec.limit());
    }
    putIfSet(s, "defaultPartitionTypeAttribute", spec.defaultPartitionTypeAttribute());
    ObjectNode st = root.putObject("status");
    st.putArray("conditions").addObject().put("type", "Complete").put("status", "True")
        .put("lastTransitionTime", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
        .put("reason", "CalculationComplete").put("message", status.message());
    st.put("poolCount", status.poolCount());
    if (!status.pools().isEmpty()) {
      ArrayNode pools = st.putArray("pools");
      status.pools().forEach(p -> pool(pools.addObject(), p));
    }
    try {
      return mapper.writeValueAsString(root);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain values always serializes", e);
    }
  }

  private static void pool(ObjectNode n, ResourcePoolStatus.PoolStatus p) {
    n.put("driver", p.driver()).put("poolName", p.poolName());
    putIfSet(n, "nodeName", p.nodeName());
    n.put("generation", p.generation());
    putIfSet(n, "resourceSliceCount", p.resourceSliceCount());
    putIfSet(n, "totalDevices", p.totalDevices());
    putIfSet(n, "allocatedDevices", p.allocatedDevices());
    putIfSet(n, "availableDevices", p.availableDevices());
    putIfSet(n, "unavailableDevices", p.unavailableDevices());
    if (!p.partitionSummary().isEmpty()) {
      ArrayNode a = n.putArray("partitionSummary");
      p.partitionSummary().forEach(t -> a.addObject().put("attribute", t.attribute()).put("type", t.type())
          .put("total", t.total()).put("allocatable", t.allocatable()));
    }
    ResourcePoolStatus.ShareableSummaryStatus sh = p.shareableSummary();
    if (sh != null) {
      ObjectNode o = n.putObject("shareableSummary").put("fullyAvailableDevices", sh.fullyAvailableDevices())
          .put("partiallyAvailableDevices", sh.partiallyAvailableDevices());
      if (!sh.capacity().isEmpty()) {
        ArrayNode c = o.putArray("capacity");
        sh.capacity().forEach(q -> c.addObject().put("name", q.name()).put("total", q.total().toString())
            .put("consumed", q.consumed().toString()).put("available", q.available().toString()));
      }
    }
    putIfSet(n, "validationError", p.validationError());
  }

  private static void putIfSet(ObjectNode n, String field, @Nullable Object value) {
    if (value instanceof Integer i) {
      n.put(field, i);
    } else if (value != null) {
      n.put(field, value.toString());
    }
  }

  static String text(ResourcePoolStatusRequestSpec spec, ResourcePoolStatus.Status status) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%d pools of driver %s%s%n", status.poolCount(), spec.driver(),
        status.pools().size() < status.poolCount() ? ", the first " + status.pools().size() + " shown (--limit)" : ""));
    sb.append(String.format(Locale.ROOT, "%-32s %-24s %6s %6s %9s %11s %9s%n", "POOL", "NODE", "SLICES", "TOTAL",
        "ALLOCATED", "UNAVAILABLE", "AVAILABLE"));
    for (ResourcePoolStatus.PoolStatus p : status.pools()) {
      sb.append(String.format(Locale.ROOT, "%-32s %-24s %6s %6s %9s %11s %9s%n", p.poolName(),
          p.nodeName() == null ? "-" : p.nodeName(), dash(p.resourceSliceCount()), dash(p.totalDevices()),
          dash(p.allocatedDevices()), dash(p.unavailableDevices()), dash(p.availableDevices())));
      for (ResourcePoolStatus.PartitionTypeStatus t : p.partitionSummary()) {
        sb.append(String.format(Locale.ROOT, "  %s=%s: %d more fit, of %d%n", t.attribute(), t.type(), t.allocatable(),
            t.total()));
      }
      ResourcePoolStatus.ShareableSummaryStatus sh = p.shareableSummary();
      if (sh != null) {
        sb.append(String.format(Locale.ROOT, "  shareable devices: %d unused, %d partly used%n", sh.fullyAvailableDevices(),
            sh.partiallyAvailableDevices()));
        sh.capacity().forEach(c -> sb.append(String.format(Locale.ROOT, "    %s: %s available of %s%n", c.name(),
            c.available(), c.total())));
      }
      if (p.validationError() != null) {
        sb.append("  validationError: ").append(p.validationError()).append('\n');
      }
    }
    return sb.toString();
  }

  private static String dash(@Nullable Integer n) {
    return n == null ? "-" : n.toString();
  }
}
