package io.github.dra4j.api.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Named.named;

import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The name formats, valid and invalid, with the printed errors at path {@code f}. */
final class FormatsTest {

  record Case(BiConsumer<String, List<String>> check, String value, List<String> errors) {}

  private static Named<Case> c(String format, Checker checker, String value, String... errors) {
    return named(format + " " + (errors.length == 0 ? "accepts" : "rejects") + " \"" + value
        + "\"", new Case((v, out) -> {
          List<FieldError> errs = new ArrayList<>();
          checker.check(v, FieldPath.of("f"), errs);
          errs.forEach(e -> out.add(e.toString()));
        }, value, List.of(errors)));
  }

  @FunctionalInterface
  interface Checker {
    void check(String value, FieldPath path, List<FieldError> errs);
  }

  static Stream<Named<Case>> cases() {
    String label63 = "a".repeat(63);
    return Stream.of(
        c("DNS label", Formats::dnsLabel, "gpu-0"),
        c("DNS label", Formats::dnsLabel, "4x4-tpu"),
        c("DNS label", Formats::dnsLabel, label63),
        c("DNS label", Formats::dnsLabel, label63 + "a",
            "f: Invalid value: \"" + label63 + "a\": must be no more than 63 characters"),
        c("DNS label", Formats::dnsLabel, "gpu.0", "f: Invalid value: \"gpu.0\": "
            + Formats.LABEL_MSG),
        c("DNS label", Formats::dnsLabel, "-gpu", "f: Invalid value: \"-gpu\": "
            + Formats.LABEL_MSG),
        c("required DNS label", Formats::requiredDnsLabel, "", "f: Required value"),
        c("DNS subdomain", Formats::dnsSubdomain, "gpu.example.com"),
        c("DNS subdomain", Formats::dnsSubdomain, "gpu..example",
            "f: Invalid value: \"gpu..example\": " + Formats.SUBDOMAIN_MSG),
        c("DNS subdomain", Formats::dnsSubdomain, "Node-1",
            "f: Invalid value: \"Node-1\": " + Formats.SUBDOMAIN_MSG),
        c("driver name", Formats::driverName, "GPU.Example.COM"),
        c("driver name", Formats::driverName, "", "f: Required value"),
        c("driver name", Formats::driverName, "a".repeat(64),
            "f: Too long: may not be more than 63 bytes"),
        c("pool name", Formats::poolName, "zone-a/node-1"),
        c("pool name", Formats::poolName, "zone-a/", "f: Invalid value: \"\": "
            + Formats.SUBDOMAIN_MSG),
        c("qualified name", Formats::qualifiedName, "memory"),
        c("qualified name", Formats::qualifiedName, "gpu.example.com/memory_MiB"),
        c("qualified name", Formats::qualifiedName, "1st", "f: Invalid value: \"1st\": "
            + Formats.C_IDENTIFIER_MSG),
        c("qualified name", Formats::qualifiedName, "", "f: Invalid value: \"\": "
            + Formats.C_IDENTIFIER_MSG),
        c("qualified name", Formats::qualifiedName, "a/b/c",
            "f: Invalid value: \"a/b/c\": must not contain more than one slash"),
        c("fully qualified name", Formats::fullyQualifiedName, "example.com/model"),
        c("fully qualified name", Formats::fullyQualifiedName, "model",
            "f: Invalid value: \"model\": a fully qualified name must be a domain and a name"
                + " separated by a slash"),
        c("label name", Formats::labelName, "example.com/My.Key_1"),
        c("label name", Formats::labelName, "/key", "f: Invalid value: \"/key\": prefix part"
            + " must be non-empty"),
        c("label name", Formats::labelName, "Example.com/key",
            "f: Invalid value: \"Example.com/key\": prefix part " + Formats.SUBDOMAIN_MSG),
        c("label name", Formats::labelName, "example.com/",
            "f: Invalid value: \"example.com/\": name part must be non-empty"),
        c("label name", Formats::labelName, "k".repeat(64), "f: Invalid value: \""
            + "k".repeat(64) + "\": name part must be no more than 63 characters"),
        c("label value", Formats::labelValue, ""),
        c("label value", Formats::labelValue, "v1.2_3"),
        c("label value", Formats::labelValue, "v!", "f: Invalid value: \"v!\": "
            + Formats.LABEL_VALUE_MSG));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void format_acceptsValidValues_andRejectsOthersWithTheApiServersMessage(Case c) {
    List<String> out = new ArrayList<>();
    c.check().accept(c.value(), out);
    assertThat(out).containsExactlyElementsOf(c.errors());
  }

  @Test
  void semver_followsSemverOrg() {
    assertThat(Stream.of("0.0.0", "1.2.3", "10.20.30", "1.0.0-alpha", "1.0.0-alpha.1",
        "1.0.0-0.3.7", "1.0.0-x.7.z.92", "1.0.0+20130313144700", "1.0.0-beta+exp.sha.5114f85",
        "1.0.0--1")).allMatch(Formats::isSemver);
    assertThat(Stream.of("1", "1.2", "v1.2.3", "01.2.3", "1.2.3-01", "1.2.3+", "1.2.3-",
        "1.2.3.4", " 1.2.3")).noneMatch(Formats::isSemver);
  }

  @Test
  void bytes_countsUtf8() {
    assertThat(Formats.bytes("é")).isEqualTo(2);
    assertThat(Formats.bytes("a")).isEqualTo(1);
  }
}
