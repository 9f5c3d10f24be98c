package io.github.dra4j.api.io;

import static io.github.dra4j.api.io.CoreTables.CONDITION;
import static io.github.dra4j.api.io.CoreTables.OBJECT_META;
import static io.github.dra4j.api.io.Types.INT32;
import static io.github.dra4j.api.io.Types.STRING;
import static io.github.dra4j.api.io.Types.list;

import io.github.dra4j.api.BasicSchedulingPolicy;
import io.github.dra4j.api.GangSchedulingPolicy;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.PodGroupResourceClaimStatus;
import io.github.dra4j.api.PodGroupSchedulingConstraints;
import io.github.dra4j.api.PodGroupSchedulingPolicy;
import io.github.dra4j.api.PodGroupSpec;
import io.github.dra4j.api.PodGroupStatus;
import io.github.dra4j.api.PodGroupTemplate;
import io.github.dra4j.api.TopologyConstraint;
import io.github.dra4j.api.TypedLocalObjectReference;
import io.github.dra4j.api.Workload;
import io.github.dra4j.api.PodGroupTemplateReference;
import io.github.dra4j.api.WorkloadPodGroupTemplateReference;
import io.github.dra4j.api.WorkloadSpec;
import java.util.List;

/*
 * The field tables of the scheduling.k8s.io Workload and PodGroup (GenericWorkload), as
 * scheduling.k8s.io/v1alpha2 serves them. The fields that do not decide placement (disruption
 * mode, priority class name) are known: accepted and checked, not kept.
 */
final class SchedulingTables {
  private SchedulingTables() {}

  /** The apiVersions of Workload and PodGroup, newest first. */
  static final List<String> SCHEDULING_VERSIONS = List.of("scheduling.k8s.io/v1alpha2");

  static final Table<BasicSchedulingPolicy> BASIC = Table.core(BasicSchedulingPolicy.class, "V1alpha2BasicSchedulingPolicy")
      .build();

  static final Table<GangSchedulingPolicy> GANG = Table.core(GangSchedulingPolicy.class, "V1alpha2GangSchedulingPolicy")
      .field(INT32).required()
      .build();

  static final Table<PodGroupSchedulingPolicy> POLICY = Table.core(PodGroupSchedulingPolicy.class,
          "V1alpha2PodGroupSchedulingPolicy")
      .field(BASIC)
      .field(GANG)
      .build();

  static final Table<TopologyConstraint> TOPOLOGY = Table.core(TopologyConstraint.class, "V1alpha2TopologyConstraint")
      .field(STRING).required()
      .build();

  static final Table<PodGroupSchedulingConstraints> CONSTRAINTS = Table.core(PodGroupSchedulingConstraints.class,
          "V1alpha2PodGroupSchedulingConstraints")
      .field(list(TOPOLOGY))
      .build();

  static final Table<PodGroupResourceClaim> GROUP_CLAIM = Table.core(PodGroupResourceClaim.class,
          "V1alpha2PodGroupResourceClaim")
      .field(STRING).required()
      .field(STRING)
      .field(STRING)
      .build();

  static final Table<PodGroupTemplate> TEMPLATE = Table.core(PodGroupTemplate.class, "V1alpha2PodGroupTemplate")
      .field(STRING).required()
      .field(POLICY).nonPointer().always()
      .field(CONSTRAINTS)
      .field(list(GROUP_CLAIM))
      .field(INT32)
      .known("disruptionMode priorityClassName")
      .build();

  static final Table<TypedLocalObjectReference> CONTROLLER_REF = Table.core(TypedLocalObjectReference.class,
          "V1alpha2TypedLocalObjectReference")
      .field(STRING)
      .field(STRING).required()
      .field(STRING).required()
      .build();

  static final Table<WorkloadSpec> WORKLOAD_SPEC = Table.core(WorkloadSpec.class, "V1alpha2WorkloadSpec")
      .field(CONTROLLER_REF)
      .field(list(TEMPLATE)).always()
      .build();

  static final Table<Workload> WORKLOAD = Table.core(Workload.class, "V1alpha2Workload")
      .field(OBJECT_META).nonPointer()
      .field(WORKLOAD_SPEC).nonPointer().always()
      .kind("Workload", SCHEDULING_VERSIONS)
      .build();

  static final Table<WorkloadPodGroupTemplateReference> WORKLOAD_TEMPLATE_REF = Table.core(
          WorkloadPodGroupTemplateReference.class, "V1alpha2WorkloadPodGroupTemplateReference")
      .field(STRING).required()
      .field(STRING).required()
      .build();

  static final Table<PodGroupTemplateReference> TEMPLATE_REF = Table.core(PodGroupTemplateReference.class,
          "V1alpha2PodGroupTemplateReference")
      .field(WORKLOAD_TEMPLATE_REF)
      .build();

  static final Table<PodGroupSpec> GROUP_SPEC = Table.core(PodGroupSpec.class, "V1alpha2PodGroupSpec")
      .field(TEMPLATE_REF)
      .field(POLICY).nonPointer().always()
      .field(CONSTRAINTS)
      .field(list(GROUP_CLAIM))
      .field(INT32)
      .known("disruptionMode priorityClassName")
      .build();

  static final Table<PodGroupResourceClaimStatus> GROUP_CLAIM_STATUS = Table.core(PodGroupResourceClaimStatus.class,
          "V1alpha2PodGroupResourceClaimStatus")
      .field(STRING).required()
      .field(STRING)
      .build();

  static final Table<PodGroupStatus> GROUP_STATUS = Table.core(PodGroupStatus.class, "V1alpha2PodGroupStatus")
      .field(list(CONDITION))
      .field(list(GROUP_CLAIM_STATUS))
      .build();

  static final Table<PodGroup> POD_GROUP = Table.core(PodGroup.class, "V1alpha2PodGroup")
      .field(OBJECT_META).nonPointer()
      .field(GROUP_SPEC).nonPointer().always()
      .field(GROUP_STATUS).nonPointer().omitEmpty()
      .kind("PodGroup", SCHEDULING_VERSIONS)
      .build();

  /** Every table of this class, for the known-fields table and the decoder. */
  static final List<Type<?>> ALL = List.of(BASIC, GANG, POLICY, TOPOLOGY, CONSTRAINTS, GROUP_CLAIM, TEMPLATE,
      CONTROLLER_REF, WORKLOAD_SPEC, WORKLOAD, WORKLOAD_TEMPLATE_REF, TEMPLATE_REF, GROUP_SPEC, GROUP_CLAIM_STATUS,
      GROUP_STATUS, POD_GROUP);
}
