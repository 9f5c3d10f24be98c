package io.github.dra4j.fabric8;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How current a {@link Fabric8Cluster}'s view is, per informer, at one instant. An informer
 * whose watch is established serves current data (up to the watch's own latency); one whose
 * watch is down, or that is listing again (after {@code 410 Gone} or an error), serves what it
 * had when it was last known current, and its staleness grows from then on.
 *
 * <p>A watch the network silently cut off (no reset, no error) still counts as established until
 * the client notices; fabric8 closes and reopens every watch after 5 to 10 minutes, which bounds
 * how long that can go unnoticed.
 *
 * @param at when the health was taken
 * @param informers one entry per informer, in the order they were started
 */
public record ClusterHealth(Instant at, List<Informer> informers) {
  /**
   * Copies the list.
   *
   * @param at see the record component
   * @param informers see the record component
   */
  public ClusterHealth {
    Objects.requireNonNull(at, "at");
    informers = List.copyOf(informers);
  }

  /**
   * One informer's state.
   *
   * @param kind the kind it watches, such as {@code ResourceClaim}
   * @param lastSync the last instant its data was known to be current: its watch was established
   *     and no list was in progress then
   * @param watching whether its watch is established and no list is in progress now
   * @param lastError the last list or watch error since the last completed list, or null
   */
  public record Informer(String kind, Instant lastSync, boolean watching, @Nullable String lastError) {
    /**
     * Checks the components.
     *
     * @param kind see the record component
     * @param lastSync see the record component
     * @param watching see the record component
     * @param lastError see the record component
     */
    public Informer {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(lastSync, "lastSync");
    }

    /**
     * Returns how old this informer's data may be at an instant.
     *
     * @param now the instant
     * @return zero while watching, else the time since {@link #lastSync}
     */
    public Duration staleness(Instant now) {
      return watching || now.isBefore(lastSync) ? Duration.ZERO : Duration.between(lastSync, now);
    }
  }

  /** {@return the largest staleness of any informer at {@link #at}: how old the view may be} */
  public Duration staleness() {
    Duration worst = Duration.ZERO;
    for (Informer i : informers) {
      Duration s = i.staleness(at);
      if (s.compareTo(worst) > 0) {
        worst = s;
      }
    }
    return worst;
  }

  /** {@return whether every informer is watching} */
  public boolean healthy() {
    return informers.stream().allMatch(Informer::watching);
  }

  /** {@return one line per informer that is not watching: kind, staleness and last error} */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    for (Informer i : informers) {
      if (!i.watching()) {
        sb.append(sb.length() == 0 ? "" : "\n").append(i.kind()).append(": not watching, data ")
            .append(i.staleness(at).toMillis()).append(" ms old");
        if (i.lastError() != null) {
          sb.append(", last error: ").append(i.lastError());
        }
      }
    }
    return sb.length() == 0 ? "every informer is watching" : sb.toString();
  }
}
