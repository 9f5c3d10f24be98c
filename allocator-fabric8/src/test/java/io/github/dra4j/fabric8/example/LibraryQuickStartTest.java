package io.github.dra4j.fabric8.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.io.ClusterReader;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.NodeFeasibility;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.scheduling.NodeScorer;
import io.github.dra4j.scheduling.NodeUsage;
import io.github.dra4j.fabric8.Fabric8Cluster;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The code of docs/library.md: every {@code tag::NAME[]} region below is a snippet of the page,
 * run here, and {@link #page_showsExactlyTheTaggedRegions} fails when the page and the regions
 * differ, so the page cannot drift from code that compiles and works.
 */
final class LibraryQuickStartTest {
  private static final Path MODULE = Paths.get("").toAbsolutePath();
  private static final Path PAGE = MODULE.resolveSibling("docs/library.md");
  private static final Path SOURCE =
      MODULE.resolve("src/test/java/io/github/dra4j/fabric8/example/LibraryQuickStartTest.java");
  private static final Path EXAMPLE = MODULE.resolveSibling("docs/examples/a100-mixins.yaml");

  @Test
  void quickStartSnippets_allocateTheA100Example() throws IOException {
    Path file = EXAMPLE;
    // tag::read[]
    KubernetesCodec codec = KubernetesCodec.create();
    List<Object> skipped = new ArrayList<>();   // objects of kinds a cluster does not hold
    Cluster cluster;
    try (InputStream in = Files.newInputStream(file)) {   // YAML or JSON, any number of documents
      cluster = ClusterReader.read(codec.readAll(in, file.toString()), codec, skipped::add);
    }
    List<ResourceClaim> claims = cluster.claims();   // also nodes(), slices(), classes(), pods(), ...
    List<Node> nodes = cluster.nodes();
    // end::read[]
    assertThat(cluster.slices()).hasSize(2);
    assertThat(cluster.classes()).isNotEmpty();
    assertThat(claims).extracting(ResourceClaim::name).containsExactly("claim-0", "claim-1");
    assertThat(nodes).hasSize(1);
    assertThat(skipped).isEmpty();

    // tag::snapshot[]
    StructuredAllocator allocator = StructuredAllocator.builder()
        .selectorCompiler(CelCompiler.create())   // CEL selectors, from allocator-cel
        .build();                                 // every feature gate on; .features(...) to match a cluster
    ClusterSnapshot snapshot = allocator.snapshot(cluster);   // its allocated claims hold devices; none here
    // end::snapshot[]

    // tag::allocate[]
    Node node = nodes.get(0);
    AllocationOutcome outcome = snapshot.allocate(node, claims);   // all claims together, on one node
    Map<String, List<String>> devices = new LinkedHashMap<>();
    if (outcome instanceof AllocationOutcome.Allocated allocated) {
      for (int i = 0; i < claims.size(); i++) {
        ResourceClaim claim = claims.get(i).withAllocation(allocated.results().get(i));   // status.allocation
        for (DeviceRequestAllocationResult result : claim.allocation().devices().results()) {
          devices.computeIfAbsent(claim.name(), c -> new ArrayList<>())
              .add(result.request() + ": " + result.pool() + "/" + result.device());
        }
      }
    } else if (outcome instanceof AllocationOutcome.Unsatisfiable unsatisfiable) {
      System.err.println(unsatisfiable.explanation().summary());   // why, per claim and request
    }
    // end::allocate[]
    assertThat(devices).containsExactly(
        Map.entry("claim-0", List.of("gpus: node-1-gpus/gpu-0", "gpus: node-1-gpus/gpu-1")),
        Map.entry("claim-1", List.of("gpu: node-1-gpus/gpu-2")));

    // tag::one-by-one[]
    ClusterSnapshot current = snapshot;
    List<ResourceClaim> done = new ArrayList<>();
    for (ResourceClaim claim : claims) {
      if (current.allocate(node, List.of(claim)) instanceof AllocationOutcome.Allocated allocated) {
        ResourceClaim allocatedClaim = claim.withAllocation(allocated.results().get(0));
        done.add(allocatedClaim);
        current = current.withAllocated(List.of(allocatedClaim));   // its devices are in use from now on
      }
    }
    // end::one-by-one[]
    assertThat(done).extracting(c -> c.allocation().devices().results().get(0).device())
        .containsExactly("gpu-0", "gpu-2");
    assertThat(current.allocate(node, claims)).isInstanceOf(AllocationOutcome.Unsatisfiable.class);
    assertThat(snapshot.allocate(node, claims)).isEqualTo(outcome);

    // tag::feasible-nodes[]
    List<Node> candidates = List.of(Node.of("node-0", Map.of()), node);   // node-0 has no devices
    ResourceClaim claim = claims.get(0);
    List<Node> fits = snapshot.feasibleNodes(candidates, List.of(claim));  // yes or no per node, in parallel
    AllocationOutcome chosen = fits.isEmpty() ? null : snapshot.allocate(fits.get(0), List.of(claim));
    // end::feasible-nodes[]
    assertThat(fits).containsExactly(node);
    assertThat(chosen).isInstanceOf(AllocationOutcome.Allocated.class);

    // tag::build-claim[]
    ResourceClaim built = ResourceClaim.builder()
        .namespace("default").name("claim-0")
        .addRequest(DeviceRequest.builder().name("gpus")
            .exactly(ExactDeviceRequest.builder().deviceClassName("gpu.nvidia.com")
                .addSelector("device.attributes[\"gpu.nvidia.com\"].productName == \"NVIDIA A100-SXM4-40GB\"")
                .count(2)
                .build())
            .build())
        .matchAttribute("gpu.nvidia.com/productName", "gpus")
        .build();
    // end::build-claim[]
    assertThat(snapshot.allocate(node, List.of(built))).isInstanceOf(AllocationOutcome.Allocated.class);

    // tag::own-loop[]
    NodeScorer scorer = NodeScorer.mostAllocated();   // or any function of NodeUsage
    ClusterSnapshot state = allocator.snapshot(cluster);
    Map<String, String> placedOn = new LinkedHashMap<>();
    for (ResourceClaim pending : cluster.claims()) {   // one claim per pod here, in queue order
      Node best = null;
      AllocationResult bestResult = null;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (NodeFeasibility verdict : state.feasibility(candidates, List.of(pending), AllocationOptions.defaults())) {
        if (verdict.error() != null) {
          System.err.println(verdict.node().name() + ": " + verdict.error().getMessage());   // skip that node
        } else if (verdict.fits()) {
          Node n = verdict.node();
          AllocationResult result = ((AllocationOutcome.Allocated) state.allocate(n, List.of(pending)))
              .results().get(0);
          double score = scorer.score(NodeUsage.of(n, state.usage(n, List.of(result))));   // usage once placed
          if (score > bestScore) {
            best = n;
            bestResult = result;
            bestScore = score;
          }
        }
      }
      if (best == null) {
        System.err.println(pending.name() + " fits on no node");
        continue;
      }
      state = state.withAllocated(List.of(pending.withAllocation(bestResult)));   // commit
      placedOn.put(pending.name(), best.name());   // state.changedNodes(): the nodes whose answers changed
    }
    // end::own-loop[]
    assertThat(placedOn).containsExactly(Map.entry("claim-0", "node-1"), Map.entry("claim-1", "node-1"));
    assertThat(state.changedNodes()).containsExactly("node-1");
    assertThat(state.feasibleNodes(candidates, List.of(claims.get(0)))).isEmpty();
  }

  @Test
  void fabric8Snippet_findsTheNodeThatFits() throws IOException {
    KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
        new KubernetesCrudDispatcher(), false);
    server.init();
    try (KubernetesClient client = server.createClient()) {
      for (String doc : Files.readString(EXAMPLE, StandardCharsets.UTF_8).split("(?m)^---\\s*$", -1)) {
        if (!doc.isBlank()) {
          client.resource(doc).create();
        }
      }
      StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();
      List<Node> fits;
      // tag::fabric8[]
      try (Fabric8Cluster cluster = Fabric8Cluster.start(client, allocator)) {   // informers, listed once started
        ClusterSnapshot snapshot = cluster.snapshot();   // immutable; informer events make the next one
        ResourceClaim claim = cluster.claim("default", "claim-0");
        fits = snapshot.feasibleNodes(cluster.nodes(), List.of(claim));
      }
      // end::fabric8[]
      assertThat(fits).extracting(Node::name).containsExactly("node-1");
    } finally {
      server.destroy();
    }
  }

  private static final Pattern TAG = Pattern.compile(
      "(?m)^[ \\t]*// tag::([a-z0-9-]+)\\[]\\n(.*?)^[ \\t]*// end::\\1\\[]\\n", Pattern.DOTALL);
  private static final Pattern BLOCK = Pattern.compile(
      "(?m)^<!-- snippet: ([a-z0-9-]+) -->\\n```java\\n(.*?)^```\\n", Pattern.DOTALL);

  @Test
  void page_showsExactlyTheTaggedRegions() throws IOException {
    Map<String, String> regions = new LinkedHashMap<>();
    Matcher m = TAG.matcher(Files.readString(SOURCE));
    while (m.find()) {
      regions.put(m.group(1), dedent(m.group(2)));
    }
    String page = Files.readString(PAGE);
    Map<String, String> blocks = new LinkedHashMap<>();
    Matcher b = BLOCK.matcher(page);
    while (b.find()) {
      blocks.put(b.group(1), b.group(2));
    }

    assertThat(regions).as("tagged regions of %s", SOURCE).hasSize(8);
    assertThat(page.split("```java", -1)).as("every java block of %s has a snippet marker", PAGE)
        .hasSize(blocks.size() + 1);
    assertThat(blocks).as("the java blocks of %s, in page order (copy the regions of %s)", PAGE, SOURCE)
        .containsExactlyEntriesOf(regions);
  }

  /** Removes the indentation the regions share, as the page shows them at the left margin. */
  private static String dedent(String region) {
    List<String> lines = region.lines().toList();
    int indent = lines.stream().filter(l -> !l.isBlank())
        .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      out.append(line.isBlank() ? "" : line.substring(indent)).append('\n');
    }
    return out.toString();
  }
}
