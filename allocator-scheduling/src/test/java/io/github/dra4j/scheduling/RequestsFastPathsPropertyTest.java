package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerPort;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.PodStatus;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceRequirements;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/*
 * The per-pod fast paths of what NodeResourcesFit reads of a pod against their plain computation:
 * an amount taken as a long without rounding when it is a whole number below 10^18, and a
 * container's requests handed out without a copy when every limit has a request. Random
 * quantities in every suffix, with fractions, exponents and amounts past Long.MAX_VALUE. And a
 * pod bound with the requests its cycle worked out against the same pod's requests worked out
 * again at the bind. And a cycle handed the previous pod's amounts (PodAmounts) against the pod's
 * own, worked out afresh.
 */
final class RequestsFastPathsPropertyTest {
  private static final List<String> SUFFIXES = List.of("", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi",
      "Ti", "Pi", "Ei", "e3", "e-2", "e18", "n", "u");
  private static final List<String> NAMES = List.of("cpu", "memory", "ephemeral-storage", "hugepages-2Mi",
      "example.com/gpu", "pods");

  static LongStream seeds() {
    return LongStream.range(0, 8);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void amountEqualsTheRoundedBigDecimal(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 2_000; i++) {
      Quantity q = quantity(random);
      for (String name : NAMES) {
        assertThat(PodRequests.amount(name, q)).as("%s of %s", name, q).isEqualTo(plainAmount(name, q.value()));
      }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void containerRequestsEqualTheMergedCopy(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 500; i++) {
      Map<String, Quantity> requests = new HashMap<>();
      Map<String, Quantity> limits = new HashMap<>();
      for (String name : NAMES) {
        int pick = random.nextInt(4); // none, a request, a limit, both
        if (pick == 1 || pick == 3) {
          requests.put(name, quantity(random));
        }
        if (pick == 2 || pick == 3) {
          limits.put(name, quantity(random));
        }
      }
      Container c = new Container("c", new ResourceRequirements(limits, requests, List.of()), List.of(), null);
      Map<String, Quantity> plain = new TreeMap<>(requests);
      limits.forEach(plain::putIfAbsent);
      Map<String, Quantity> actual = ExtendedResources.requests(c);
      assertThat(actual).as("requests %s, limits %s", requests, limits).isEqualTo(plain);
      assertThat(List.copyOf(actual.keySet())).as("sorted by name").isEqualTo(List.copyOf(plain.keySet()));
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void boundWithTheCyclesRequestsEqualsWorkedOutAgain(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Node> nodes = List.of(Node.of("n0", Map.of()), Node.of("n1", Map.of()), Node.of("n2", Map.of()));
    NodeInfos plain = new NodeInfos(nodes, List.of());
    NodeInfos kept = new NodeInfos(nodes, List.of());
    List<String> columns = List.of("cpu", "memory", "hugepages-2Mi", "example.com/gpu");
    for (String name : columns) { // kept up to date from here on
      assertThat(kept.requestedColumn(name)).containsExactly(plain.requestedColumn(name));
    }
    List<Pod> bound = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      Pod pending = randomPod(random, i);
      int node = random.nextInt(nodes.size());
      Pod placed = new Pod(pending.metadata(), pending.spec().toBuilder().nodeName(nodes.get(node).name()).build(),
          pending.status());
      Cycle cycle = new Cycle(pending, List.of(), List.of(), kept);
      if (random.nextBoolean()) {
        // worked out by the filters before the bind
        assertThat(cycle.requests()).isEqualTo(PodRequests.of(pending));
      }
      plain.add(node, placed);
      kept.add(node, placed, List.of(), cycle);
      bound.add(placed);
      if (random.nextInt(4) == 0) {
        Pod leaving = bound.remove(random.nextInt(bound.size()));
        assertThat(kept.remove(leaving)).isEqualTo(plain.remove(leaving));
      }
      for (int n = 0; n < nodes.size(); n++) {
        String where = "seed " + seed + " pod " + i + " node " + n;
        assertThat(kept.requested(n)).as(where).isEqualTo(plain.requested(n));
        assertThat(kept.nonZeroRequested(n)).as(where).containsExactly(plain.nonZeroRequested(n));
        assertThat(kept.pods(n)).as(where).hasSameSizeAs(plain.pods(n));
        for (int k = 0; k < plain.pods(n).size(); k++) {
          NodeInfos.Bound want = plain.pods(n).get(k);
          NodeInfos.Bound got = kept.pods(n).get(k);
          assertThat(got.requests()).as(where).isEqualTo(want.requests());
          assertThat(got.nonZero()).as(where).containsExactly(want.nonZero());
          assertThat(got.ports()).as(where).isEqualTo(want.ports());
        }
        for (String name : columns) {
          assertThat(kept.requestedColumn(name)[n]).as(where + " " + name).isEqualTo(plain.requestedColumn(name)[n]);
        }
      }
    }
  }

  /*
   * Pods with their own spec objects, as decoded one by one: an equal copy of the previous pod, the
   * previous pod with one of the fields the amounts read changed (a container's requests or host
   * ports, an init container, the overhead, the pod-level requests), or a new random pod. Each
   * cycle of one scheduler's NodeInfos gives the requests, non-zero requests and host ports worked
   * out afresh for the pod, whichever of them it reads first.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void cycleAmountsEqualThoseOfThePodWorkedOutAfresh(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    NodeInfos infos = new NodeInfos(List.of(Node.of("n0", Map.of())), List.of());
    Pod previous = randomPod(random, 0);
    for (int i = 1; i < 300; i++) {
      Pod pod = switch (random.nextInt(3)) {
        case 0 -> withSpec(i, copy(previous.spec()), status(random));
        case 1 -> withSpec(i, oneChanged(random, copy(previous.spec())), status(random));
        default -> randomPod(random, i);
      };
      Cycle cycle = new Cycle(pod, List.of(), List.of(), infos);
      String where = "seed " + seed + " pod " + i;
      int first = random.nextInt(3);
      for (int k = 0; k < 3; k++) {
        switch ((first + k) % 3) {
          case 0 -> assertThat(cycle.requests()).as(where).isEqualTo(PodRequests.of(pod));
          case 1 -> assertThat(cycle.nonZero()).as(where).containsExactly(PodRequests.nonZero(pod));
          default -> assertThat(cycle.ports()).as(where).isEqualTo(NodeInfos.hostPorts(pod));
        }
      }
      previous = pod;
    }
  }

  private static Pod withSpec(int i, PodSpec spec, PodStatus status) {
    return new Pod(ObjectMeta.builder().name("p" + i).namespace("default").uid("u" + i).build(), spec, status);
  }

  /* A status the amounts do not read: an equal spec with another status still shares them. */
  private static PodStatus status(SplittableRandom random) {
    return switch (random.nextInt(3)) {
      case 0 -> PodStatus.EMPTY;
      case 1 -> new PodStatus(List.of(), null, "Running");
      default -> new PodStatus(List.of(), null, "Pending", List.of(), "n0", List.of());
    };
  }

  /* An equal spec that shares no object with this one but strings and quantities, as decoding makes it. */
  private static PodSpec copy(PodSpec spec) {
    PodSpec.Builder b = spec.toBuilder().containers(List.of()).initContainers(List.of());
    spec.containers().forEach(c -> b.addContainer(copy(c)));
    spec.initContainers().forEach(c -> b.addInitContainer(copy(c)));
    b.overhead(new HashMap<>(spec.overhead()));
    ResourceRequirements r = spec.resources();
    return b.resources(r == null ? null : new ResourceRequirements(new HashMap<>(r.limits()), new HashMap<>(r.requests()),
        new ArrayList<>(r.claims()))).build();
  }

  private static Container copy(Container c) {
    ResourceRequirements r = c.resources();
    List<ContainerPort> ports = new ArrayList<>();
    c.ports().forEach(p -> ports.add(new ContainerPort(p.name(), p.hostPort(), p.containerPort(), p.protocol(), p.hostIP())));
    return new Container(c.name(), new ResourceRequirements(new HashMap<>(r.limits()), new HashMap<>(r.requests()),
        new ArrayList<>(r.claims())), ports, c.restartPolicy(), c.image());
  }

  /*
   * The spec with one field the amounts read changed: requests, a limit alone (a request defaults
   * to it), host ports, an init container added, an init container's restartPolicy alone, overhead
   * or pod-level requests. The amounts mostly change with it, not always (pod-level cpu and memory
   * hide an added init container's).
   */
  private static PodSpec oneChanged(SplittableRandom random, PodSpec spec) {
    PodSpec.Builder b = spec.toBuilder();
    Container first = spec.containers().get(0);
    int change = random.nextInt(7);
    if (change == 5 && spec.initContainers().isEmpty()) {
      change = 2;
    }
    switch (change) {
      case 0 -> b.containers(withFirst(spec.containers(), new Container(first.name(), new ResourceRequirements(Map.of(),
          Map.of("cpu", Quantity.parse(3 + random.nextInt(5) + "000"), "example.com/gpu", Quantity.parse("1")), List.of()),
          first.ports(), null)));
      case 1 -> b.containers(withFirst(spec.containers(), new Container(first.name(), first.resources(),
          List.of(new ContainerPort(null, 9000 + random.nextInt(100), 90, null, null)), null)));
      case 2 -> b.addInitContainer(new Container("init" + random.nextInt(100), new ResourceRequirements(Map.of(),
          Map.of("cpu", Quantity.parse("1000"), "memory", Quantity.parse("1Ti")), List.of()), List.of(),
          random.nextBoolean() ? Container.RESTART_ALWAYS : null));
      case 3 -> b.overhead(Map.of("cpu", Quantity.parse(1 + random.nextInt(300) + "m"),
          "memory", Quantity.parse(1 + random.nextInt(64) + "Mi")));
      case 4 -> {
        Map<String, Quantity> limits = new HashMap<>(first.resources().limits());
        limits.put("ephemeral-storage", Quantity.parse(1 + random.nextInt(64) + "Gi"));
        b.containers(withFirst(spec.containers(), new Container(first.name(), new ResourceRequirements(limits,
            first.resources().requests(), first.resources().claims()), first.ports(), first.restartPolicy(),
            first.image())));
      }
      case 5 -> {
        List<Container> inits = new ArrayList<>(spec.initContainers());
        int at = random.nextInt(inits.size());
        Container init = inits.get(at);
        inits.set(at, new Container(init.name(), init.resources(), init.ports(),
            init.restartPolicy() == null ? Container.RESTART_ALWAYS : null, init.image()));
        b.initContainers(inits);
      }
      default -> b.resources(new ResourceRequirements(Map.of(), Map.of("cpu", Quantity.parse(5 + random.nextInt(4) + ""),
          "memory", Quantity.parse(5 + random.nextInt(4) + "Gi")), List.of()));
    }
    return b.build();
  }

  private static List<Container> withFirst(List<Container> containers, Container first) {
    List<Container> out = new ArrayList<>(containers);
    out.set(0, first);
    return out;
  }

  /* Containers, sidecar and plain init containers, overhead, pod-level requests and limits, and host ports, at random. */
  private static Pod randomPod(SplittableRandom random, int i) {
    PodSpec.Builder spec = PodSpec.builder();
    for (int c = 0; c < 1 + random.nextInt(3); c++) {
      List<ContainerPort> ports = random.nextInt(3) == 0
          ? List.of(new ContainerPort(null, 8000 + random.nextInt(4), 80, null, null)) : List.of();
      spec.addContainer(new Container("c" + c, smallAmounts(random), ports, null));
    }
    for (int c = 0; c < random.nextInt(3); c++) {
      spec.addInitContainer(new Container("i" + c, smallAmounts(random), List.of(),
          random.nextBoolean() ? Container.RESTART_ALWAYS : null));
    }
    if (random.nextInt(4) == 0) {
      spec.overhead(Map.of("cpu", Quantity.parse(random.nextInt(300) + "m")));
    }
    if (random.nextInt(4) == 0) {
      Map<String, Quantity> limits = random.nextBoolean() ? Map.of()
          : Map.of("cpu", Quantity.parse(5 + random.nextInt(4) + ""), "memory", Quantity.parse(5 + random.nextInt(4) + "Gi"));
      spec.resources(new ResourceRequirements(limits, Map.of("cpu", Quantity.parse(1 + random.nextInt(4) + ""),
          "memory", Quantity.parse(1 + random.nextInt(4) + "Gi")), List.of()));
    }
    return new Pod(ObjectMeta.builder().name("p" + i).namespace("default").uid("u" + i).build(), spec.build(),
        PodStatus.EMPTY);
  }

  private static ResourceRequirements smallAmounts(SplittableRandom random) {
    Map<String, Quantity> requests = new HashMap<>();
    if (random.nextBoolean()) {
      requests.put("cpu", Quantity.parse(random.nextInt(2000) + "m"));
    }
    if (random.nextBoolean()) {
      requests.put("memory", Quantity.parse(random.nextInt(8) + "Gi"));
    }
    if (random.nextInt(4) == 0) {
      requests.put("hugepages-2Mi", Quantity.parse(2 * random.nextInt(4) + "Mi"));
    }
    if (random.nextInt(4) == 0) {
      requests.put("example.com/gpu", Quantity.parse(Integer.toString(random.nextInt(3))));
    }
    Map<String, Quantity> limits = new HashMap<>();
    if (random.nextInt(3) == 0) { // a limit alone stands for the request
      limits.put("ephemeral-storage", Quantity.parse(1 + random.nextInt(8) + "Gi"));
    }
    if (random.nextInt(4) == 0) {
      limits.put("cpu", Quantity.parse(2 + random.nextInt(2) + ""));
    }
    return new ResourceRequirements(limits, requests, List.of());
  }

  private static Quantity quantity(SplittableRandom random) {
    String digits = switch (random.nextInt(5)) {
      case 0 -> Integer.toString(random.nextInt(10));
      case 1 -> Integer.toString(random.nextInt(100_000));
      case 2 -> random.nextInt(1000) + "." + random.nextInt(1000);
      case 3 -> Long.toString(random.nextLong(Long.MAX_VALUE));
      default -> "9" + "9".repeat(random.nextInt(22));
    };
    return Quantity.parse(digits + SUFFIXES.get(random.nextInt(SUFFIXES.size())));
  }

  /* millicores for cpu, units for the rest, rounded up and clamped to a long */
  private static long plainAmount(String resource, BigDecimal value) {
    BigDecimal v = resource.equals("cpu") ? value.movePointRight(3) : value;
    BigDecimal rounded = v.setScale(0, RoundingMode.CEILING);
    if (rounded.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      return Long.MAX_VALUE;
    }
    return rounded.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0 ? Long.MIN_VALUE : rounded.longValue();
  }
}
