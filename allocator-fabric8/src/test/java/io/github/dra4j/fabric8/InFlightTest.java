package io.github.dra4j.fabric8;

import static io.github.dra4j.testing.Builders.CLASS;
import static io.github.dra4j.testing.Builders.DRIVER;
import static io.github.dra4j.testing.Builders.POOL;
import static io.github.dra4j.testing.Builders.claim;
import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.node;
import static io.github.dra4j.testing.Builders.request;
import static io.github.dra4j.testing.Builders.result;
import static io.github.dra4j.testing.Builders.slice;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ResourceClaim;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * When an in-flight allocation ends: by the informer showing an allocation, a newer version
 * (only once no running call owns the entry), deletion, or a release; so that neither our own
 * finalizer write nor a write of unknown outcome frees the devices early, and a claim
 * deallocated again before the informer saw our write does not stay charged.
 */
final class InFlightTest {
  private static final String KEY = "default/c";
  private static final AllocationResult ALLOCATION = new AllocationResult(
      new DeviceAllocationResult(List.of(result("req-0", DRIVER, POOL, "dev-a")), List.of()),
      NodeSelector.forNodeName("node-1"), null);

  private static ClusterState state() {
    ClusterState s = new ClusterState(MockCluster.ALLOCATOR);
    s.putNode(node("node-1"));
    s.putClass(deviceClass(CLASS));
    s.putSlice(slice("dev", DRIVER, POOL, "node-1", device("dev-a"), device("dev-b")).build());
    return s;
  }

  /** Claim {@code c} at a version, allocated or not. */
  private static ResourceClaim c(@Nullable String version, boolean allocated) {
    ResourceClaim plain = claim("c", request("req-0", CLASS, 1)).build();
    ResourceClaim versioned = plain.toBuilder().metadata(plain.metadata().toBuilder().resourceVersion(version).build())
        .build();
    return allocated ? versioned.withAllocation(ALLOCATION) : versioned;
  }

  @SafeVarargs
  private static List<Consumer<ClusterState>> steps(Consumer<ClusterState>... steps) {
    List<Consumer<ClusterState>> out = new ArrayList<>();
    for (Consumer<ClusterState> step : steps) {
      out.add(step);
    }
    return out;
  }

  static Stream<Arguments> cases() {
    Object running = new Object();
    Object finished = new Object();
    return Stream.of(
        Arguments.of(Named.of("before the write: our finalizer write (newer, unallocated) while the call runs",
            steps(s -> s.begin(running), s -> s.assume(c("5", true), running), s -> s.putClaim(c("6", false)))),
            true),
        Arguments.of(Named.of("before the write: a newer version once the call has finished (outcome unknown)",
            steps(s -> s.begin(finished), s -> s.assume(c("5", true), finished), s -> s.end(finished),
                s -> s.putClaim(c("6", false)))), false),
        Arguments.of(Named.of("before the write: the version it was read at, call finished",
            steps(s -> s.begin(finished), s -> s.assume(c("5", true), finished), s -> s.end(finished),
                s -> s.putClaim(c("5", false)))), true),
        Arguments.of(Named.of("ending the call when the informer already shows a newer version",
            steps(s -> s.begin(finished), s -> s.assume(c("5", true), finished), s -> s.putClaim(c("6", false)),
                s -> s.end(finished))), false),
        Arguments.of(Named.of("written: the informer shows it allocated",
            steps(s -> s.assumeWritten(c("7", true)), s -> s.putClaim(c("7", true)))), false),
        Arguments.of(Named.of("written: deallocated again before the informer saw the write",
            steps(s -> s.assumeWritten(c("7", true)), s -> s.putClaim(c("8", false)))), false),
        Arguments.of(Named.of("written: the informer still shows an older version",
            steps(s -> s.assumeWritten(c("7", true)), s -> s.putClaim(c("6", false)))), true),
        Arguments.of(Named.of("written: the informer was faster than the caller",
            steps(s -> s.putClaim(c("8", false)), s -> s.assumeWritten(c("7", true)))), false),
        Arguments.of(Named.of("versions that are no numbers: only an allocation ends it",
            steps(s -> s.assumeWritten(c("b", true)), s -> s.putClaim(c("c", false)))), true),
        Arguments.of(Named.of("deleted", steps(s -> s.assumeWritten(c("7", true)), s -> s.removeClaim(KEY))),
            false),
        Arguments.of(Named.of("released as stale by anyone: an entry read from the server",
            steps(s -> s.assumeWritten(c("7", true)), s -> s.releaseStale(KEY, new Object()))), false),
        Arguments.of(Named.of("not released as stale by another call while its owner runs",
            steps(s -> s.begin(running), s -> s.assume(c("5", true), running),
                s -> s.releaseStale(KEY, new Object()))), true),
        Arguments.of(Named.of("released as stale once its owner has finished",
            steps(s -> s.begin(finished), s -> s.assume(c("5", true), finished), s -> s.end(finished),
                s -> s.releaseStale(KEY, new Object()))), false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void inFlight(List<Consumer<ClusterState>> steps, boolean stillInFlight) {
    ClusterState s = state();
    steps.forEach(step -> step.accept(s));

    assertThat(s.isInFlight(KEY)).isEqualTo(stillInFlight);
  }

  @Test
  void anEntry_keepsItsDevicesInUse() {
    ClusterState s = state();
    s.assumeWritten(c("7", true));

    ResourceClaim two = claim("two", request("req-0", CLASS, 2)).build();
    assertThat(s.snapshot().allocate(node("node-1"), List.of(two)).isAllocated()).isFalse();
  }
}
