package io.github.dra4j.api.validation;

import static io.github.dra4j.testing.Builders.CLASS;
import static io.github.dra4j.testing.Builders.DRIVER;
import static io.github.dra4j.testing.Builders.claim;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.request;
import static io.github.dra4j.testing.Builders.subRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassConfiguration;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.testing.Builders.ClaimBuilder;
import io.github.dra4j.testing.Builders.RequestBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every ResourceClaim and DeviceClass rule with a failing and a passing input. */
final class ClaimValidatorTest {

  record Case(Object object, List<String> errors) {}

  private static Named<Case> ok(String name, ClaimBuilder claim) {
    return named("ok: " + name, new Case(claim.build(), List.of()));
  }

  private static Named<Case> ok(String name, Object object) {
    return named("ok: " + name, new Case(object, List.of()));
  }

  private static Named<Case> bad(String name, ClaimBuilder claim, String... errors) {
    return named("bad: " + name, new Case(claim.build(), List.of(errors)));
  }

  private static Named<Case> bad(String name, Object object, String... errors) {
    return named("bad: " + name, new Case(object, List.of(errors)));
  }

  private static ClaimBuilder one(RequestBuilder r) {
    return claim("claim-0", r);
  }

  private static RequestBuilder req() {
    return request("req-0", CLASS, 1);
  }

  private static ResourceClaim raw(DeviceRequest... requests) {
    return new ResourceClaim(ObjectMeta.named("default", "claim-0"), new ResourceClaimSpec(
        new io.github.dra4j.api.DeviceClaim(List.of(requests), List.of(), List.of())), null);
  }

  private static RequestBuilder[] requests(int n) {
    RequestBuilder[] rs = new RequestBuilder[n];
    for (int i = 0; i < n; i++) {
      rs[i] = request("req-" + i, CLASS, 1);
    }
    return rs;
  }

