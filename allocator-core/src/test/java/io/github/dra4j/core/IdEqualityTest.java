package io.github.dra4j.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/*
 * DeviceId and PoolId write their equals and hashCode out: they must equal the methods a record
 * generates (the same hash, so that hashed collections iterate in the same order, and equality
 * by every component), which records of the same components still have.
 */
final class IdEqualityTest {
  private record GeneratedDeviceId(String driver, String pool, String device) {}

  private record GeneratedPoolId(String driver, String pool) {}

  private static final List<String> NAMES = List.of("", "a", "b", "gpu.nvidia.com", "node-1", "node-10",
      "gpu-0", "gpu-0-mig-1g.10gb-0", "Aa", "BB");

  @Test
  void writtenOutMethodsEqualTheGeneratedOnes() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 2_000; i++) {
      String driver = pick(random);
      String pool = pick(random);
      String device = pick(random);
      String otherDriver = random.nextBoolean() ? driver : pick(random);
      String otherPool = random.nextBoolean() ? pool : pick(random);
      String otherDevice = random.nextBoolean() ? device : pick(random);

      DeviceId id = new DeviceId(driver, pool, device);
      DeviceId other = new DeviceId(new String(otherDriver), new String(otherPool), new String(otherDevice));
      assertThat(id.hashCode()).isEqualTo(new GeneratedDeviceId(driver, pool, device).hashCode());
      assertThat(id.equals(other)).as("%s against %s", id, other).isEqualTo(
          new GeneratedDeviceId(driver, pool, device).equals(new GeneratedDeviceId(otherDriver, otherPool, otherDevice)));
      Object asPool = new PoolId(driver, pool);
      assertThat(id.equals(asPool)).isFalse();

      PoolId p = new PoolId(driver, pool);
      PoolId q = new PoolId(new String(otherDriver), new String(otherPool));
      assertThat(p.hashCode()).isEqualTo(new GeneratedPoolId(driver, pool).hashCode());
      assertThat(p.equals(q)).as("%s against %s", p, q).isEqualTo(
          new GeneratedPoolId(driver, pool).equals(new GeneratedPoolId(otherDriver, otherPool)));
      Object asDevice = id;
      assertThat(p.equals(asDevice)).isFalse();
    }
  }

  private static String pick(SplittableRandom random) {
    return NAMES.get(random.nextInt(NAMES.size()));
  }
}
