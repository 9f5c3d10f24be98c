package io.github.dra4j.api.validation;

import io.github.dra4j.api.Condition;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.DeviceTaintSelector;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/*
 * DeviceTaintRule rules: ValidateDeviceTaintRule and ValidateDeviceTaintRuleStatusUpdate in
 * pkg/apis/resource/validation, and metav1 ValidateConditions for the status.
 */
final class TaintRuleValidation {
  static final int MAX_CONDITIONS = 8;
  private static final int MAX_REASON_LENGTH = 1024;
  private static final int MAX_MESSAGE_LENGTH = 32 * 1024;
  private static final Pattern REASON = Pattern.compile("[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?");
  private static final String REASON_MSG = "a condition reason must start with alphabetic character, optionally"
      + " followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric"
      + " character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or"
      + " 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')";
  private static final List<String> CONDITION_STATUSES = List.of("True", "False", "Unknown");

  private TaintRuleValidation() {}

  static List<FieldError> validate(DeviceTaintRule rule) {
    List<FieldError> errs = new ArrayList<>();
    Common.metadata(rule.metadata(), errs);
    String ns = rule.metadata().namespace();
    if (ns != null && !ns.isEmpty()) {
      errs.add(FieldError.forbidden(FieldPath.of("metadata").child("namespace"), "not allowed on this type"));
    }
    FieldPath spec = FieldPath.of("spec");
    DeviceTaintSelector s = rule.spec().deviceSelector();
    if (s != null) {
      FieldPath sel = spec.child("deviceSelector");
      if (s.driver() != null) {
        Formats.driverName(s.driver(), sel.child("driver"), errs);
      }
      if (s.pool() != null) {
        Formats.poolName(s.pool(), sel.child("pool"), errs);
      }
      if (s.device() != null) {
        Formats.requiredDnsLabel(s.device(), sel.child("device"), errs);
      }
    }
    Common.taint(rule.spec().taint(), spec.child("taint"), errs);
    conditions(rule.status().conditions(), FieldPath.of("status").child("conditions"), errs);
    return List.copyOf(errs);
  }

  private static void conditions(List<Condition> conditions, FieldPath path, List<FieldError> errs) {
    Set<String> types = new HashSet<>();
    for (int i = 0; i < conditions.size(); i++) {
      Condition c = conditions.get(i);
      FieldPath p = path.index(i);
      String type = c.type() == null ? "" : c.type();
      if (type.isEmpty()) {
        errs.add(FieldError.required(p.child("type"), "must be set"));
      } else {
        Formats.labelName(type, p.child("type"), errs);
        if (!types.add(type)) {
          errs.add(FieldError.duplicate(p.child("type"), type));
        }
      }
      String status = c.status() == null ? "" : c.status();
      if (!CONDITION_STATUSES.contains(status)) {
        errs.add(FieldError.notSupported(p.child("status"), status, Common.supported(CONDITION_STATUSES)));
      }
      if (c.observedGeneration() != null && c.observedGeneration() < 0) {
        errs.add(FieldError.invalid(p.child("observedGeneration"), c.observedGeneration(),
            "must be greater than or equal to zero"));
      }
      if (c.lastTransitionTime() == null || c.lastTransitionTime().isEmpty()) {
        errs.add(FieldError.required(p.child("lastTransitionTime"), "must be set"));
      }
      String reason = c.reason() == null ? "" : c.reason();
      if (reason.isEmpty()) {
        errs.add(FieldError.required(p.child("reason"), "must be set"));
      } else {
        if (!REASON.matcher(reason).matches()) {
          errs.add(FieldError.invalid(p.child("reason"), reason, REASON_MSG));
        }
        if (reason.length() > MAX_REASON_LENGTH) {
          errs.add(FieldError.tooLong(p.child("reason"), MAX_REASON_LENGTH));
        }
      }
      if (c.message() != null && c.message().length() > MAX_MESSAGE_LENGTH) {
        errs.add(FieldError.tooLong(p.child("message"), MAX_MESSAGE_LENGTH));
      }
    }
    if (conditions.size() > MAX_CONDITIONS) {
      errs.add(FieldError.tooMany(path, conditions.size(), MAX_CONDITIONS));
    }
  }
}
