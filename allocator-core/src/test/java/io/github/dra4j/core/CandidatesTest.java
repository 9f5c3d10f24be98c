package io.github.dra4j.core;

import static io.github.dra4j.core.CoreFixtures.CLASS_A;
import static io.github.dra4j.core.CoreFixtures.NODE;
import static io.github.dra4j.core.CoreFixtures.claim;
import static io.github.dra4j.core.CoreFixtures.device;
import static io.github.dra4j.core.CoreFixtures.node;
import static io.github.dra4j.core.CoreFixtures.request;
import static io.github.dra4j.core.CoreFixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Device;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.testing.Builders;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/*
 * PoolLayout.candidates (DgxFillBenchmark, FeasibilityBenchmark): once the selectors' results on a pool's devices are
 * remembered, the search visits only the devices they may select. Skipping must not change
 * anything observable: results, which devices get evaluated (and so which errors surface), and
 * the steps counted against the budget.
 */
final class CandidatesTest {

  /* 40 devices: every tenth is type Y, the last one has no type (its selector fails). */
  private static List<ResourceSlice> slices() {
    List<Device> devices = new ArrayList<>();
    for (int i = 0; i < 39; i++) {
      devices.add(device("d-" + i).attr("type", i % 10 == 9 ? "Y" : "X").build());
    }
    devices.add(device("d-39").build());
    return List.of(slice("slice", "pool-1", devices));
  }

  private static ResourceClaim wantsY(String name, int count) {
    return claim(name, request("req-0", count, "attr type == Y"));
  }

  private static Pool pool(ClusterSnapshot s) {
    return s.pools(node(NODE)).get(0);
  }

  @Test
  void rememberedResultsGiveCandidatesUpToTheFirstUnknownDevice() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot snapshot = StructuredAllocator.builder().selectorCompiler(compiler).build()
        .snapshot(slices(), List.of(CLASS_A), List.of());
    // Two Y devices: the search evaluates the class and request selectors on d-0 .. d-19 and stops.
    AllocationOutcome first = snapshot.allocate(node(NODE), List.of(wantsY("claim-0", 2)));
    assertThat(CoreFixtures.devicesOf(first)).containsExactly(List.of("req-0=pool-1/d-9", "req-0=pool-1/d-19"));
    assertThat(compiler.evaluations.get()).isEqualTo(40);

    AllocationOutcome again = snapshot.allocate(node(NODE), List.of(wantsY("claim-0", 2)));

