package io.github.dra4j.api.io;

import static io.github.dra4j.api.io.Types.BOOL;
import static io.github.dra4j.api.io.Types.INT32;
import static io.github.dra4j.api.io.Types.LONG;
import static io.github.dra4j.api.io.Types.QUANTITY;
import static io.github.dra4j.api.io.Types.STRING;
import static io.github.dra4j.api.io.Types.list;
import static io.github.dra4j.api.io.Types.map;

import io.github.dra4j.api.Affinity;
import io.github.dra4j.api.Condition;
import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerImage;
import io.github.dra4j.api.ContainerPort;
import io.github.dra4j.api.ContainerExtendedResourceRequest;
import io.github.dra4j.api.ContainerResourceClaim;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.LabelSelectorRequirement;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeAffinity;
import io.github.dra4j.api.NodeAllocatableMappedResources;
import io.github.dra4j.api.NodeAllocatableOverheadResources;
import io.github.dra4j.api.NodeAllocatableResourceClaimStatus;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.NodeSpec;
import io.github.dra4j.api.NodeStatus;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodAffinity;
import io.github.dra4j.api.PodAffinityTerm;
import io.github.dra4j.api.PodCondition;
import io.github.dra4j.api.PodExtendedResourceClaimStatus;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodResourceClaimStatus;
import io.github.dra4j.api.PodSchedulingGroup;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.PodStatus;
import io.github.dra4j.api.PreferredSchedulingTerm;
import io.github.dra4j.api.ResourceRequirements;
import io.github.dra4j.api.Taint;
import io.github.dra4j.api.Toleration;
import io.github.dra4j.api.TopologySpreadConstraint;
import io.github.dra4j.api.WeightedPodAffinityTerm;
import java.util.List;

/*
 * The field tables of the core (v1) types: metadata, node selectors, conditions, Node and the
 * Pod subset scheduling reads. A table lists the record's components in order (see Table); the
 * known(...) lines are the API's other fields, from client-java-api's models of Kubernetes 1.35
 * and k8s.io/api v0.37, so strict field validation accepts whole objects.
 */
final class CoreTables {
  private CoreTables() {}

  static final Table<OwnerReference> OWNER_REFERENCE = Table.core(OwnerReference.class, "V1OwnerReference")
      .field(STRING).required()
      .field(STRING).required()
      .field(STRING).required()
      .field(STRING)
      .field(BOOL)
      .field(BOOL)
      .build();

  static final Table<ObjectMeta> OBJECT_META = Table.core(ObjectMeta.class, "V1ObjectMeta")
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .field(LONG)
      .field(map(STRING))
      .field(map(STRING))
      .field(STRING)
      .field(list(OWNER_REFERENCE))
      .field(STRING)
      .known("creationTimestamp deletionGracePeriodSeconds finalizers "
          + "managedFields[]:V1ManagedFieldsEntry selfLink")
      .writeOrder("name", "generateName", "namespace", "uid", "resourceVersion", "generation", "deletionTimestamp",
          "labels", "annotations", "ownerReferences")
      .build();

  static final Table<NodeSelectorRequirement> NODE_SELECTOR_REQUIREMENT =
      Table.core(NodeSelectorRequirement.class, "V1NodeSelectorRequirement")
          .field(STRING).required()
          .field(STRING).required()
          .field(list(STRING))
          .shared()
      .build();

  static final Table<NodeSelectorTerm> NODE_SELECTOR_TERM = Table.core(NodeSelectorTerm.class, "V1NodeSelectorTerm")
      .field(list(NODE_SELECTOR_REQUIREMENT))
      .field(list(NODE_SELECTOR_REQUIREMENT))
      .shared()
      .build();

  /** An empty term list is meaningful (it matches nothing), so it is written. */
  static final Table<NodeSelector> NODE_SELECTOR = Table.core(NodeSelector.class, "V1NodeSelector")
      .field(list(NODE_SELECTOR_TERM)).always()
      .shared()
      .build();

  static final Table<Taint> TAINT = Table.core(Taint.class, "V1Taint")
      .field(STRING).required()
      .field(STRING)
      .field(STRING).required()
      .known("timeAdded")
      .build();

  /** Scheduling reads whether the node is cordoned and its taints. */
  static final Table<NodeSpec> NODE_SPEC = Table.core(NodeSpec.class, "V1NodeSpec")
      .field(BOOL)
      .field(list(TAINT))
      .known("configSource:V1NodeConfigSource externalID podCIDR podCIDRs "
          + "podPreemptionPolicy:V1NodePodPreemptionPolicy providerID")
      .writeOrder("taints", "unschedulable")
      .build();

