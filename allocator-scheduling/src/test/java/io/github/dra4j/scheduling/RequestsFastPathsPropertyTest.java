package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceRequirements;
import java.math.BigDecimal;
import java.math.RoundingMode;
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
 * quantities in every suffix, with fractions, exponents and amounts past Long.MAX_VALUE.
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
