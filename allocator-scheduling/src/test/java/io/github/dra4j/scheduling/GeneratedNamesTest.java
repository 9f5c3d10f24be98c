package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/*
 * The per-thread digest gives what a new MessageDigest per call gives: random texts (ASCII and
 * beyond, empty and long), each hashed twice in a row and from several threads at once.
 */
final class GeneratedNamesTest {
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

  private static String text(Random random) {
    StringBuilder sb = new StringBuilder();
    int length = random.nextInt(5) == 0 ? random.nextInt(400) : random.nextInt(40);
    for (int i = 0; i < length; i++) {
      sb.append(random.nextInt(8) == 0 ? (char) (0xa0 + random.nextInt(0x2000)) : (char) (' ' + random.nextInt(95)));
    }
    return sb.toString();
  }

  /* The suffix as a new SHA-256 digest per call gives it. */
  private static String plainSuffix(String seed) throws Exception {
    byte[] hash = MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      sb.append(ALPHABET.charAt((hash[i] & 0xff) % ALPHABET.length()));
    }
    return sb.toString();
  }

  private static void check(long seed) throws Exception {
    Random random = new Random(seed);
    for (int i = 0; i < 500; i++) {
      String t = text(random);
      String suffix = plainSuffix(t);
      assertThat(GeneratedNames.suffix(t)).as("suffix of %s", t).isEqualTo(suffix);
      assertThat(GeneratedNames.suffix(t)).isEqualTo(suffix);
    }
  }

  @Test
  void digests_perThread_asANewDigestPerCall() throws Exception {
    check(1);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> runs = new ArrayList<>();
      for (long seed = 2; seed < 10; seed++) {
        long s = seed;
        runs.add(pool.submit(() -> {
          check(s);
          return null;
        }));
      }
      for (Future<?> f : runs) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void nameUuid_isVersion3() {
    UUID uuid = UUID.fromString(GeneratedNames.nameUuid("default/pod-0"));
    assertThat(uuid.version()).isEqualTo(3);
    assertThat(uuid.variant()).isEqualTo(2);
  }
}
