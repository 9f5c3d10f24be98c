package io.github.dra4j.fabric8;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;

/**
 * Converts between fabric8's {@code resource.k8s.io} model ({@code v1} and {@code v1beta2}, which
 * have the same shape) and the dra4j records, field for field, so that a scheduler that reads
 * objects through fabric8 can hand them to the allocator and write results back.
 *
 * <p>fabric8 has no typed fields for ResourceSlice mixins (KEP-5234) nor for the fields of
 * Kubernetes 1.37 that its model (7.8) predates: {@code spec.mixins}, the {@code includes} lists,
 * a device's {@code nodeAllocatableResources}, a counter consumption's
 * {@code compatibilityGroups}, a slice's {@code partitionTypeAttribute} and
 * {@code skipNodeOperations}, a request's {@code derivedAttributes}, a result's
 * {@code skipNodeOperations} and a node's {@code status.declaredFeatures} are read from, and
 * written to, the objects' additional properties, so they survive a round trip.
 *
 * <p>Only what allocation needs crosses over: object metadata is reduced to name, namespace, uid,
 * resourceVersion, generation and labels; a claim's {@code status.devices} and a device's
 * {@code nodeAllocatableResourceMappings} (the alpha field of Kubernetes 1.36 that 1.37 replaced
 * with {@code nodeAllocatableResources}) are not carried. False booleans are written as unset,
 * as the API server prints them. Quantities convert exactly (and print canonically).
 *
 * <p>Inputs are never modified; outputs share no mutable state with inputs. All methods are
 * thread-safe.
 *
 * <pre>{@code
 * ResourceSlice slice = Fabric8Adapters.toRecord(client.resource().v1().resourceSlices().withName("s").get());
 * }</pre>
 */
public final class Fabric8Adapters {
  private static final String V1BETA2 = "resource.k8s.io/v1beta2";

  private Fabric8Adapters() {}

  /* --- resource.k8s.io/v1 -> records --- */

  /**
   * Converts a v1 ResourceSlice.
   *
   * @param slice the fabric8 object
   * @return the record
   * @throws Fabric8ConversionException naming the slice and field when a required field is
   *     missing, a quantity or mixin is malformed, or an attribute has not exactly one value
   */
  public static ResourceSlice toRecord(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice slice) {
    return ToRecords.slice(slice);
  }

  /**
   * Converts a v1 DeviceClass.
   *
   * @param deviceClass the fabric8 object
   * @return the record
   * @throws Fabric8ConversionException naming the class and field on malformed input
   */
  public static DeviceClass toRecord(io.fabric8.kubernetes.api.model.resource.v1.DeviceClass deviceClass) {
    return ToRecords.deviceClass(deviceClass);
  }

  /**
   * Converts a v1 ResourceClaim with its spec and, when present, {@code status.allocation} and
   * {@code status.reservedFor}.
   *
   * @param claim the fabric8 object
   * @return the record
   * @throws Fabric8ConversionException naming the claim and field on malformed input
   */
  public static ResourceClaim toRecord(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim) {
    return ToRecords.claim(claim);
  }

  /**
   * Converts a core/v1 Node to the fields dra4j reads: name and labels (node selectors), whether it is
   * cordoned, its taints, its allocatable resources and declared features.
   *
   * @param node the fabric8 node
   * @return the record
   * @throws Fabric8ConversionException when the node has no name
   */
  public static Node toRecord(io.fabric8.kubernetes.api.model.Node node) {
    return ToRecords.node(node);
  }

  /**
   * Converts a core/v1 NodeSelector.
   *
   * @param selector the fabric8 selector
   * @return the record
   * @throws Fabric8ConversionException when a requirement lacks its key or operator
   */
  public static NodeSelector toRecord(io.fabric8.kubernetes.api.model.NodeSelector selector) {
    return ToRecords.nodeSelector(selector);
  }

  /* --- resource.k8s.io/v1beta2 -> records --- */

  /**
   * Converts a v1beta2 ResourceSlice (same shape as v1).
   *
   * @param slice the fabric8 object
   * @return the record
   * @throws Fabric8ConversionException on malformed input, as {@link #toRecord(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice)}
   */
  public static ResourceSlice toRecord(io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceSlice slice) {
    return ToRecords.slice(Versions.toV1(slice, io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class));
  }

  /**
   * Converts a v1beta2 DeviceClass (same shape as v1).
   *
   * @param deviceClass the fabric8 object
   * @return the record
   * @throws Fabric8ConversionException on malformed input
   */
  public static DeviceClass toRecord(io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceClass deviceClass) {
    return ToRecords.deviceClass(
        Versions.toV1(deviceClass, io.fabric8.kubernetes.api.model.resource.v1.DeviceClass.class));
  }

  /**
   * Converts a v1beta2 ResourceClaim (same shape as v1).
   *
   * @param claim the fabric8 object
   * @return the record
   * @throws Fabric8ConversionException on malformed input
   */
  public static ResourceClaim toRecord(io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceClaim claim) {
    return ToRecords.claim(Versions.toV1(claim, io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class));
  }

  /* --- records -> resource.k8s.io/v1 --- */

  /** {@return a new fabric8 v1 ResourceSlice equal in content to the record, mixins included} */
  public static io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice toFabric8(ResourceSlice slice) {
    return ToFabric8.slice(slice);
  }

  /** {@return a new fabric8 v1 DeviceClass equal in content to the record} */
  public static io.fabric8.kubernetes.api.model.resource.v1.DeviceClass toFabric8(DeviceClass deviceClass) {
    return ToFabric8.deviceClass(deviceClass);
  }

  /** {@return a new fabric8 v1 ResourceClaim equal in content to the record, status included} */
  public static io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim toFabric8(ResourceClaim claim) {
    return ToFabric8.claim(claim);
  }

  /** {@return a new fabric8 Node with the record's metadata} */
  public static io.fabric8.kubernetes.api.model.Node toFabric8(Node node) {
    return ToFabric8.node(node);
  }

  /** {@return a new fabric8 NodeSelector equal to the record} */
  public static io.fabric8.kubernetes.api.model.NodeSelector toFabric8(NodeSelector selector) {
    return ToFabric8.nodeSelector(selector);
  }

  /* --- records -> resource.k8s.io/v1beta2 --- */

  /** {@return a new fabric8 v1beta2 ResourceSlice equal in content to the record} */
  public static io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceSlice toFabric8V1beta2(ResourceSlice slice) {
    return Versions.fromV1(ToFabric8.slice(slice),
        io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceSlice.class, V1BETA2);
  }

  /** {@return a new fabric8 v1beta2 DeviceClass equal in content to the record} */
  public static io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceClass toFabric8V1beta2(
      DeviceClass deviceClass) {
    return Versions.fromV1(ToFabric8.deviceClass(deviceClass),
        io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceClass.class, V1BETA2);
  }

  /** {@return a new fabric8 v1beta2 ResourceClaim equal in content to the record} */
  public static io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceClaim toFabric8V1beta2(
      ResourceClaim claim) {
    return Versions.fromV1(ToFabric8.claim(claim),
        io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceClaim.class, V1BETA2);
  }
}