  static Stream<Named<Case>> claims() {
    String r = "spec.devices.requests[0]";
    String e = r + ".exactly";
    RequestBuilder manySelectors = req();
    for (int i = 0; i < 33; i++) {
      manySelectors.selector("true");
    }
    RequestBuilder[] subs = new RequestBuilder[9];
    for (int i = 0; i < 9; i++) {
      subs[i] = subRequest("sub-" + i, CLASS, 1);
    }
    return Stream.of(
        ok("one request", one(req().selector("device.driver == 'driver-a'"))),
        ok("all 32 requests", claim("claim-0", requests(32))),
        bad("33 requests", claim("claim-0", requests(33)),
            "spec.devices.requests: Too many: 33: must have at most 32 items"),
        bad("name not a DNS subdomain", claim("Claim_0", req()),
            "metadata.name: Invalid value: \"Claim_0\": " + Formats.SUBDOMAIN_MSG),
        bad("namespace not a DNS label", one(req()).namespace("a.b"),
            "metadata.namespace: Invalid value: \"a.b\": " + Formats.LABEL_MSG),
        bad("request name not a DNS label", claim("c", request("Req", CLASS, 1)),
            r + ".name: Invalid value: \"Req\": " + Formats.LABEL_MSG),
        bad("duplicate request names", claim("c", req(), req()),
            "spec.devices.requests[1]: Duplicate value: \"req-0\""),
        bad("neither exactly nor firstAvailable", raw(new DeviceRequest("req-0", null, List.of())),
            r + ": Required value: exactly one of `exactly` or `firstAvailable` is required"),
        bad("both exactly and firstAvailable", raw(new DeviceRequest("req-0",
                new ExactDeviceRequest(CLASS, List.of(), null, null, null, List.of(), null),
                List.of(subRequest("s", CLASS, 1).buildSubRequest()))),
            r + ": Invalid value: exactly one of `exactly` or `firstAvailable` is required, but"
                + " multiple fields are set"),
        bad("class missing", one(request("req-0", "", 1)), e + ".deviceClassName: Required value"),
        bad("class not a DNS subdomain", one(request("req-0", "Class_A", 1)),
            e + ".deviceClassName: Invalid value: \"Class_A\": " + Formats.SUBDOMAIN_MSG),
        bad("count zero", one(request("req-0", CLASS, 0)),
            e + ".count: Invalid value: 0: must be greater than zero"),
        bad("count negative", one(request("req-0", CLASS, -1)),
            e + ".count: Invalid value: -1: must be greater than zero"),
        ok("allocation mode All", one(req().all())),
        ok("allocation mode ExactCount", one(req().allocationMode("ExactCount"))),
        bad("count with All", one(request("req-0", CLASS, 2).allocationMode("All")),
            e + ".count: Invalid value: 2: must not be specified when allocationMode is 'All'"),
        bad("unknown allocation mode", one(req().allocationMode("Some")),
            e + ".allocationMode: Unsupported value: \"Some\": supported values: \"All\","
                + " \"ExactCount\""),
        bad("33 selectors", one(manySelectors), e + ".selectors: Too many: 33: must have at most"
            + " 32 items"),
        bad("empty selector expression", one(req().selector(" ")),
            e + ".selectors[0].cel.expression: Required value: expression must not be empty"),
        bad("selector expression over 10 KiB", one(req().selector("t".repeat(10 * 1024 + 1))),
            e + ".selectors[0].cel.expression: Too long: may not be more than 10240 bytes"),
        bad("selector without cel", raw(new DeviceRequest("req-0", new ExactDeviceRequest(CLASS,
                List.of(new DeviceSelector(null)), null, null, null, List.of(), null), List.of())),
            e + ".selectors[0].cel: Required value"),
        ok("tolerations", one(req().toleration("example.com/k", "Equal", "v", "NoSchedule")
            .toleration(null, "Exists", null, null).toleration("k", null, "v", "None"))),
        bad("Exists toleration with value", one(req().toleration("k", "Exists", "v", null)),
            e + ".tolerations[0].value: Invalid value: \"v\": must be empty for operator `Exists`"),
        bad("unknown toleration operator and effect",
            one(req().toleration("k", "Like", null, "PreferNoSchedule")),
            e + ".tolerations[0].operator: Unsupported value: \"Like\": supported values:"
                + " \"Equal\", \"Exists\"",
            e + ".tolerations[0].effect: Unsupported value: \"PreferNoSchedule\": supported values:"
                + " \"NoExecute\", \"NoSchedule\", \"None\""),
        bad("toleration key and value invalid", one(req().toleration("-k", "Equal", "a b", null)),
            e + ".tolerations[0].key: Invalid value: \"-k\": name part " + Formats.QUALIFIED_NAME_MSG,
            e + ".tolerations[0].value: Invalid value: \"a b\": " + Formats.LABEL_VALUE_MSG),
        ok("capacity requests", one(req().capacity("memory", "1Gi"))),
        bad("negative capacity request with a bad name", one(req().capacity("mem-x", "-1")),
            e + ".capacity.requests: Invalid value: \"mem-x\": " + Formats.C_IDENTIFIER_MSG,
            e + ".capacity.requests[mem-x]: Invalid value: \"-1\": must be greater than or equal"
                + " to 0"),
        ok("first available", one(request("req-0", subRequest("a", CLASS, 1),
            subRequest("b", "class-b", 2).all()))),
        bad("nine subrequests", one(request("req-0", subs)),
            r + ".firstAvailable: Too many: 9: must have at most 8 items"),
        bad("duplicate and invalid subrequests", one(request("req-0",
                subRequest("a", CLASS, 0), subRequest("a", CLASS, 1), subRequest("B", CLASS, 1))),
            r + ".firstAvailable[0].count: Invalid value: 0: must be greater than zero",
            r + ".firstAvailable[2].name: Invalid value: \"B\": " + Formats.LABEL_MSG,
            r + ".firstAvailable[1]: Duplicate value: \"a\""),
        ok("constraints over requests and subrequests",
            claim("c", req(), request("req-1", subRequest("sub", CLASS, 1)))
                .matchAttribute("example.com/model", "req-0", "req-1/sub")
                .distinctAttribute("example.com/index")),
        bad("constraint on an unknown request", one(req()).matchAttribute("example.com/m", "nope"),
            "spec.devices.constraints[0].requests[0]: Invalid value: \"nope\": must be the name of"
                + " a request in the claim or the name of a request and a subrequest separated by"
                + " '/'"),
        bad("constraint on an unknown subrequest and a bad reference",
            one(req()).matchAttribute("example.com/m", "req-0/sub", "a/b/c", "req-0", "req-0"),
            "spec.devices.constraints[0].requests[0]: Invalid value: \"req-0/sub\": must be the"
                + " name of a request in the claim or the name of a request and a subrequest"
                + " separated by '/'",
            "spec.devices.constraints[0].requests[1]: Invalid value: \"a/b/c\": must be the name"
                + " of a request in the claim or the name of a request and a subrequest separated"
                + " by '/'",
            "spec.devices.constraints[0].requests[3]: Duplicate value: \"req-0\""),
        bad("constraint attribute without domain", one(req()).distinctAttribute("model"),
            "spec.devices.constraints[0].distinctAttribute: Invalid value: \"model\": a fully"
                + " qualified name must be a domain and a name separated by a slash"),
        bad("constraint without attribute",
            one(req()).constraint(new DeviceConstraint(List.of(), null, null)),
            "spec.devices.constraints[0]: Required value: exactly one of `matchAttribute` or"
                + " `distinctAttribute` is required"),
        bad("constraint with both attributes",
            one(req()).constraint(new DeviceConstraint(List.of(), "a.b/c", "a.b/d")),
            "spec.devices.constraints[0]: Invalid value: exactly one of `matchAttribute` or"
                + " `distinctAttribute` is required, but multiple fields are set"),
        ok("config for a request", one(req()).config(DRIVER, "{\"a\":1}", "req-0")),
        bad("config for an unknown request", one(req()).config(DRIVER, "{}", "req-9"),
            "spec.devices.config[0].requests[0]: Invalid value: \"req-9\": must be the name of a"
                + " request in the claim or the name of a request and a subrequest separated by"
                + " '/'"),
        bad("config without driver and with an array", one(req()).config("", "[1]"),
            "spec.devices.config[0].opaque.driver: Required value",
            "spec.devices.config[0].opaque.parameters: Invalid value: \"<value omitted>\": must be"
                + " a valid JSON object"),
        bad("config with broken JSON", one(req()).config(DRIVER, "{"),
            "spec.devices.config[0].opaque.parameters: Invalid value: \"<value omitted>\": error"
                + " parsing data as JSON: Unexpected end-of-input: expected close marker for"
                + " Object"),
        bad("config with null parameters", one(req()).config(DRIVER, "null"),
            "spec.devices.config[0].opaque.parameters: Required value"),
        bad("config over 10 KiB", one(req()).config(DRIVER,
                "{\"a\":\"" + "x".repeat(10 * 1024) + "\"}"),
            "spec.devices.config[0].opaque.parameters: Too long: may not be more than 10240 bytes"));
  }

