package io.github.dra4j.api.simulation;

import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.PodGroupSchedulingConstraints;
import io.github.dra4j.api.PodGroupSchedulingPolicy;
import io.github.dra4j.api.PodGroupSpec;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How the pods of a gang pod kind arrive: {@code size} pods at once, in one {@code
 * scheduling.k8s.io} PodGroup with {@code spec}, placed all-or-nothing as kube-scheduler's
 * workload scheduling cycle places such a group. Arrival {@code i} of kind {@code k} is the
 * PodGroup {@code k-i} and its pods {@code k-i-0} to {@code k-i-<size-1>}; they leave together.
 *
 * @param size how many pods each group has, at least 1
 * @param spec the PodGroup's spec: a gang policy whose {@code minCount} is at most {@code size},
 *     an optional topology constraint, and the claims made once per group from templates (a
 *     named claim would be shared by every group of the kind, so it is refused)
 */
public record Gang(int size, PodGroupSpec spec) {
  /**
   * Checks the components.
   *
   * @throws IllegalArgumentException when the size is below 1, the policy is not a gang with
   *     {@code minCount} from 1 to {@code size}, or a group claim names a claim
   */
  public Gang {
    Objects.requireNonNull(spec, "spec");
    if (size < 1) {
      throw new IllegalArgumentException("gang size must be at least 1, got " + size);
    }
    if (spec.schedulingPolicy().gang() == null) {
      throw new IllegalArgumentException("a gang's PodGroup has a gang scheduling policy");
    }
    int minCount = spec.schedulingPolicy().minCount();
    if (minCount < 1 || minCount > size) {
      throw new IllegalArgumentException("gang minCount must be from 1 to the size " + size + ", got " + minCount);
    }
    for (PodGroupResourceClaim c : spec.resourceClaims()) {
      if (c.resourceClaimTemplateName() == null) {
        throw new IllegalArgumentException("group claim " + c.name() + " names no template; every group of a kind "
            + "would share a named claim");
      }
    }
  }

  /**
   * A gang of {@code size} pods of which at least {@code minCount} must be placed together.
   *
   * @param size how many pods each group has
   * @param minCount how many of them must fit for any to be placed
   * @param topologyKey a node label whose one value all the group's pods share, or null
   * @param resourceClaims the claims made once per group from templates
   * @return the gang
   * @throws IllegalArgumentException as the constructor does
   */
  public static Gang of(int size, int minCount, @Nullable String topologyKey,
      List<PodGroupResourceClaim> resourceClaims) {
    return new Gang(size, PodGroupSpec.builder()
        .schedulingPolicy(PodGroupSchedulingPolicy.gangPolicy(minCount))
        .schedulingConstraints(topologyKey == null ? null : PodGroupSchedulingConstraints.topology(topologyKey))
        .resourceClaims(resourceClaims)
        .build());
  }

  /** {@return how many of a group's pods must be placed together} */
  public int minCount() {
    return spec.schedulingPolicy().minCount();
  }
}
