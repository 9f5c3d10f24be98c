package io.github.dra4j.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What has happened to a PodGroup: the scheduler's condition ({@code PodGroupInitiallyScheduled})
 * and the claims made for its claim templates.
 *
 * @param conditions the conditions, one per type
 * @param resourceClaimStatuses for each claim template entry, the claim made for it
 */
public record PodGroupStatus(List<Condition> conditions, List<PodGroupResourceClaimStatus> resourceClaimStatuses) {
  /** A status without conditions or claims. */
  public static final PodGroupStatus EMPTY = new PodGroupStatus(List.of(), List.of());

  public PodGroupStatus {
    conditions = Copies.list(conditions);
    resourceClaimStatuses = Copies.list(resourceClaimStatuses);
  }

  /** {@return whether nothing is set, so that writers can leave the status out} */
  public boolean isEmpty() {
    return conditions.isEmpty() && resourceClaimStatuses.isEmpty();
  }

  /**
   * {@return the condition of this type, or null}
   *
   * @param type the condition type
   */
  public @Nullable Condition condition(String type) {
    for (Condition c : conditions) {
      if (type.equals(c.type())) {
        return c;
      }
    }
    return null;
  }

  /**
   * Returns this status with a condition set, as {@code meta.SetStatusCondition} sets it: a
   * condition of the same type is replaced, the others keep their order.
   *
   * @param condition the condition; its type must be set
   * @return the new status
   */
  public PodGroupStatus withCondition(Condition condition) {
    Objects.requireNonNull(condition.type(), "condition type");
    List<Condition> out = new ArrayList<>();
    boolean replaced = false;
    for (Condition c : conditions) {
      if (condition.type().equals(c.type())) {
        out.add(condition);
        replaced = true;
      } else {
        out.add(c);
      }
    }
    if (!replaced) {
      out.add(condition);
    }
    return new PodGroupStatus(out, resourceClaimStatuses);
  }

  /**
   * {@return the claim made for a claim template entry, or null when none is recorded}
   *
   * @param entry the name of the entry in {@code spec.resourceClaims}
   */
  public @Nullable PodGroupResourceClaimStatus claimStatus(String entry) {
    for (PodGroupResourceClaimStatus s : resourceClaimStatuses) {
      if (s.name().equals(entry)) {
        return s;
      }
    }
    return null;
  }
}
