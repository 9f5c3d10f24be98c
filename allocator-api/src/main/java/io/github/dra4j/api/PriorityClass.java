package io.github.dra4j.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@code scheduling.k8s.io/v1} PriorityClass: the priority that admission gives the pods that
 * name it in {@code spec.priorityClassName} (and, for the one with {@code globalDefault}, the
 * pods that name none), and their preemption policy when the pod sets none. The scheduler orders
 * pods and chooses preemption victims by that priority.
 *
 * @param metadata the name (cluster-scoped)
 * @param value the priority
 * @param globalDefault whether pods without {@code priorityClassName} get this class
 * @param preemptionPolicy {@code PreemptLowerPriority} or {@code Never}; null for the default
 *     ({@code PreemptLowerPriority})
 */
public record PriorityClass(ObjectMeta metadata, int value, boolean globalDefault, @Nullable String preemptionPolicy) {
  /** The policy of pods that may preempt lower-priority pods (the default). */
  public static final String PREEMPT_LOWER_PRIORITY = "PreemptLowerPriority";
  /** The policy of pods that never preempt others. */
  public static final String NEVER = "Never";

  public PriorityClass {
    Objects.requireNonNull(metadata, "metadata");
  }

  /** {@return a class with this name and value, not the global default, with the default policy} */
  public static PriorityClass of(String name, int value) {
    return new PriorityClass(ObjectMeta.named(name), value, false, null);
  }

  /** {@return the name, or null when the input had none} */
  public @Nullable String name() {
    return metadata.name();
  }
}
