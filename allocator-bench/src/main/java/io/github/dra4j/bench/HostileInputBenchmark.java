package io.github.dra4j.bench;

import static io.github.dra4j.testing.PathologicalInputs.aliasBomb;
import static io.github.dra4j.testing.PathologicalInputs.claim;
import static io.github.dra4j.testing.PathologicalInputs.deepFlowNesting;
import static io.github.dra4j.testing.PathologicalInputs.deviceClass;
import static io.github.dra4j.testing.PathologicalInputs.documents;
import static io.github.dra4j.testing.PathologicalInputs.overCostCel;
import static io.github.dra4j.testing.PathologicalInputs.selfIncludingMixinSlice;
import static io.github.dra4j.testing.PathologicalInputs.slice;
import static io.github.dra4j.testing.PathologicalInputs.stringAttribute;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.AllocationException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How long the hostile inputs of the robustness tests take to be refused or bounded, read and
 * allocated as {@code dra4j allocate} does. A unit test cannot check a time bound reliably on a
 * shared machine, so the tests assert what cannot vary (the error, the limit it names, the step
 * count) and this measures the time. The search budget's own cost is {@link
 * BacktrackingBenchmark}.
 *
 * <p>Run: {@code java -jar allocator-bench/target/benchmarks.jar HostileInputBenchmark} (after
 * {@code allocator-bench/run-benchmarks.sh} has built the jar).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HostileInputBenchmark {
  private static final int MIB = 1024 * 1024;
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String NODE = "apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\n";
  private static final String CLASS = deviceClass("class-a", "device.driver == \"driver-a\"");

  /** The inputs, each refused by a limit or bounded by one. */
  public enum Input {
    /** Refused by the alias budget. */
    ALIAS_BOMB(documents(NODE, aliasBomb())),
    /** Refused by the nesting limit. */
    NESTING_100000(documents(NODE, deepFlowNesting(100_000))),
    /** Refused by the string length limit, after reading 8 MiB of one token. */
    TOKEN_8_MIB(documents(NODE, stringAttribute(8 * MIB))),
    /** Read, and one device allocated from 100,000 (validation would refuse the slice). */
    SLICE_100000_DEVICES(documents(NODE, CLASS, slice(100_000, ""), claim(1, ""))),
    /** A device include repeated 10,000 times: read, then the pool refused as invalid by the allocator. */
    INCLUDES_10000(documents(NODE, CLASS, selfIncludingMixinSlice(10_000), claim(1, ""))),
    /** Allocation ends at the CEL runtime cost limit on the first device. */
    CEL_OVER_COST(documents(NODE, deviceClass("class-a", overCostCel()), slice(1, ""), claim(1, "")));

    final String text;

    Input(String text) {
      this.text = text;
    }
  }

  /** Which input. */
  @Param
  public Input input;

  /** Checks that the input ends as its description says. */
  @Setup
  public void setup() {
    Object outcome = readAndAllocate();
    boolean refused = outcome instanceof DecodeException || outcome instanceof AllocationException;
    boolean shouldBeRefused = input != Input.SLICE_100000_DEVICES;
    if (refused != shouldBeRefused) {
      throw new IllegalStateException(input + " ended with " + outcome);
    }
  }

  /** {@return the decode or allocation error, or the allocation outcome} */
  @Benchmark
  public Object readAndAllocate() {
    List<Object> objects;
    try {
      objects = CODEC.readAll(input.text, "hostile.yaml");
    } catch (DecodeException e) {
      return e;
    }
    try {
      return Allocations.allocator().snapshot(only(objects, ResourceSlice.class), only(objects, DeviceClass.class),
          List.of()).allocate(Node.of("node-1", Map.of()), only(objects, ResourceClaim.class));
    } catch (AllocationException e) {
      return e;
    }
  }

  private static <T> List<T> only(List<Object> objects, Class<T> type) {
    return objects.stream().filter(type::isInstance).map(type::cast).toList();
  }
}