  /** A size below 0 is refused: ImageLocality would score it as a negative amount of image. */
  static final Table<ContainerImage> CONTAINER_IMAGE = Table.core(ContainerImage.class, "V1ContainerImage")
      .field(list(STRING))
      .field(LONG)
      .check((values, r) -> {
        long size = (Long) values[1];
        if (size < 0) {
          r.push("sizeBytes");
          throw r.fail("Invalid value: " + size + ": must be greater than or equal to 0");
        }
      })
      .build();

  /*
   * Allocation reads the features the kubelet declares (DRAOptionalNodeOperations), scheduling
   * what is allocatable and the images the node holds (ImageLocality).
   */
  static final Table<NodeStatus> NODE_STATUS = Table.core(NodeStatus.class, "V1NodeStatus")
      .field(list(STRING))
      .field(map(QUANTITY))
      .field(list(CONTAINER_IMAGE))
      .known("addresses[]:V1NodeAddress capacity conditions[]:V1NodeCondition config:V1NodeConfigStatus "
          + "daemonEndpoints:V1NodeDaemonEndpoints features:V1NodeFeatures "
          + "nodeInfo:V1NodeSystemInfo phase runtimeHandlers[]:V1NodeRuntimeHandler volumesAttached[]:V1AttachedVolume "
          + "volumesInUse")
      .build();

  static final Table<Node> NODE = Table.core(Node.class, "V1Node")
      .field(OBJECT_META).nonPointer()
      .field(NODE_SPEC)
      .field(NODE_STATUS)
      .kind("Node", List.of("v1"))
      .check(CoreTables::nameRequired)
      .build();

  /** A cluster-scoped object without metadata.name cannot be created: its table's check. */
  static void nameRequired(Object[] values, Reading r) {
    if (((ObjectMeta) values[0]).name() == null) {
      r.push("metadata");
      r.push("name");
      throw r.fail("Required value: missing required field");
    }
  }

  /** Allocation never reads a condition, so every field is optional here; validation checks them. */
  static final Table<Condition> CONDITION = Table.core(Condition.class, "V1Condition")
      .field(STRING)
      .field(STRING)
      .field(LONG)
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .build();

  /* --- Pod --- */

  static final Table<ContainerResourceClaim> CONTAINER_CLAIM = Table.core(ContainerResourceClaim.class, "CoreV1ResourceClaim")
      .field(STRING).required()
      .field(STRING)
      .build();

  static final Table<ResourceRequirements> RESOURCE_REQUIREMENTS =
      Table.core(ResourceRequirements.class, "V1ResourceRequirements")
          .field(map(QUANTITY))
          .field(map(QUANTITY))
          .field(list(CONTAINER_CLAIM))
          .build();

  static final Table<ContainerPort> CONTAINER_PORT = Table.core(ContainerPort.class, "V1ContainerPort")
      .field(STRING)
      .field(INT32)
      .field(INT32).required()
      .field(STRING)
      .field(STRING)
      .writeOrder("name", "containerPort", "hostPort", "protocol", "hostIP")
      .build();

  static final Table<Container> CONTAINER = Table.core(Container.class, "V1Container")
      .field(STRING).required()
      .field(RESOURCE_REQUIREMENTS).nonPointer().omitEmpty()
      .field(list(CONTAINER_PORT))
      .field(STRING)
      .field(STRING)
      .known("args command env[]:V1EnvVar envFrom[]:V1EnvFromSource imagePullPolicy lifecycle:V1Lifecycle "
          + "livenessProbe:V1Probe readinessProbe:V1Probe "
          + "resizePolicy[]:V1ContainerResizePolicy restartPolicyRules[]:V1ContainerRestartRule "
          + "securityContext:V1SecurityContext startupProbe:V1Probe stdin stdinOnce terminationMessagePath "
          + "terminationMessagePolicy tty volumeDevices[]:V1VolumeDevice volumeMounts[]:V1VolumeMount workingDir")
      .build();

  static final Table<PodResourceClaim> POD_RESOURCE_CLAIM = Table.core(PodResourceClaim.class, "V1PodResourceClaim")
      .field(STRING).required()
      .field(STRING)
      .field(STRING)
      .build();

  static final Table<LabelSelectorRequirement> LABEL_SELECTOR_REQUIREMENT =
      Table.core(LabelSelectorRequirement.class, "V1LabelSelectorRequirement")
          .field(STRING).required()
          .field(STRING).required()
          .field(list(STRING))
          .build();

  static final Table<LabelSelector> LABEL_SELECTOR = Table.core(LabelSelector.class, "V1LabelSelector")
      .field(map(STRING))
      .field(list(LABEL_SELECTOR_REQUIREMENT))
      .build();

