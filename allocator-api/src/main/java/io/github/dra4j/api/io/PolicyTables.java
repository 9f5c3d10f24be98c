package io.github.dra4j.api.io;

import static io.github.dra4j.api.io.CoreTables.LABEL_SELECTOR;
import static io.github.dra4j.api.io.CoreTables.OBJECT_META;
import static io.github.dra4j.api.io.Types.BOOL;
import static io.github.dra4j.api.io.Types.INT32;
import static io.github.dra4j.api.io.Types.INT_OR_STRING;
import static io.github.dra4j.api.io.Types.STRING;
import static io.github.dra4j.api.io.Types.map;

import io.github.dra4j.api.PodDisruptionBudget;
import io.github.dra4j.api.PodDisruptionBudgetSpec;
import io.github.dra4j.api.PodDisruptionBudgetStatus;
import io.github.dra4j.api.PriorityClass;
import java.util.List;

/*
 * The field tables of the objects preemption reads besides pods: scheduling.k8s.io/v1
 * PriorityClass and policy/v1 PodDisruptionBudget. The budget's minAvailable and maxUnavailable
 * are kept for a budget without status; of the status the disruption controller derives from
 * them, the scheduler reads disruptionsAllowed and disruptedPods alone.
 */
final class PolicyTables {
  private PolicyTables() {}

  static final Table<PriorityClass> PRIORITY_CLASS = Table.core(PriorityClass.class, "V1PriorityClass")
      .field(OBJECT_META).nonPointer()
      .field(INT32).required()
      .field(BOOL)
      .field(STRING)
      .known("description")
      .kind("PriorityClass", List.of("scheduling.k8s.io/v1"))
      .build();

  static final Table<PodDisruptionBudgetSpec> PDB_SPEC = Table.core(PodDisruptionBudgetSpec.class,
          "V1PodDisruptionBudgetSpec")
      .field(LABEL_SELECTOR)
      .field(INT_OR_STRING)
      .field(INT_OR_STRING)
      .known("unhealthyPodEvictionPolicy")
      .build();

  static final Table<PodDisruptionBudgetStatus> PDB_STATUS = Table.core(PodDisruptionBudgetStatus.class,
          "V1PodDisruptionBudgetStatus")
      .field(INT32)
      .field(map(STRING))
      .known("conditions[]:V1Condition currentHealthy desiredHealthy expectedPods observedGeneration")
      .build();

  static final Table<PodDisruptionBudget> PDB = Table.core(PodDisruptionBudget.class, "V1PodDisruptionBudget")
      .field(OBJECT_META).nonPointer()
      .field(PDB_SPEC).nonPointer().always()
      .field(PDB_STATUS).omitEmpty()
      .kind("PodDisruptionBudget", List.of("policy/v1"))
      .build();

  /** Every table of this class, for the known-fields table and the decoder. */
  static final List<Type<?>> ALL = List.of(PRIORITY_CLASS, PDB_SPEC, PDB_STATUS, PDB);
}
