package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

final class SemverTest {

  static Stream<Named<String>> invalid() {
    return Stream.of(
        Named.of("empty", ""),
        Named.of("two-parts", "1.0"),
        Named.of("v-prefix", "v1.0.0"),
        Named.of("leading-zero", "01.0.0"),
        Named.of("letters", "1.a.0"),
        Named.of("empty-prerelease", "1.0.0-"),
        Named.of("prerelease-leading-zero", "1.0.0-01"),
        Named.of("bad-build", "1.0.0+b@d"),
        Named.of("too-big", "99999999999999999999.0.0"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void parse_rejectsInvalidVersions(String text) {
    assertThatThrownBy(() -> Semver.parse(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void compareTo_semverOrder() {
    // The precedence example of semver.org, in increasing order.
    List<String> ordered = List.of("1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
        "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "2.0.0");
    for (int i = 0; i < ordered.size(); i++) {
      for (int j = 0; j < ordered.size(); j++) {
        int c = Semver.parse(ordered.get(i)).compareTo(Semver.parse(ordered.get(j)));
        assertThat(c).as("%s vs %s", ordered.get(i), ordered.get(j)).isEqualTo(Integer.compare(i, j));
      }
    }
  }

  @Test
  void compareTo_ignoresBuild() {
    assertThat(Semver.parse("1.2.3+abc")).isEqualTo(Semver.parse("1.2.3+def"));
  }

  @Test
  void parseTolerant_normalizes() {
    assertThat(Semver.parseTolerant("v1")).isEqualTo(Semver.parse("1.0.0"));
    assertThat(Semver.parseTolerant("V1.2")).isEqualTo(Semver.parse("1.2.0"));
    assertThat(Semver.parseTolerant("01.002.3-rc.1")).isEqualTo(Semver.parse("1.2.3-rc.1"));
    assertThatThrownBy(() -> Semver.parseTolerant("1.2.3.4")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void parseCached_sameValueAsParse() {
    assertThat(Semver.parseCached("3.4.5").major()).isEqualTo(3);
    assertThat(Semver.parseCached("3.4.5")).isSameAs(Semver.parseCached("3.4.5"));
    assertThatThrownBy(() -> Semver.parseCached("x")).isInstanceOf(IllegalArgumentException.class);
  }
}