    assertThat(CoreFixtures.devicesOf(again)).isEqualTo(CoreFixtures.devicesOf(first));
    assertThat(compiler.evaluations.get()).as("nothing evaluated twice").isEqualTo(40);
    Candidates candidates = candidates(snapshot);
    assertThat(candidates.frontier).isEqualTo(20);
    assertThat(candidates.locals).containsExactly(9, 19);
  }

  @Test
  void devicesBeyondTheFrontierAreStillEvaluatedAndTheirErrorsSurface() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    ClusterSnapshot snapshot = StructuredAllocator.builder().selectorCompiler(compiler).build()
        .snapshot(slices(), List.of(CLASS_A), List.of());
    var unused = snapshot.allocate(node(NODE), List.of(wantsY("claim-0", 2)));

    // Four Y devices do not exist: the search reaches d-39, whose selector fails, as it would
    // without candidates.
    assertThatThrownBy(() -> snapshot.allocate(node(NODE), List.of(wantsY("claim-1", 5))))
        .isInstanceOf(CelException.class).hasMessageContaining("d-39").hasMessageContaining("no such key: type");
    assertThat(compiler.evaluations.get()).isEqualTo(80);
    // d-39's error is not remembered: the candidates end before it, and a search that finds
    // enough devices earlier does not evaluate it.
    assertThat(CoreFixtures.devicesOf(snapshot.allocate(node(NODE), List.of(wantsY("claim-2", 3)))))
        .containsExactly(List.of("req-0=pool-1/d-9", "req-0=pool-1/d-19", "req-0=pool-1/d-29"));
    assertThat(compiler.evaluations.get()).isEqualTo(80);
    assertThat(candidates(snapshot).frontier).isEqualTo(39);
  }

  @Test
  void skippedDevicesCountAgainstTheStepBudgetAsIfVisited() {
    List<ResourceClaim> claims = List.of(wantsY("claim-0", 3));
    long needed = -1;
    for (boolean warm : new boolean[] {false, true}) {
      for (long budget = 1; budget < 1000; budget++) {
        ClusterSnapshot snapshot = CoreFixtures.allocator(Features.all()).snapshot(slices(), List.of(CLASS_A), List.of());
        if (warm) {
          var unused = snapshot.allocate(node(NODE), claims); // remembers d-0 .. d-29: the next search uses candidates
        }
        try {
          var unused = snapshot.allocate(node(NODE), claims, AllocationOptions.defaults().withStepBudget(budget));
        } catch (SearchBudgetExceededException e) {
          assertThat(e.steps()).isEqualTo(budget + 1);
          continue;
        }
        if (warm) {
          assertThat(budget).as("steps with candidates").isEqualTo(needed);
        } else {
          needed = budget;
        }
        break;
      }
    }
    assertThat(needed).isGreaterThan(30);
  }

  @Test
  void aSuccessorOverTheSameSlicesSharesTheCandidatesAndNewSlicesStartAfresh() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(compiler).build();
    ClusterSnapshot snapshot = allocator.snapshot(slices(), List.of(CLASS_A), List.of());
    AllocationOutcome first = snapshot.allocate(node(NODE), List.of(wantsY("claim-0", 1)));
    ResourceClaim held = wantsY("claim-0", 1).withAllocation(((AllocationOutcome.Allocated) first).results().get(0));

    ClusterSnapshot next = snapshot.withAllocated(List.of(held));

    assertThat(CoreFixtures.devicesOf(next.allocate(node(NODE), List.of(wantsY("claim-1", 1)))))
        .containsExactly(List.of("req-0=pool-1/d-19"));
    assertThat(compiler.evaluations.get()).as("d-0 .. d-9 are known, d-10 .. d-19 are new").isEqualTo(40);
    Candidates shared = candidates(next);
    assertThat(candidates(snapshot)).isSameAs(shared);
    assertThat(shared.locals).containsExactly(9, 19);

    ClusterSnapshot rebuilt = allocator.snapshot(next, slices(), List.of(CLASS_A), List.of(held));
    assertThat(pool(rebuilt).layout()).as("new slices, new uids").isNotSameAs(pool(next).layout());
    assertThat(candidates(rebuilt).frontier).isZero();
  }

  @Test
  void devicesInUseWithoutResultsAreListedForAFullCheck() {
    CoreFixtures.TestCompiler compiler = new CoreFixtures.TestCompiler();
    StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(compiler).build();
    List<ResourceSlice> slices = slices();
    ResourceClaim held = CoreFixtures.allocated("held", "pool-1", "d-5", "d-9");
    ClusterSnapshot busy = allocator.snapshot(slices, List.of(CLASS_A), List.of(held));
    // In-use d-5 and d-9 are rejected before any selector runs on them.
    assertThat(CoreFixtures.devicesOf(busy.allocate(node(NODE), List.of(wantsY("claim-0", 2)))))
        .containsExactly(List.of("req-0=pool-1/d-19", "req-0=pool-1/d-29"));
    assertThat(compiler.evaluations.get()).isEqualTo(56);

    Candidates candidates = candidates(busy);
    assertThat(candidates.frontier).as("the frontier passes the in-use devices").isEqualTo(30);
    assertThat(candidates.locals).containsExactly(5, 9, 19, 29);
    assertThat(candidates.unknown(5)).isTrue();
    assertThat(candidates.unknown(9)).isTrue();
    assertThat(candidates.unknown(19)).isFalse();
    assertThat(CoreFixtures.devicesOf(busy.allocate(node(NODE), List.of(wantsY("claim-0", 2)))))
        .containsExactly(List.of("req-0=pool-1/d-19", "req-0=pool-1/d-29"));
    assertThat(compiler.evaluations.get()).as("nothing evaluated twice").isEqualTo(56);

    // Admin access may take an in-use device: the listed ones are evaluated, and d-5 does not match.
    ResourceClaim admin = claim("admin", CoreFixtures.exactly("req-0", Builders.CLASS, 1, "attr type == Y").adminAccess(true).build());
    assertThat(CoreFixtures.devicesOf(busy.allocate(node(NODE), List.of(admin)))).containsExactly(List.of("req-0=pool-1/d-9"));
    assertThat(compiler.evaluations.get()).isEqualTo(60);

    // A successor over the same slices where d-5 and d-9 are free shares the list and checks them.
    ClusterSnapshot free = allocator.snapshot(busy, slices, List.of(CLASS_A), List.of());
    assertThat(candidates(free)).isSameAs(candidates(busy));
    assertThat(CoreFixtures.devicesOf(free.allocate(node(NODE), List.of(wantsY("claim-1", 1)))))
        .containsExactly(List.of("req-0=pool-1/d-9"));
  }

  /*
   * The candidates of CLASS_A's selector and "attr type == Y", as far as results are remembered
   * (as a search that reaches the frontier extends them).
   */
  private static Candidates candidates(ClusterSnapshot snapshot) {
    CachedSelector[] cls = {snapshot.compile("driver == driver-a")};
    CachedSelector[] req = {snapshot.compile("attr type == Y")};
    SelectorsKey key = snapshot.selectorsKey(cls, req);
    PoolLayout layout = pool(snapshot).layout();
    Candidates c = layout.candidates(key, cls, req);
    c = c == null ? null : layout.extend(key, c, cls, req);
    return c == null ? new Candidates(SelectorsKey.of(cls, req), new int[0], 0, null) : c;
  }
}
