package io.github.dra4j.testing;

import io.github.dra4j.api.io.KubernetesCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The KEP example inputs of {@code docs/examples}, packaged as resources under
 * {@code examples/}. Each file is a complete input of {@code dra4j allocate} (Node, device
 * classes, ResourceSlices, ResourceClaims) whose opening comment says what it shows and what
 * the allocation must be.
 */
public final class Examples {
  /** 4 x A100 defined with device, counter consumption and counter set mixins. */
  public static final String A100_MIXINS = "a100-mixins.yaml";
  /** One GPU with 4 memory partitions sharing one counter set. */
  public static final String GPU_MEMORY_PARTITIONS = "gpu-memory-partitions.yaml";
  /** One A100 with every MIG profile at every memory-slice placement. */
  public static final String A100_MIG = "a100-mig.yaml";
  /** A DGX A100: 8 GPUs, every MIG placement, spread over 5 slices of one pool. */
  public static final String DGX_A100_MIG = "dgx-a100-mig.yaml";
  /** A 4x4 TPU slice over four nodes with per-device node selection. */
  public static final String TPU_4X4_MULTIHOST = "tpu-4x4-multihost.yaml";

  private static final List<String> NAMES = List.of(A100_MIXINS, GPU_MEMORY_PARTITIONS, A100_MIG,
      DGX_A100_MIG, TPU_4X4_MULTIHOST);

  private static final Map<String, Expected> EXPECTED = Map.of(
      A100_MIXINS, new Expected("node-1", ordered(
          "claim-0", List.of("gpu-0", "gpu-1"),
          "claim-1", List.of("gpu-2"))),
      GPU_MEMORY_PARTITIONS, new Expected("node-1", ordered(
          "claim-0", List.of("gpu-0-partition-0", "gpu-0-partition-1"),
          "claim-1", List.of("gpu-0-partition-2"))),
      A100_MIG, new Expected("node-1", ordered(
          "mig-small", List.of("gpu-0-mig-1g-5gb-0", "gpu-0-mig-1g-5gb-1"),
          "mig-medium", List.of("gpu-0-mig-2g-10gb-2-3"),
          "mig-large", List.of("gpu-0-mig-3g-20gb-4-7"))),
      DGX_A100_MIG, new Expected("dgx-1", ordered(
          "full-gpu", List.of("gpu-0"),
          "mig-pair", List.of("gpu-1-mig-3g-20gb-0-3", "gpu-1-mig-3g-20gb-4-7"),
          "mig-seven", List.of("gpu-2-mig-1g-5gb-0", "gpu-2-mig-1g-5gb-1", "gpu-2-mig-1g-5gb-2",
              "gpu-2-mig-1g-5gb-3", "gpu-2-mig-1g-5gb-4", "gpu-2-mig-1g-5gb-5",
              "gpu-2-mig-1g-5gb-6"),
          "mig-me", List.of("gpu-3-mig-1g-5gb-me-0"))),
      TPU_4X4_MULTIHOST, new Expected("node-1", ordered(
          "tpu-4x4-claim", List.of("tpu-4x4-1"))));

  /**
   * The allocation an example documents in its opening comment, for tests that run it
   * through the allocator with every feature gate on.
   *
   * @param node the node to allocate for
   * @param devices per claim to allocate (in document order), the device names of its
   *     results in order
   */
  public record Expected(String node, Map<String, List<String>> devices) {
    /** Copies the map, keeping its order. */
    public Expected {
      devices = Collections.unmodifiableMap(new LinkedHashMap<>(devices));
    }
  }

  private static Map<String, List<String>> ordered(Object... claimAndDevices) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (int i = 0; i < claimAndDevices.length; i += 2) {
      @SuppressWarnings("unchecked")
      List<String> devices = (List<String>) claimAndDevices[i + 1];
      m.put((String) claimAndDevices[i], devices);
    }
    return m;
  }

  private Examples() {}

  /**
   * Returns the allocation an example documents.
   *
   * @param fileName one of {@link #names()}
   * @return the node and the expected devices per claim
   * @throws IllegalArgumentException if there is no such example
   */
  public static Expected expected(String fileName) {
    Expected e = EXPECTED.get(fileName);
    if (e == null) {
      throw new IllegalArgumentException("no example \"" + fileName + "\"; examples are " + NAMES);
    }
    return e;
  }

  /** {@return the file names of all examples} */
  public static List<String> names() {
    return NAMES;
  }

  /**
   * Opens an example; the caller closes the stream.
   *
   * @param fileName one of {@link #names()}
   * @return the file's bytes (UTF-8 YAML)
   * @throws IllegalArgumentException if there is no such example
   */
  public static InputStream open(String fileName) {
    InputStream in = NAMES.contains(fileName)
        ? Examples.class.getResourceAsStream("/examples/" + fileName) : null;
    if (in == null) {
      throw new IllegalArgumentException("no example \"" + fileName + "\"; examples are " + NAMES);
    }
    return in;
  }

  /**
   * Returns the text of an example.
   *
   * @param fileName one of {@link #names()}
   * @return the YAML text
   * @throws IllegalArgumentException if there is no such example
   * @throws UncheckedIOException if the resource cannot be read
   */
  public static String text(String fileName) {
    try (InputStream in = open(fileName)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("reading example " + fileName, e);
    }
  }

  /**
   * Decodes an example with {@link KubernetesCodec}.
   *
   * @param fileName one of {@link #names()}
   * @return the objects in document order (Node, DeviceClass, ResourceSlice, ResourceClaim)
   * @throws IllegalArgumentException if there is no such example
   * @throws UncheckedIOException if the example does not decode
   */
  public static List<Object> load(String fileName) {
    try {
      return KubernetesCodec.create().readAll(text(fileName), "examples/" + fileName);
    } catch (IOException e) {
      throw new UncheckedIOException("decoding example " + fileName + ": " + e.getMessage(), e);
    }
  }
}
