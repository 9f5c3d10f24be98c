package io.github.dra4j.api.field;

import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.jspecify.annotations.Nullable;

/**
 * The "did you mean" of dra4j's messages: the known name nearest to a misspelled one, so that an
 * unknown field ({@code allocationmode}) or command ({@code alocate}) names what was meant.
 */
public final class Suggestions {
  private Suggestions() {}

  /**
   * Returns the known name nearest to {@code name} by edit distance, ignoring case (a lower-cased
   * {@code allocationmode} is the commonest slip), when it is within a third of the name's length
   * (at least 2, so that a swap of two letters, {@code cuont}, is found); ties go to the first.
   *
   * @param name the name that is not known
   * @param known the names that are
   * @return the nearest known name, or null when none is that near
   */
  public static @Nullable String closest(String name, Iterable<String> known) {
    int limit = Math.max(2, name.length() / 3);
    LevenshteinDistance distance = new LevenshteinDistance(limit);
    String lower = name.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int d = distance.apply(lower, candidate.toLowerCase(Locale.ROOT));
      if (d >= 0 && d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
  }
}