  static final Table<PreferredSchedulingTerm> PREFERRED_SCHEDULING_TERM =
      Table.core(PreferredSchedulingTerm.class, "V1PreferredSchedulingTerm")
          .field(INT32).required()
          .field(NODE_SELECTOR_TERM).required()
          .build();

  static final Table<NodeAffinity> NODE_AFFINITY = Table.core(NodeAffinity.class, "V1NodeAffinity")
      .field("requiredDuringSchedulingIgnoredDuringExecution", NODE_SELECTOR)
      .field("preferredDuringSchedulingIgnoredDuringExecution", list(PREFERRED_SCHEDULING_TERM))
      .build();

  static final Table<PodAffinityTerm> POD_AFFINITY_TERM = Table.core(PodAffinityTerm.class, "V1PodAffinityTerm")
      .field(LABEL_SELECTOR)
      .field(list(STRING))
      .field(STRING).required()
      .field(LABEL_SELECTOR)
      .field(list(STRING))
      .field(list(STRING))
      .build();

  static final Table<WeightedPodAffinityTerm> WEIGHTED_POD_AFFINITY_TERM =
      Table.core(WeightedPodAffinityTerm.class, "V1WeightedPodAffinityTerm")
          .field(INT32).required()
          .field(POD_AFFINITY_TERM).required()
          .build();

  static final Table<PodAffinity> POD_AFFINITY = podAffinity("V1PodAffinity");
  static final Table<PodAffinity> POD_ANTI_AFFINITY = podAffinity("V1PodAntiAffinity");

  private static Table<PodAffinity> podAffinity(String typeName) {
    return Table.core(PodAffinity.class, typeName)
        .field("requiredDuringSchedulingIgnoredDuringExecution", list(POD_AFFINITY_TERM))
        .field("preferredDuringSchedulingIgnoredDuringExecution", list(WEIGHTED_POD_AFFINITY_TERM))
        .build();
  }

  static final Table<Affinity> AFFINITY = Table.core(Affinity.class, "V1Affinity")
      .field(NODE_AFFINITY)
      .field(POD_AFFINITY)
      .field(POD_ANTI_AFFINITY)
      .build();

  static final Table<Toleration> TOLERATION = Table.core(Toleration.class, "V1Toleration")
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .field(LONG)
      .build();

  static final Table<TopologySpreadConstraint> TOPOLOGY_SPREAD_CONSTRAINT =
      Table.core(TopologySpreadConstraint.class, "V1TopologySpreadConstraint")
          .field(INT32).required()
          .field(STRING).required()
          .field(STRING).required()
          .field(LABEL_SELECTOR)
          .field(INT32)
          .field(STRING)
          .field(STRING)
          .field(list(STRING))
          .build();

  static final Table<PodSchedulingGroup> SCHEDULING_GROUP = Table.core(PodSchedulingGroup.class, "V1PodSchedulingGroup")
      .field(STRING)
      .build();

  static final Table<PodSpec> POD_SPEC = Table.core(PodSpec.class, "V1PodSpec")
      .field(STRING)
      .field(map(STRING))
      .field(AFFINITY)
      .field(INT32)
      .field(list(POD_RESOURCE_CLAIM))
      .field(list(CONTAINER))
      .field(list(CONTAINER)).always()
      .field(list(TOLERATION))
      .field(list(TOPOLOGY_SPREAD_CONSTRAINT))
      .field(map(QUANTITY))
      .field(SCHEDULING_GROUP)
      .field(STRING)
      .field(STRING)
      .field(STRING)
      .field(RESOURCE_REQUIREMENTS)
      .known("activeDeadlineSeconds automountServiceAccountToken dnsConfig:V1PodDNSConfig dnsPolicy "
          + "enableServiceLinks ephemeralContainers[]:V1EphemeralContainer evictionResponders[]:V1EvictionResponder "
          + "hostAliases[]:V1HostAlias hostIPC hostNetwork hostPID hostUsers hostname hostnameOverride "
          + "imagePullSecrets[]:V1LocalObjectReference os:V1PodOS "
          + "readinessGates[]:V1PodReadinessGate restartPolicy runtimeClassName "
          + "schedulingGates[]:V1PodSchedulingGate "
          + "securityContext:V1PodSecurityContext serviceAccount serviceAccountName setHostnameAsFQDN "
          + "shareProcessNamespace subdomain terminationGracePeriodSeconds volumes[]:V1Volume")
      .build();

