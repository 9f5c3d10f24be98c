package io.github.dra4j.bench;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.MixinFlattener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the DGX fill of {@link DgxFillBenchmark} (with counters) for the Go reference harness in
 * {@code allocator-bench/go-reference}, so that both sides allocate the same objects: the node,
 * the device classes, the node's slices with their mixins applied (the reference's API has no
 * mixins; the devices and counters are the same) and the 24 claims in fill order. It also writes
 * dra4j's answer, computed by {@link DgxFillBenchmark#fillNewAllocators}'s own cycles, which the
 * harness compares with the reference's answer before it times anything.
 *
 * <p>Run from the repository root: {@code java -cp <bench jar> io.github.dra4j.bench.GoReferenceExport
 * allocator-bench/go-reference}. {@code GoReferenceExportTest} keeps the committed files equal to
 * what this writes.
 */
public final class GoReferenceExport {
  /** The inputs' file name. */
  public static final String INPUTS = "dgx-fill.yaml";
  /** The file name of dra4j's answer: one line per claim, its name and its device's ID. */
  public static final String EXPECTED = "dgx-fill-dra4j.txt";

  private GoReferenceExport() {}

  /**
   * Writes both files.
   *
   * @param args the directory to write to
   * @throws IOException when a file cannot be written
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: GoReferenceExport <directory>");
    }
    Path dir = Path.of(args[0]);
    Files.writeString(dir.resolve(INPUTS), inputs(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(EXPECTED), expected(), StandardCharsets.UTF_8);
  }

  /** {@return the node, classes, flattened slices and claims as multi-document YAML} */
  static String inputs() {
    String name = DgxA100.nodeName(0);
    BenchCluster cluster = DgxA100.node(name, true);
    List<Object> objects = new ArrayList<>();
    objects.add(DgxA100.node(name));
    objects.addAll(cluster.classes());
    for (ResourceSlice slice : cluster.slices()) {
      objects.add(MixinFlattener.flatten(slice));
    }
    objects.addAll(DgxA100.fillClaims());
    return "# The DGX fill of DgxFillBenchmark, written by GoReferenceExport: do not edit.\n"
        + KubernetesCodec.create().writeYaml(objects);
  }

  /** {@return each claim's name and device as driver/pool/device, a new allocator per claim} */
  static String expected() {
    String name = DgxA100.nodeName(0);
    List<ResourceClaim> claims = DgxA100.fillClaims();
    List<AllocationResult> results =
        DgxFillBenchmark.fillByNewAllocators(DgxA100.node(name, true), DgxA100.node(name), claims).results();
    if (results.size() != claims.size()) {
      throw new IllegalStateException("allocated " + results.size() + " of " + claims.size() + " claims");
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < claims.size(); i++) {
      for (DeviceRequestAllocationResult device : results.get(i).devices().results()) {
        out.append(claims.get(i).metadata().name()).append(' ').append(device.driver()).append('/')
            .append(device.pool()).append('/').append(device.device()).append('\n');
      }
    }
    return out.toString();
  }
}
