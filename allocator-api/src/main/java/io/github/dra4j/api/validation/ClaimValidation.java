package io.github.dra4j.api.validation;

import io.github.dra4j.api.CapacityRequirements;
import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClaimConfiguration;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassConfiguration;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimConsumerReference;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/* ResourceClaim and DeviceClass rules of pkg/apis/resource/validation (spec, and the reservations of a claim's status). */
final class ClaimValidation {
  static final int DEVICE_REQUESTS_MAX = 32;
  static final int FIRST_AVAILABLE_MAX = 8;
  static final int DEVICE_CONSTRAINTS_MAX = 32;
  static final int RESERVED_FOR_MAX = 256;

  private static final String REQUEST_REF = "must be the name of a request in the claim or the"
      + " name of a request and a subrequest separated by '/'";

  private ClaimValidation() {}

  static List<FieldError> validate(ResourceClaim claim) {
    List<FieldError> errs = new ArrayList<>();
    Common.metadata(claim.metadata(), errs);
    deviceClaim(claim.spec().devices(), FieldPath.of("spec", "devices"), errs);
    if (claim.status() != null) {
      status(claim.status(), FieldPath.of("status"), errs);
    }
    return List.copyOf(errs);
  }

  /**
   * The reservation rules of the status update validation: allocation never reads them, so the
   * decoder accepts what they lack and only {@code validate} reports it.
   */
  private static void status(ResourceClaimStatus status, FieldPath path, List<FieldError> errs) {
    List<ResourceClaimConsumerReference> reservedFor = status.reservedFor();
    FieldPath rp = path.child("reservedFor");
    if (!reservedFor.isEmpty() && status.allocation() == null) {
      errs.add(FieldError.forbidden(rp, "may not be specified when `allocated` is not set"));
    }
    if (!Common.size(reservedFor, RESERVED_FOR_MAX, rp, errs)) {
      return;
    }
    Set<String> uids = new HashSet<>();
    for (int i = 0; i < reservedFor.size(); i++) {
      ResourceClaimConsumerReference r = reservedFor.get(i);
      FieldPath p = rp.index(i);
      if (r.resource() == null || r.resource().isEmpty()) {
        errs.add(FieldError.required(p.child("resource"), ""));
      }
      if (r.name() == null || r.name().isEmpty()) {
        errs.add(FieldError.required(p.child("name"), ""));
      }
      String uid = r.uid();
      if (uid == null || uid.isEmpty()) {
        errs.add(FieldError.required(p.child("uid"), ""));
      } else if (!uids.add(uid)) {
        errs.add(FieldError.duplicate(p, uid));
      }
    }
  }

  /** The template's metadata, and its claim spec at {@code spec.spec}, as a claim's. */
  static List<FieldError> validate(ResourceClaimTemplate template) {
    List<FieldError> errs = new ArrayList<>();
    Common.metadata(template.metadata(), errs);
    deviceClaim(template.spec().spec().devices(), FieldPath.of("spec", "spec", "devices"), errs);
    return List.copyOf(errs);
  }

  static List<FieldError> validate(DeviceClass deviceClass) {
    List<FieldError> errs = new ArrayList<>();
    Common.metadata(deviceClass.metadata(), errs);
    FieldPath spec = FieldPath.of("spec");
    Common.selectors(deviceClass.spec().selectors(), spec.child("selectors"), errs);
    List<DeviceClassConfiguration> config = deviceClass.spec().config();
    FieldPath cp = spec.child("config");
    if (Common.size(config, Common.DEVICE_CONFIG_MAX, cp, errs)) {
      for (int i = 0; i < config.size(); i++) {
        Common.opaque(config.get(i).opaque(), cp.index(i).child("opaque"), errs);
      }
    }
    return List.copyOf(errs);
  }

  private static void deviceClaim(DeviceClaim claim, FieldPath path, List<FieldError> errs) {
    Map<String, @Nullable Set<String>> names = new HashMap<>();
    for (DeviceRequest r : claim.requests()) {
      Set<String> subs = null;
      if (!r.firstAvailable().isEmpty()) {
        subs = new HashSet<>();
        for (DeviceSubRequest s : r.firstAvailable()) {
          subs.add(s.name());
        }
      }
      names.put(r.name(), subs);
    }

    FieldPath rp = path.child("requests");
    Map<String, Set<String>> constrained = FeatureFieldValidation.constraintAttributes(claim.constraints());
    if (Common.size(claim.requests(), DEVICE_REQUESTS_MAX, rp, errs)) {
      for (int i = 0; i < claim.requests().size(); i++) {
        request(claim.requests().get(i), rp.index(i), constrained, errs);
      }
      Common.unique(claim.requests(), DeviceRequest::name, rp, errs);
    }

    FieldPath cp = path.child("constraints");
    if (Common.size(claim.constraints(), DEVICE_CONSTRAINTS_MAX, cp, errs)) {
      for (int i = 0; i < claim.constraints().size(); i++) {
        constraint(claim.constraints().get(i), cp.index(i), names, errs);
      }
    }

    FieldPath fp = path.child("config");
    if (Common.size(claim.config(), Common.DEVICE_CONFIG_MAX, fp, errs)) {
      for (int i = 0; i < claim.config().size(); i++) {
        DeviceClaimConfiguration c = claim.config().get(i);
        requestRefs(c.requests(), fp.index(i).child("requests"), names, errs);
        Common.opaque(c.opaque(), fp.index(i).child("opaque"), errs);
      }
    }
  }