  private static DeviceClass klass(String name, List<DeviceSelector> selectors,
      List<DeviceClassConfiguration> config) {
    return new DeviceClass(ObjectMeta.named(name), new DeviceClassSpec(selectors, config, null));
  }

  static Stream<Named<Case>> classes() {
    List<DeviceSelector> many = new ArrayList<>();
    for (int i = 0; i < 33; i++) {
      many.add(DeviceSelector.cel("true"));
    }
    return Stream.of(
        ok("class with selectors", deviceClass(CLASS, "device.driver == 'driver-a'", "true")),
        ok("class without selectors", deviceClass(CLASS)),
        bad("class without name", klass("", List.of(), List.of()),
            "metadata.name: Required value: name or generateName is required"),
        bad("class with empty expression", deviceClass(CLASS, ""),
            "spec.selectors[0].cel.expression: Required value: expression must not be empty"),
        bad("class with too long expression", deviceClass(CLASS, "1".repeat(10 * 1024 + 1)),
            "spec.selectors[0].cel.expression: Too long: may not be more than 10240 bytes"),
        ok("class with expression of exactly 10 KiB", deviceClass(CLASS, "1".repeat(10 * 1024))),
        bad("class with selector without cel", klass(CLASS, List.of(new DeviceSelector(null)),
                List.of()),
            "spec.selectors[0].cel: Required value"),
        bad("class with 33 selectors", klass(CLASS, many, List.of()),
            "spec.selectors: Too many: 33: must have at most 32 items"),
        ok("class with config", klass(CLASS, List.of(), List.of(new DeviceClassConfiguration(
            new OpaqueDeviceConfiguration(DRIVER, RawJson.of("{}")))))),
        bad("class config with bad driver", klass(CLASS, List.of(), List.of(
                new DeviceClassConfiguration(new OpaqueDeviceConfiguration("a_b",
                    RawJson.of("{}"))))),
            "spec.config[0].opaque.driver: Invalid value: \"a_b\": " + Formats.SUBDOMAIN_MSG));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource({"claims", "classes"})
  void validate_reportsExactlyTheApiServersErrors_withoutModifyingTheObject(Case c) {
    Object before = c.object();
    List<FieldError> errors = c.object() instanceof ResourceClaim
        ? Validator.validate((ResourceClaim) c.object())
        : Validator.validate((DeviceClass) c.object());
    assertThat(errors).extracting(FieldError::toString).containsExactlyElementsOf(c.errors());
    assertThat(c.object()).isEqualTo(before);
  }
}
