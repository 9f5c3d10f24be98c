package io.github.dra4j.fabric8;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.KubernetesCodec;

/*
 * dra4j records -> fabric8, the inverse of ToRecords through the same field tables: the codec
 * writes a record as a Jackson tree (Kubernetes' omitempty habits: false booleans and empty lists
 * left out), and fabric8's own mapping reads the tree into its model, the KEP-5234 fields into
 * additionalProperties as the untyped maps fabric8 itself produces when it reads them, so a
 * written object equals a read one.
 */
final class ToFabric8 {
  static final String API_VERSION = "resource.k8s.io/v1";
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private ToFabric8() {}

  static io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice slice(ResourceSlice in) {
    return convert(in, io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class, "ResourceSlice " + in.name());
  }

  static io.fabric8.kubernetes.api.model.resource.v1.DeviceClass deviceClass(DeviceClass in) {
    return convert(in, io.fabric8.kubernetes.api.model.resource.v1.DeviceClass.class, "DeviceClass " + in.name());
  }

  static io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim(ResourceClaim in) {
    return convert(in, io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class, "ResourceClaim " + in.name());
  }

  static io.fabric8.kubernetes.api.model.Node node(Node in) {
    return convert(in, io.fabric8.kubernetes.api.model.Node.class, "Node " + in.name());
  }

  static io.fabric8.kubernetes.api.model.NodeSelector nodeSelector(NodeSelector in) {
    return convert(in, io.fabric8.kubernetes.api.model.NodeSelector.class, "NodeSelector");
  }

  /** Returns the status part of a claim; write-back sets it on the server's copy of the claim. */
  static io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus status(ResourceClaimStatus s, String ref) {
    return convert(s, io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus.class, ref);
  }

  static io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference consumer(
      ResourceClaimConsumerReference r) {
    return convert(r, io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference.class,
        "ResourceClaimConsumerReference");
  }

  static io.fabric8.kubernetes.api.model.resource.v1.AllocationResult allocation(AllocationResult a, String ref) {
    return convert(a, io.fabric8.kubernetes.api.model.resource.v1.AllocationResult.class, ref);
  }

  /**
   * Converts a record through JSON text, as the API server would send it, so that fabric8's
   * untyped values (raw parameters, additional properties) are the types its parser gives (a
   * Double for 2.5, an Integer for 1); {@code ref} names the record in errors.
   */
  private static <T> T convert(Object record, Class<T> type, String ref) {
    try {
      return Json.SERIALIZATION.unmarshal(Json.MAPPER.writeValueAsString(CODEC.toTree(record)), type);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new IllegalArgumentException(ref + ": " + Json.rootMessage(e), e);
    }
  }
}
