package io.github.dra4j.bench;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.AllocationCancelledException;
import io.github.dra4j.core.AllocationOptions;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.testing.SlowSelectors;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
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
 * The precision of {@link AllocationOptions#deadline()}: one {@code allocate} whose selector
 * costs seconds per device, on a valid cluster, under a deadline of {@code timeoutMillis}. The
 * score is the time until it ends with {@link AllocationCancelledException}; the score minus the
 * timeout is how late the deadline held (docs/robustness.md lists it). {@code REGEX} matches a
 * pattern that re2j needs 3 s for against attribute values of a million characters, within the
 * cost limit; {@code COMPREHENSION} runs 80,000 iterations of nested {@code exists} per device,
 * also within the limit. No device matches, so only the deadline ends the call. Each operation is a single shot, as each ends only at its deadline.
 *
 * <p>Run: {@code java -jar allocator-bench/target/benchmarks.jar DeadlineBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2)
@Measurement(iterations = 8)
public class DeadlineBenchmark {

  /** What makes a selector slow. */
  public enum Slow {
    REGEX(SlowSelectors.REGEX, 1_000_000),
    COMPREHENSION(list(100) + ".exists(x, " + list(100) + ".exists(y, " + list(8) + ".exists(z, x + y + z < 0)))", 1);

    final String selector;
    final int textLength;

    Slow(String selector, int textLength) {
      this.selector = selector;
      this.textLength = textLength;
    }
  }

  @Param({"REGEX", "COMPREHENSION"})
  Slow slow;

  @Param({"100", "1000", "2000"})
  long timeoutMillis;

  private ClusterSnapshot snapshot;
  private Node node;
  private List<ResourceClaim> claims;

  private static String list(int n) {
    return IntStream.range(0, n).mapToObj(Integer::toString).collect(Collectors.joining(",", "[", "]"));
  }

  /** Decodes the cluster of {@link SlowSelectors}: sixteen devices, one class with the slow selector, one claim. */
  @Setup
  public void setup() throws DecodeException {
    String yaml = SlowSelectors.cluster(slow.selector, 16, slow.textLength);
    List<ResourceSlice> slices = new ArrayList<>();
    List<DeviceClass> classes = new ArrayList<>();
    claims = new ArrayList<>();
    List<Object> objects = KubernetesCodec.create().readAll(yaml, "deadline-benchmark");
    node = (Node) objects.get(0);
    for (Object o : objects) {
      if (o instanceof ResourceSlice s) {
        slices.add(s);
      } else if (o instanceof DeviceClass c) {
        classes.add(c);
      } else if (o instanceof ResourceClaim c) {
        claims.add(c);
      }
    }
    snapshot = Allocations.allocator().snapshot(slices, classes, List.of());
  }

  /** {@return the message of the cancellation; fails if the allocation ends any other way} */
  @Benchmark
  public String allocateUntilTheDeadline() {
    AllocationOptions options = AllocationOptions.defaults().withDeadline(Instant.now().plusMillis(timeoutMillis));
    try {
      throw new IllegalStateException("ended before its deadline: " + snapshot.allocate(node, claims, options));
    } catch (AllocationCancelledException e) {
      return String.valueOf(e.getMessage());
    }
  }
}