  private static void request(DeviceRequest r, FieldPath path, Map<String, Set<String>> constrained,
      List<FieldError> errs) {
    Formats.requiredDnsLabel(r.name(), path.child("name"), errs);
    ExactDeviceRequest exactly = r.exactly();
    boolean first = !r.firstAvailable().isEmpty();
    if (exactly == null && !first) {
      errs.add(FieldError.required(path, "exactly one of `exactly` or `firstAvailable` is required"));
    } else if (exactly != null && first) {
      errs.add(FieldError.invalid(path, null, "exactly one of `exactly` or `firstAvailable` is"
          + " required, but multiple fields are set"));
    } else if (first) {
      FieldPath fp = path.child("firstAvailable");
      if (Common.size(r.firstAvailable(), FIRST_AVAILABLE_MAX, fp, errs)) {
        for (int i = 0; i < r.firstAvailable().size(); i++) {
          DeviceSubRequest s = r.firstAvailable().get(i);
          FieldPath sp = fp.index(i);
          Formats.requiredDnsLabel(s.name(), sp.child("name"), errs);
          common(s.deviceClassName(), s.selectors(), s.allocationMode(), s.count(),
              s.tolerations(), s.capacity(), sp, errs);
          FeatureFieldValidation.derivedAttributes(s.derivedAttributes(), r.name() + "/" + s.name(), constrained,
              sp.child("derivedAttributes"), errs);
        }
        Common.unique(r.firstAvailable(), DeviceSubRequest::name, fp, errs);
      }
    } else if (exactly != null) { // the only case left
      common(exactly.deviceClassName(), exactly.selectors(), exactly.allocationMode(),
          exactly.count(), exactly.tolerations(), exactly.capacity(), path.child("exactly"), errs);
      FeatureFieldValidation.derivedAttributes(exactly.derivedAttributes(), r.name(), constrained,
          path.child("exactly").child("derivedAttributes"), errs);
    }
  }

  private static void common(String deviceClassName, List<DeviceSelector> selectors,
      @Nullable String allocationMode, @Nullable Long count, List<DeviceToleration> tolerations,
      @Nullable CapacityRequirements capacity, FieldPath path, List<FieldError> errs) {
    if (deviceClassName.isEmpty()) {
      errs.add(FieldError.required(path.child("deviceClassName"), ""));
    } else {
      Formats.dnsSubdomain(deviceClassName, path.child("deviceClassName"), errs);
    }
    Common.selectors(selectors, path.child("selectors"), errs);
    String mode = allocationMode == null || allocationMode.isEmpty()
        ? DeviceAllocationMode.EXACT_COUNT : allocationMode;
    if (mode.equals(DeviceAllocationMode.ALL)) {
      if (count != null && count != 0) {
        errs.add(FieldError.invalid(path.child("count"), count,
            "must not be specified when allocationMode is 'All'"));
      }
    } else if (mode.equals(DeviceAllocationMode.EXACT_COUNT)) {
      if (count != null && count <= 0) {
        errs.add(FieldError.invalid(path.child("count"), count, "must be greater than zero"));
      }
    } else {
      errs.add(FieldError.notSupported(path.child("allocationMode"), mode,
          Common.supported(List.of(DeviceAllocationMode.ALL, DeviceAllocationMode.EXACT_COUNT))));
    }
    FieldPath tp = path.child("tolerations");
    for (int i = 0; i < tolerations.size(); i++) {
      Common.toleration(tolerations.get(i), tp.index(i), errs);
    }
    if (capacity != null) {
      FieldPath cp = path.child("capacity").child("requests");
      capacity.requests().forEach((name, q) -> {
        Formats.qualifiedName(name, cp, errs);
        if (q.signum() < 0) {
          errs.add(FieldError.invalid(cp.key(name), q.toString(),
              "must be greater than or equal to 0"));
        }
      });
    }
  }

  private static void constraint(DeviceConstraint c, FieldPath path,
      Map<String, @Nullable Set<String>> names, List<FieldError> errs) {
    requestRefs(c.requests(), path.child("requests"), names, errs);
    String match = c.matchAttribute();
    String distinct = c.distinctAttribute();
    if (match != null && distinct != null) {
      errs.add(FieldError.invalid(path, null, "exactly one of `matchAttribute` or"
          + " `distinctAttribute` is required, but multiple fields are set"));
    } else if (match != null) {
      Formats.fullyQualifiedName(match, path.child("matchAttribute"), errs);
    } else if (distinct != null) {
      Formats.fullyQualifiedName(distinct, path.child("distinctAttribute"), errs);
    } else {
      errs.add(FieldError.required(path,
          "exactly one of `matchAttribute` or `distinctAttribute` is required"));
    }
  }

  private static void requestRefs(List<String> refs, FieldPath path,
      Map<String, @Nullable Set<String>> names, List<FieldError> errs) {
    if (!Common.size(refs, DEVICE_REQUESTS_MAX, path, errs)) {
      return;
    }
    for (int i = 0; i < refs.size(); i++) {
      String ref = refs.get(i);
      FieldPath p = path.index(i);
      String[] parts = ref.split("/", -1);
      if (parts.length > 2) {
        errs.add(FieldError.invalid(p, ref, REQUEST_REF));
        continue;
      }
      for (String part : parts) {
        Formats.requiredDnsLabel(part, p, errs);
      }
      if (!hasRequest(names, parts)) {
        errs.add(FieldError.invalid(p, ref, REQUEST_REF));
      }
    }
    Common.unique(refs, r -> r, path, errs);
  }

  private static boolean hasRequest(Map<String, @Nullable Set<String>> names, String[] parts) {
    if (!names.containsKey(parts[0])) {
      return false;
    }
    if (parts.length == 1) {
      return true;
    }
    Set<String> subs = names.get(parts[0]);
    return subs != null && subs.contains(parts[1]);
  }
}
