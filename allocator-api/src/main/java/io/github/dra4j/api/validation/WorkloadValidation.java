package io.github.dra4j.api.validation;

import io.github.dra4j.api.PodGroup;
import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.PodGroupSchedulingConstraints;
import io.github.dra4j.api.PodGroupSchedulingPolicy;
import io.github.dra4j.api.PodGroupTemplate;
import io.github.dra4j.api.PodGroupTemplateReference;
import io.github.dra4j.api.TopologyConstraint;
import io.github.dra4j.api.TypedLocalObjectReference;
import io.github.dra4j.api.Workload;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * Workload and PodGroup rules, as the declarative validation tags of scheduling.k8s.io/v1alpha2
 * state them: at most 8 templates unique by name, exactly one policy, minCount at least 1, at most
 * one topology constraint with a label key, at most 4 group claims each naming exactly one of a
 * claim and a template.
 */
final class WorkloadValidation {
  static final int MAX_TEMPLATES = 8;
  static final int MAX_CLAIMS = 4;

  private WorkloadValidation() {}

  static List<FieldError> validate(Workload workload) {
    List<FieldError> errs = new ArrayList<>();
    Common.metadata(workload.metadata(), errs);
    FieldPath spec = FieldPath.of("spec");
    TypedLocalObjectReference ref = workload.spec().controllerRef();
    if (ref != null) {
      if (ref.kind().isEmpty()) {
        errs.add(FieldError.required(spec.child("controllerRef").child("kind"), ""));
      }
      if (ref.name().isEmpty()) {
        errs.add(FieldError.required(spec.child("controllerRef").child("name"), ""));
      }
    }
    List<PodGroupTemplate> templates = workload.spec().podGroupTemplates();
    FieldPath tp = spec.child("podGroupTemplates");
    if (templates.isEmpty()) {
      errs.add(FieldError.required(tp, ""));
    } else if (Common.size(templates, MAX_TEMPLATES, tp, errs)) {
      Common.unique(templates, PodGroupTemplate::name, tp, errs);
      for (int i = 0; i < templates.size(); i++) {
        PodGroupTemplate t = templates.get(i);
        FieldPath p = tp.index(i);
        Formats.requiredDnsLabel(t.name(), p.child("name"), errs);
        group(t.schedulingPolicy(), t.schedulingConstraints(), t.resourceClaims(), p, errs);
      }
    }
    return List.copyOf(errs);
  }

  static List<FieldError> validate(PodGroup group) {
    List<FieldError> errs = new ArrayList<>();
    Common.metadata(group.metadata(), errs);
    FieldPath spec = FieldPath.of("spec");
    PodGroupTemplateReference ref = group.spec().podGroupTemplateRef();
    if (ref != null) {
      FieldPath rp = spec.child("podGroupTemplateRef");
      if (ref.workload() == null) {
        errs.add(FieldError.invalid(rp, "", "must specify one of: `workload`"));
      } else {
        if (ref.workload().workloadName().isEmpty()) {
          errs.add(FieldError.required(rp.child("workload").child("workloadName"), ""));
        }
        if (ref.workload().podGroupTemplateName().isEmpty()) {
          errs.add(FieldError.required(rp.child("workload").child("podGroupTemplateName"), ""));
        }
      }
    }
    group(group.spec().schedulingPolicy(), group.spec().schedulingConstraints(), group.spec().resourceClaims(), spec,
        errs);
    FieldPath sp = FieldPath.of("status").child("resourceClaimStatuses");
    if (Common.size(group.status().resourceClaimStatuses(), MAX_CLAIMS, sp, errs)) {
      Common.unique(group.status().resourceClaimStatuses(), s -> s.name(), sp, errs);
    }
    return List.copyOf(errs);
  }

  /* What a template and a PodGroup share: policy, constraints, claims, below path. */
  private static void group(PodGroupSchedulingPolicy policy, @Nullable PodGroupSchedulingConstraints constraints,
      List<PodGroupResourceClaim> claims, FieldPath path, List<FieldError> errs) {
    FieldPath pp = path.child("schedulingPolicy");
    if ((policy.basic() == null) == (policy.gang() == null)) {
      errs.add(FieldError.invalid(pp, "", policy.basic() == null
          ? "must specify one of: `basic`, `gang`" : "must specify exactly one of: `basic`, `gang`"));
    }
    if (policy.gang() != null && policy.gang().minCount() < 1) {
      errs.add(FieldError.invalid(pp.child("gang").child("minCount"), policy.gang().minCount(),
          "must be greater than or equal to 1"));
    }
    if (constraints != null) {
      FieldPath cp = path.child("schedulingConstraints").child("topology");
      List<TopologyConstraint> topology = constraints.topology();
      if (Common.size(topology, 1, cp, errs)) {
        for (int i = 0; i < topology.size(); i++) {
          String key = topology.get(i).key();
          if (key.isEmpty()) {
            errs.add(FieldError.required(cp.index(i).child("key"), ""));
          } else {
            Formats.qualifiedName(key, cp.index(i).child("key"), errs);
          }
        }
      }
    }
    FieldPath rc = path.child("resourceClaims");
    if (Common.size(claims, MAX_CLAIMS, rc, errs)) {
      Common.unique(claims, PodGroupResourceClaim::name, rc, errs);
      for (int i = 0; i < claims.size(); i++) {
        PodGroupResourceClaim c = claims.get(i);
        FieldPath p = rc.index(i);
        Formats.requiredDnsLabel(c.name(), p.child("name"), errs);
        if ((c.resourceClaimName() == null) == (c.resourceClaimTemplateName() == null)) {
          errs.add(FieldError.invalid(p, "", c.resourceClaimName() == null
              ? "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`"
              : "must specify exactly one of: `resourceClaimName`, `resourceClaimTemplateName`"));
        } else if (c.resourceClaimName() != null) {
          Formats.dnsSubdomain(c.resourceClaimName(), p.child("resourceClaimName"), errs);
        } else if (c.resourceClaimTemplateName() != null) {
          Formats.dnsSubdomain(c.resourceClaimTemplateName(), p.child("resourceClaimTemplateName"), errs);
        }
      }
    }
  }
}
