package io.github.dra4j.api.validation;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourcePoolStatusRequestSpec;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.Workload;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates API objects the way the API server would, so that a bad slice or claim is
 * reported with every problem and its field path before the allocator sees it. Rules come
 * from the {@code resource.k8s.io/v1} API reference, KEP-4815 (partitionable devices) and
 * KEP-5234 (ResourceSlice mixins); {@code docs/validation.md} lists each rule, its path and
 * its message, and the choices made where the texts disagree.
 *
 * <p>Errors print like Kubernetes' {@code field.ErrorList}:
 * <pre>{@code
 * for (FieldError e : Validator.validate(slice)) {
 *   System.err.println(e); // spec.devices[3].includes: Too many: 9: must have at most 8 items
 * }
 * }</pre>
 *
 * <p>Validation is pure: it never throws for bad content, never mutates its input, and returns
 * an empty list for a valid object. It checks each object alone; {@link CrossObjectValidator}
 * checks objects against each other (duplicate names, the slices of a pool, references to
 * classes, claims and templates).
 */
public final class Validator {
  private Validator() {}

  /**
   * Validates a ResourceSlice: metadata, driver, pool, node selection, devices, counter sets,
   * mixins and the per-slice limits.
   *
   * @param slice the slice
   * @return every error, in field order; empty when the slice is valid
   */
  public static List<FieldError> validate(ResourceSlice slice) {
    return SliceValidation.validate(slice);
  }

  /**
   * Validates the metadata and spec of a ResourceClaim, and the reservations in its status
   * ({@code status.reservedFor}), which the decoder accepts incomplete because allocation
   * never reads them.
   *
   * @param claim the claim
   * @return every error, in field order; empty when the claim is valid
   */
  public static List<FieldError> validate(ResourceClaim claim) {
    return ClaimValidation.validate(claim);
  }

  /**
   * Validates a ResourceClaimTemplate: its metadata, and the claim spec it stamps out with the
   * rules of a claim's spec (paths start at {@code spec.spec}).
   *
   * @param template the template
   * @return every error, in field order; empty when the template is valid
   */
  public static List<FieldError> validate(ResourceClaimTemplate template) {
    return ClaimValidation.validate(template);
  }

  /**
   * Validates the pod fields dra4j models: metadata, node name and selectors, the
   * {@code spec.resourceClaims} entries (each names exactly one claim or template), container
   * names, resource quantities and the claims containers use (each must be an entry of
   * {@code spec.resourceClaims}). Other pod fields are not read, so they are not checked.
   *
   * @param pod the pod
   * @return every error, in field order; empty when the pod is valid
   */
  public static List<FieldError> validate(Pod pod) {
    return PodValidation.validate(pod);
  }

  /**
   * Validates a DeviceClass: name, selectors and configuration.
   *
   * @param deviceClass the class
   * @return every error, in field order; empty when the class is valid
   */
  public static List<FieldError> validate(DeviceClass deviceClass) {
    return ClaimValidation.validate(deviceClass);
  }

  /**
   * Validates a DeviceTaintRule: name (cluster-scoped), selector names, the taint, and the
   * status conditions (at most 8, each as {@code metav1.Condition} requires).
   *
   * @param rule the rule
   * @return every error, in field order; empty when the rule is valid
   */
  public static List<FieldError> validate(DeviceTaintRule rule) {
    return TaintRuleValidation.validate(rule);
  }

  /**
   * Validates the spec of a ResourcePoolStatusRequest as the API server does
   * ({@code validateResourcePoolStatusRequestSpec} in kubernetes/kubernetes
   * pkg/apis/resource/validation): the driver is required and a driver name, a pool name is a
   * pool name, the limit is 1 to {@value ResourcePoolStatusRequestSpec#LIMIT_MAX}, and the
   * default partition type attribute is a fully qualified name (the API's "must include the
   * domain qualifier").
   *
   * @param spec the spec
   * @return every error, with paths under {@code spec}; empty when the spec is valid
   */
  public static List<FieldError> validate(ResourcePoolStatusRequestSpec spec) {
    List<FieldError> errs = new ArrayList<>();
    FieldPath at = FieldPath.root().child("spec");
    if (spec.driver().isEmpty()) {
      errs.add(FieldError.required(at.child("driver"), "driver name is required"));
    } else {
      Formats.driverName(spec.driver(), at.child("driver"), errs);
    }
    if (spec.poolName() != null) {
      Formats.poolName(spec.poolName(), at.child("poolName"), errs);
    }
    Integer limit = spec.limit();
    if (limit != null && limit < 1) {
      errs.add(FieldError.invalid(at.child("limit"), limit, "must be at least 1"));
    }
    if (limit != null && limit > ResourcePoolStatusRequestSpec.LIMIT_MAX) {
      errs.add(FieldError.invalid(at.child("limit"), limit, "must not exceed " + ResourcePoolStatusRequestSpec.LIMIT_MAX));
    }
    if (spec.defaultPartitionTypeAttribute() != null) {
      Formats.fullyQualifiedName(spec.defaultPartitionTypeAttribute(), at.child("defaultPartitionTypeAttribute"), errs);
    }
    return errs;
  }

  /**
   * Validates a {@code scheduling.k8s.io} Workload: metadata, at most 8 templates unique by name,
   * and in each exactly one scheduling policy, {@code gang.minCount} at least 1, at most one
   * topology constraint, at most 4 group claims each naming a claim or a template.
   *
   * @param workload the Workload
   * @return every error, in field order; empty when the Workload is valid
   */
  public static List<FieldError> validate(Workload workload) {
    return WorkloadValidation.validate(workload);
  }

  /**
   * Validates a {@code scheduling.k8s.io} PodGroup: metadata, its template reference, and the
   * policy, constraint and claim rules of a Workload's template.
   *
   * @param group the PodGroup
   * @return every error, in field order; empty when the PodGroup is valid
   */
  public static List<FieldError> validate(PodGroup group) {
    return WorkloadValidation.validate(group);
  }
}
