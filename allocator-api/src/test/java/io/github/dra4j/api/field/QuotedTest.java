package io.github.dra4j.api.field;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Values in messages are cut to {@link Quoted#MAX_CHARS} characters and say their length. */
final class QuotedTest {

  @Test
  void shortValues_asTheyAre() {
    assertThat(Quoted.of("gpu")).isEqualTo("\"gpu\"");
    assertThat(Quoted.of("a".repeat(Quoted.MAX_CHARS))).isEqualTo("\"" + "a".repeat(Quoted.MAX_CHARS) + "\"");
    assertThat(Quoted.abbreviate("ResourceClaim/default/c")).isEqualTo("ResourceClaim/default/c");
  }

  @Test
  void longValues_cut_withTheirLength() {
    String mib = "a".repeat(1024 * 1024);
    assertThat(Quoted.of(mib)).isEqualTo("\"" + "a".repeat(Quoted.MAX_CHARS) + "...\" (1048576 characters)");
    assertThat(Quoted.abbreviate("DeviceClass/" + mib)).hasSize(Quoted.MAX_CHARS + "... (1048588 characters)".length());
  }

  @Test
  void aSurrogatePair_isNotSplit() {
    String value = "a".repeat(Quoted.MAX_CHARS - 1) + "\ud83d\ude00" + "b";
    assertThat(Quoted.of(value)).isEqualTo("\"" + "a".repeat(Quoted.MAX_CHARS - 1) + "...\" (" + value.length()
        + " characters)");
  }

  @Test
  void fieldErrors_quoteCut() {
    FieldError e = FieldError.invalid(FieldPath.of("metadata", "name"), "x".repeat(300), "must be no more than 253"
        + " characters");
    assertThat(e.toString()).isEqualTo("metadata.name: Invalid value: \"" + "x".repeat(Quoted.MAX_CHARS)
        + "...\" (300 characters): must be no more than 253 characters");
  }
}
