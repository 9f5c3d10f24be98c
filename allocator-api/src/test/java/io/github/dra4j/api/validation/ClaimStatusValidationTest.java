package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The claim status rules: the decoder accepts incomplete reservations, validation reports them. */
final class ClaimStatusValidationTest {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();
  private static final String ALLOCATION = "allocation: {devices: {results: [{request: r, driver: d, pool: p, device: x}]}}";

  static Stream<Arguments> statuses() {
    return Stream.of(
        Arguments.of("complete", "{" + ALLOCATION + ", reservedFor: [{resource: pods, name: a, uid: u1}]}", List.of()),
        Arguments.of("devices status is not read", "{" + ALLOCATION + ", devices: [{driver: d, pool: p, device: x,"
            + " conditions: [{type: Ready}]}]}", List.of()),
        Arguments.of("uid missing", "{" + ALLOCATION + ", reservedFor: [{resource: pods, name: a}]}",
            List.of("status.reservedFor[0].uid: Required value")),
        Arguments.of("every field missing", "{" + ALLOCATION + ", reservedFor: [{apiGroup: ''}]}",
            List.of("status.reservedFor[0].resource: Required value", "status.reservedFor[0].name: Required value",
                "status.reservedFor[0].uid: Required value")),
        Arguments.of("duplicate uid", "{" + ALLOCATION + ", reservedFor: [{resource: pods, name: a, uid: u},"
            + " {resource: pods, name: b, uid: u}]}", List.of("status.reservedFor[1]: Duplicate value: \"u\"")),
        Arguments.of("reserved but not allocated", "{reservedFor: [{resource: pods, name: a, uid: u}]}",
            List.of("status.reservedFor: Forbidden: may not be specified when `allocated` is not set")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("statuses")
  void status_isValidatedAsTheApiRequires_andRoundTrips(String name, String status, List<String> errors) throws Exception {
    String yaml = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c, namespace: ns}\n"
        + "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: k}}]}}\nstatus: " + status + "\n";
    ResourceClaim claim = CODEC.read(yaml, ResourceClaim.class);

    assertThat(Validator.validate(claim)).extracting(FieldError::toString).containsExactlyElementsOf(errors);
    assertThat(CODEC.read(CODEC.writeJson(claim), ResourceClaim.class)).isEqualTo(claim);
  }

  static Stream<Arguments> owners() {
    return Stream.of(
        Arguments.of("complete", "{apiVersion: v1, kind: Pod, name: p, uid: u1, controller: true}", List.of()),
        Arguments.of("uid missing, as in a redacted dump", "{apiVersion: v1, kind: Pod, name: p, controller: true}",
            List.of("metadata.ownerReferences[0].uid: Required value")));
  }

  /** Metadata allocation does not read never blocks decoding; validation reports what the API requires. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("owners")
  void ownerReference_isValidatedAsTheApiRequires_andRoundTrips(String name, String owner, List<String> errors) throws Exception {
    String yaml = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\n"
        + "metadata: {name: c, namespace: ns, ownerReferences: [" + owner + "]}\n"
        + "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: k}}]}}\n";
    ResourceClaim claim = CODEC.read(yaml, ResourceClaim.class);

    assertThat(Validator.validate(claim)).extracting(FieldError::toString).containsExactlyElementsOf(errors);
    assertThat(CODEC.read(CODEC.writeJson(claim), ResourceClaim.class)).isEqualTo(claim);
  }
}
