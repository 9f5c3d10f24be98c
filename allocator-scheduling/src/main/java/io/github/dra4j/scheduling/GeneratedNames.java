package io.github.dra4j.scheduling;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.UUID;
import java.util.function.Predicate;

/*
 * Names of the claims made for pods, as the API server names an object created with
 * metadata.generateName, but with a suffix derived from the pod instead of a random one, so that
 * runs repeat. The base is cut as the resourceclaim controller and the API server cut it.
 */
final class GeneratedNames {
  /** The API server's alphabet for generated suffixes (no vowels, no confusable characters). */
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
  private static final int SUFFIX_LENGTH = 5;
  /** 63 characters minus the suffix: the API server cuts a longer base to this. */
  private static final int MAX_BASE_LENGTH = 63 - SUFFIX_LENGTH;
  /** The resourceclaim controller leaves room for a hyphen too. */
  private static final int MAX_CLAIM_BASE_LENGTH = MAX_BASE_LENGTH - 1;
  /*
   * One digest per thread, reset by every digest() call: looking the algorithm up in the security
   * providers cost as much as the hash itself, once per generated name.
   */
  private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(() -> digest("SHA-256"));

  private GeneratedNames() {}

  /**
   * The generateName of the claim made from a template for one pod claim: {@code
   * <pod>-<podClaim>-}, or both parts cut in proportion to their lengths when that is longer than
   * 57 characters, as the resourceclaim controller cuts them.
   */
  static String templateClaimBase(String pod, String podClaim) {
    String base = pod + "-" + podClaim + "-";
    if (base.length() > MAX_CLAIM_BASE_LENGTH) {
      int total = base.length();
      base = pod.substring(0, pod.length() * MAX_CLAIM_BASE_LENGTH / total) + "-"
          + podClaim.substring(0, podClaim.length() * MAX_CLAIM_BASE_LENGTH / total);
    }
    return base;
  }

  /** {@return the generateName of a pod's extended resource claim, {@code <pod>-extended-resources-}} */
  static String extendedClaimBase(String pod) {
    return pod + "-extended-resources-";
  }

  /**
   * The name for a generateName: the base (cut to 58 characters) and five characters of the API
   * server's alphabet taken from the SHA-256 of {@code seed}; when that name is taken, of
   * {@code seed + "#1"}, {@code "#2"}, ...
   *
   * @param base the generateName
   * @param seed what identifies the object to name, such as namespace, pod and pod claim
   * @param taken whether a name is already used in the namespace
   */
  static String name(String base, String seed, Predicate<String> taken) {
    String cut = base.length() > MAX_BASE_LENGTH ? base.substring(0, MAX_BASE_LENGTH) : base;
    for (int attempt = 0; ; attempt++) {
      String name = cut + suffix(attempt == 0 ? seed : seed + "#" + attempt);
      if (!taken.test(name)) {
        return name;
      }
    }
  }

  static String suffix(String seed) {
    byte[] hash = SHA_256.get().digest(seed.getBytes(StandardCharsets.UTF_8));
    StringBuilder sb = new StringBuilder(SUFFIX_LENGTH);
    for (int i = 0; i < SUFFIX_LENGTH; i++) {
      sb.append(ALPHABET.charAt((hash[i] & 0xff) % ALPHABET.length()));
    }
    return sb.toString();
  }

  /**
   * {@return the name-based (version 3) UUID of {@code name}} The UID of a pod that has none, so
   * that owner references and reservations can name it. A per-thread MD5 digest measured no
   * faster than the JDK's lookup per call (about 250 to 400 ns either way, once per pod).
   */
  static String nameUuid(String name) {
    return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
  }

  private static MessageDigest digest(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(algorithm + " is required of every Java platform", e);
    }
  }
}
