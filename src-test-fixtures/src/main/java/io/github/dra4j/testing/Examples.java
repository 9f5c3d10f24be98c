package io.github.dra4j.testing;

import io.github.dra4j.api.io.KubernetesCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

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

  private Examples() {}

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