  static final Table<PodResourceClaimStatus> POD_RESOURCE_CLAIM_STATUS =
      Table.core(PodResourceClaimStatus.class, "V1PodResourceClaimStatus")
          .field(STRING).required()
          .field(STRING)
          .build();

  static final Table<ContainerExtendedResourceRequest> EXTENDED_RESOURCE_REQUEST =
      Table.core(ContainerExtendedResourceRequest.class, "V1ContainerExtendedResourceRequest")
          .field(STRING).required()
          .field(STRING).required()
          .field(STRING).required()
          .build();

  static final Table<PodExtendedResourceClaimStatus> EXTENDED_RESOURCE_CLAIM_STATUS =
      Table.core(PodExtendedResourceClaimStatus.class, "V1PodExtendedResourceClaimStatus")
          .field(list(EXTENDED_RESOURCE_REQUEST)).always()
          .field(STRING).required()
          .build();

  static final Table<NodeAllocatableMappedResources> NODE_ALLOCATABLE_MAPPED_RESOURCES =
      Table.core(NodeAllocatableMappedResources.class, "V1NodeAllocatableMappedResources")
          .field(STRING).required()
          .field(QUANTITY).required()
          .build();

  static final Table<NodeAllocatableOverheadResources> NODE_ALLOCATABLE_OVERHEAD_RESOURCES =
      Table.core(NodeAllocatableOverheadResources.class, "V1NodeAllocatableOverheadResources")
          .field(STRING).required()
          .field(QUANTITY)
          .field(QUANTITY)
          .build();

  static final Table<NodeAllocatableResourceClaimStatus> NODE_ALLOCATABLE_RESOURCE_CLAIM_STATUS =
      Table.core(NodeAllocatableResourceClaimStatus.class, "V1NodeAllocatableResourceClaimStatus")
          .field(STRING).required()
          .field(list(STRING))
          .field(list(NODE_ALLOCATABLE_MAPPED_RESOURCES))
          .field(list(NODE_ALLOCATABLE_OVERHEAD_RESOURCES))
          .build();

  static final Table<PodCondition> POD_CONDITION = Table.core(PodCondition.class, "V1PodCondition")
      .field(STRING).required()
      .field(STRING).required()
      .field(STRING)
      .known("lastProbeTime lastTransitionTime message observedGeneration")
      .build();

  static final Table<PodStatus> POD_STATUS = Table.core(PodStatus.class, "V1PodStatus")
      .field(list(POD_RESOURCE_CLAIM_STATUS))
      .field(EXTENDED_RESOURCE_CLAIM_STATUS)
      .field(STRING)
      .field(list(NODE_ALLOCATABLE_RESOURCE_CLAIM_STATUS))
      .field(STRING)
      .field(list(POD_CONDITION))
      .known("allocatedResources containerStatuses[]:V1ContainerStatus "
          + "ephemeralContainerStatuses[]:V1ContainerStatus hostIP hostIPs[]:V1HostIP "
          + "initContainerStatuses[]:V1ContainerStatus message "
          + "observedGeneration podIP podIPs[]:V1PodIP qosClass reason resize resources:V1ResourceRequirements "
          + "startTime volumeHealth[]:V1PodVolumeHealth")
      .build();

  static final Table<Pod> POD = Table.core(Pod.class, "V1Pod")
      .field(OBJECT_META).nonPointer()
      .field(POD_SPEC).nonPointer()
      .field(POD_STATUS).nonPointer().omitEmpty()
      .kind("Pod", List.of("v1"))
      .build();

  /** Every table and wrapper of this class, for the known-fields table. */
  static final List<Type<?>> ALL = List.of(OWNER_REFERENCE, OBJECT_META, NODE_SELECTOR_REQUIREMENT, NODE_SELECTOR_TERM,
      NODE_SELECTOR, TAINT, NODE_SPEC, CONTAINER_IMAGE, NODE_STATUS, NODE, CONDITION, CONTAINER_CLAIM, RESOURCE_REQUIREMENTS, CONTAINER_PORT,
      CONTAINER, POD_RESOURCE_CLAIM, LABEL_SELECTOR_REQUIREMENT, LABEL_SELECTOR, PREFERRED_SCHEDULING_TERM, NODE_AFFINITY,
      POD_AFFINITY_TERM, WEIGHTED_POD_AFFINITY_TERM, POD_AFFINITY, POD_ANTI_AFFINITY, AFFINITY, TOLERATION,
      TOPOLOGY_SPREAD_CONSTRAINT, SCHEDULING_GROUP, POD_SPEC, POD_RESOURCE_CLAIM_STATUS, EXTENDED_RESOURCE_REQUEST, EXTENDED_RESOURCE_CLAIM_STATUS, POD_STATUS, POD);
}
