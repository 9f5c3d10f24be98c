package io.github.dra4j.scheduling;

import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.ResourceClaim;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one workload scheduling cycle did with a PodGroup: placed at least {@code minCount} of its
 * pods (one for the basic policy), or none of them.
 *
 * @param group the PodGroup with its {@code PodGroupScheduled} condition set, as kube-scheduler
 *     sets it ({@code True}/{@code Scheduled} or {@code False}/{@code Unschedulable}), and {@code
 *     status.resourceClaimStatuses} naming the claims made from its claim templates; as given
 *     when the cycle did not run (too few pods yet)
 * @param scheduled whether the group's requirement was met and its placed pods committed
 * @param pods one result per pending pod of the group, in the order they were tried; when the
 *     group was rejected every one is {@link SchedulingResult.Unschedulable}
 * @param claims the claims made for the group from its templates, as this cycle left them
 * @param message the condition's message: kube-scheduler's reason when the group was rejected,
 *     such as {@code minCount (4) cannot be satisfied: 2 scheduled, 1 remaining}
 * @param joint with {@link GangSearch#JOINT}: when the default rejects the group, either {@code
 *     kube-scheduler rejects pod group ...; a placement exists: ...} (and that placement is the
 *     one committed) or {@code ...; no placement exists: <what blocks it>}; null otherwise
 * @param jointSteps the allocator calls the joint search made (0 when it did not run)
 */
public record PodGroupResult(PodGroup group, boolean scheduled, List<SchedulingResult> pods,
    List<ResourceClaim> claims, String message, @Nullable String joint, long jointSteps) {
  /**
   * Copies the lists.
   *
   * @param group see the record component
   * @param scheduled see the record component
   * @param pods see the record component
   * @param claims see the record component
   * @param message see the record component
   * @param joint see the record component
   * @param jointSteps see the record component
   */
  public PodGroupResult {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(message, "message");
    pods = List.copyOf(pods);
    claims = List.copyOf(claims);
  }

  /** {@return the kube-scheduler-style line of a group left pending: {@code pod group <ns>/<name> is unschedulable: <message>}} */
  public String line() {
    return "pod group " + PodClaimResolver.namespace(group.namespace()) + "/" + group.name()
        + (scheduled ? " is scheduled: " : " is unschedulable: ") + message;
  }
}
