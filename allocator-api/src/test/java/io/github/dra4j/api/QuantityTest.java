package io.github.dra4j.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Named.named;

import io.github.dra4j.api.Quantity.Format;
import java.math.BigDecimal;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Expected values and canonical forms are those of Kubernetes' resource.Quantity. */
final class QuantityTest {

  private static Arguments q(String input, String value, Format format, String canonical) {
    return Arguments.of(named(input, input), new BigDecimal(value), format, canonical);
  }

  static Stream<Arguments> parses() {
    Format bin = Format.BINARY_SI;
    Format si = Format.DECIMAL_SI;
    Format exp = Format.DECIMAL_EXPONENT;
    return Stream.of(
        /* zeros keep their suffix's format but always print 0 */
        q("0", "0", si, "0"),
        q("0n", "0", si, "0"),
        q("0m", "0", si, "0"),
        q("0Ki", "0", bin, "0"),
        q("0Gi", "0", bin, "0"),
        q("0T", "0", si, "0"),
        q("-0", "0", si, "0"),
        q("0e5", "0", exp, "0"),
        /* binary suffixes */
        q("1Ki", "1024", bin, "1Ki"),
        q("8Ki", "8192", bin, "8Ki"),
        q("7Mi", "7340032", bin, "7Mi"),
        q("6Gi", "6442450944", bin, "6Gi"),
        q("5Ti", "5497558138880", bin, "5Ti"),
        q("4Pi", "4503599627370496", bin, "4Pi"),
        q("3Ei", "3458764513820540928", bin, "3Ei"),
        q("40Gi", "42949672960", bin, "40Gi"),
        q("1024Mi", "1073741824", bin, "1Gi"),
        q("4864Mi", "5100273664", bin, "4864Mi"),
        q("1.5Gi", "1610612736", bin, "1536Mi"),
        q("0.5Gi", "536870912", bin, "512Mi"),
        q("1001Gi", "1074815565824", bin, "1001Gi"),
        q("1025", "1025", si, "1025"),
        q("100.035Ki", "102435.84", bin, "102435840m"),
        q("0.5Mi", "524288", bin, "512Ki"),
        q("0.05Gi", "53687091.2", bin, "53687091200m"),
        q("0.025Ti", "27487790694.4", bin, "27487790694400m"),
        /* binary below 1024 prints decimal; below 1 switches format */
        q("0.5Ki", "512", bin, "512"),
        q(".001Ki", "1.024", bin, "1024m"),
        q(".000001Ki", "0.001024", si, "1024u"),
        q(".000000001Ki", "0.000001024", si, "1024n"),
        q(".000000000001Ki", "0.000000002", si, "2n"),
        /* binary cap at 2^63-1 */
        q("8Ei", "9223372036854775807", bin, "9223372036854775807"),
        q("9Ei", "9223372036854775807", bin, "9223372036854775807"),
        q("9223372036854775807Ki", "9223372036854775807", bin, "9223372036854775807"),
        q("-9Ei", "-9223372036854775807", bin, "-9223372036854775807"),
        /* decimal suffixes */
        q("1", "1", si, "1"),
        q("5n", "0.000000005", si, "5n"),
        q("4u", "0.000004", si, "4u"),
        q("3m", "0.003", si, "3m"),
        q("8k", "8000", si, "8k"),
        q("50k", "50000", si, "50k"),
        q("1000", "1000", si, "1k"),
        q("1k", "1000", si, "1k"),
        q("7M", "7000000", si, "7M"),
        q("1000M", "1000000000", si, "1G"),
        q("6G", "6000000000", si, "6G"),
        q("40T", "40000000000000", si, "40T"),
        q("300T", "300000000000000", si, "300T"),
        q("2P", "2000000000000000", si, "2P"),
        q("1E", "1000000000000000000", si, "1E"),
        q("12E", "12000000000000000000", si, "12E"),
        q("1000E", "1E+21", si, "1e21"),
        q("5000E", "5E+21", si, "5e21"),
        q("1234567M", "1234567000000", si, "1234567M"),
        /* fractions */
        q("1.5", "1.5", si, "1500m"),
        q("1500m", "1.5", si, "1500m"),
        q("0.001", "0.001", si, "1m"),
        q("0.0005k", "0.5", si, "500m"),
        q("0.50000", "0.5", si, "500m"),
        q("9.01", "9.01", si, "9010m"),
        q("8.1k", "8100", si, "8100"),
        q("7.123456M", "7123456", si, "7123456"),
        q("6.987654321G", "6987654321", si, "6987654321"),
        q("5.444T", "5444000000000", si, "5444G"),
        q("2.5P", "2500000000000000", si, "2500T"),
        q("1.01E", "1010000000000000000", si, "1010P"),
        q("100.035k", "100035", si, "100035"),
        q("1.2345", "1.2345", si, "1234500u"),
        q("1.08", "1.08", si, "1080m"),
        q("1080000000n", "1.08", si, "1080m"),
        q(".001", "0.001", si, "1m"),
        q("1.", "1", si, "1"),
        q("1.G", "1000000000", si, "1G"),
        q("+1.5", "1.5", si, "1500m"),
        q("-1.5", "-1.5", si, "-1500m"),
        q("-1Gi", "-1073741824", bin, "-1Gi"),
        q("-0.5Ki", "-512", bin, "-512"),
        q("-1.5Ki", "-1536", bin, "-1536"),
        q("0007", "7", si, "7"),
        /* exponents */
        q("1e3", "1000", exp, "1e3"),
        q("1E3", "1000", exp, "1e3"),
        q("1E6", "1000000", exp, "1e6"),
        q("1e9", "1000000000", exp, "1e9"),
        q("1E18", "1000000000000000000", exp, "1e18"),
        q("1e14", "100000000000000", exp, "100e12"),
        q("1E-3", "0.001", exp, "1e-3"),
        q("12E-3", "0.012", exp, "12e-3"),
        q("80e-3", "0.08", exp, "80e-3"),
        q("1.2e3", "1200", exp, "1200"),
        q("1.3E+6", "1300000", exp, "1300e3"),
        q("1.40e9", "1400000000", exp, "1400e6"),
        q("0.5e0", "0.5", exp, "500e-3"),
        q("0.5e-2", "0.005", exp, "5e-3"),
        q("1e-9", "0.000000001", exp, "1e-9"),
        q("1e100", "1E+100", exp, "10e99"),
        q("1e1000", "1E+1000", exp, "10e999"),
        q("1e-1000", "0.000000001", exp, "1e-9"),
        q("3e0", "3", exp, "3"),
        /* rounding away from zero below 1n */
        q("3.001n", "0.000000004", si, "4n"),
        q("1.1E-9", "0.000000002", exp, "2e-9"),
        q("0.0000000001", "0.000000001", si, "1n"),
        q("0.9n", "0.000000001", si, "1n"),
        q("-0.9n", "-0.000000001", si, "-1n"),
        q("0.00000012345", "0.000000124", si, "124n"),
        /* what Kubernetes' scanner reads as zero */
        q(".", "0", si, "0"),
        q("-", "0", si, "0"),
        q("+", "0", si, "0"),
        q("Ki", "0", bin, "0"),
        q("m", "0", si, "0"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("parses")
  void parse_givesValueFormatAndACanonicalFormThatParsesAlike(String input, BigDecimal value, Format format,
      String canonical) {
    Quantity q = Quantity.parse(input);

    assertThat(q.value()).isEqualByComparingTo(value);
    assertThat(q.format()).isEqualTo(format);
    assertThat(q.toString()).isEqualTo(canonical);
    Quantity again = Quantity.parse(canonical);
    assertThat(again).isEqualTo(q);
    assertThat(again.toString()).isEqualTo(canonical);
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {
      "", "1.1.M", "1+1.0M", "0.1mi", "0.1am", "aoeu", ".5i", "1i", "-3.01i", "-3.01e-", " 1", "1 ",
      "1e", "1ee3", "1e+", "1Ki5", "1KiB", "0x10", "1,5", "--1", "1e3.5", "١"})
  void parse_invalid_namesTheText(String input) {
    assertThatThrownBy(() -> Quantity.parse(input))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("quantity \"" + input + "\" is invalid: ");
  }

  @Test
  void parse_invalid_saysWhy() {
    assertThatThrownBy(() -> Quantity.parse("12XB"))
        .hasMessage("quantity \"12XB\" is invalid: quantities must match the regular expression "
            + "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    assertThatThrownBy(() -> Quantity.parse("0.1mi"))
        .hasMessage("quantity \"0.1mi\" is invalid: unable to parse quantity's suffix");
  }

  @Test
  void parse_hugeExponentsAndLongTexts_failFast() {
    assertThatThrownBy(() -> Quantity.parse("1e1000000"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1e1000000")
        .hasMessageContaining("exponent out of range");
    assertThatThrownBy(() -> Quantity.parse("1e99999999999999999999999"))
        .hasMessageContaining("exponent out of range");
    assertThatThrownBy(() -> Quantity.parse("1e-1001"))
        .hasMessageContaining("exponent out of range");
    assertThatThrownBy(() -> Quantity.parse("9".repeat(10_000)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("longer than 128 characters")
        .hasMessageContaining("9".repeat(40) + "...");
    assertThat(Quantity.parse("9".repeat(128)).toString()).isEqualTo("9".repeat(128));
  }

  /* --- arithmetic and comparison --- */

  static Stream<Arguments> sums() {
    return Stream.of(
        Arguments.of(named("1Gi+1Gi", "1Gi"), "1Gi", "2Gi", "0"),
        Arguments.of(named("100m+0", "100m"), "0", "100m", "100m"),
        Arguments.of(named("0+100m takes the other format", "0"), "100m", "100m", "-100m"),
        Arguments.of(named("0+1Gi", "0"), "1Gi", "1Gi", "-1Gi"),
        Arguments.of(named("1Gi+1 keeps binary", "1Gi"), "1", "1073741825", "1073741823"),
        Arguments.of(named("1+1Gi keeps decimal", "1"), "1Gi", "1073741825", "-1073741823"),
        Arguments.of(named("1500m+500m", "1500m"), "500m", "2", "1"),
        Arguments.of(named("4Ei+4Ei exceeds int64", "4Ei"), "4Ei", "8Ei", "0"),
        Arguments.of(named("1e3+1", "1e3"), "1", "1001", "999"),
        Arguments.of(named("1n+1n", "1n"), "1n", "2n", "0"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sums")
  void addAndSubtract_areExact_andUndoEachOther(String a, String b, String sum, String difference) {
    Quantity x = Quantity.parse(a);
    Quantity y = Quantity.parse(b);

    assertThat(x.add(y).toString()).isEqualTo(sum);
    assertThat(x.subtract(y).toString()).isEqualTo(difference);
    assertThat(x.add(y).subtract(y)).isEqualTo(x);
  }

  @Test
  void compare_byValueAcrossFormats() {
    assertThat(Quantity.parse("1Gi")).isEqualTo(Quantity.parse("1073741824"))
        .hasSameHashCodeAs(Quantity.parse("1073741824"))
        .isEqualTo(Quantity.parse("1073741824e0"));
    assertThat(Quantity.parse("1k")).isEqualTo(Quantity.parse("1e3")).isEqualTo(Quantity.of(1000))
        .hasSameHashCodeAs(Quantity.of(1000));
    assertThat(Quantity.parse("100m")).isGreaterThan(Quantity.parse("50m"));
    assertThat(Quantity.parse("10000T")).isGreaterThan(Quantity.parse("100Gi"));
    assertThat(Quantity.parse("-1")).isLessThan(Quantity.ZERO);
    assertThat(Quantity.parse("0Ki")).isEqualTo(Quantity.ZERO).hasSameHashCodeAs(Quantity.ZERO);
    assertThat(Quantity.parse("1500m").compareTo(Quantity.parse("1.5"))).isZero();
  }

  @Test
  void negateSignumAndIsZero_followTheValue() {
    assertThat(Quantity.parse("9.01").negate().toString()).isEqualTo("-9010m");
    assertThat(Quantity.parse("-1Gi").negate().toString()).isEqualTo("1Gi");
    assertThat(Quantity.parse("-3").signum()).isEqualTo(-1);
    assertThat(Quantity.parse("0Gi").isZero()).isTrue();
    assertThat(Quantity.parse("1n").isZero()).isFalse();
  }

  @Test
  void of_roundsAndKeepsFormat() {
    assertThat(Quantity.of(1024).toString()).isEqualTo("1024");
    assertThat(Quantity.of(new BigDecimal("1024"), Format.BINARY_SI).toString()).isEqualTo("1Ki");
    assertThat(Quantity.of(new BigDecimal("1000000"), Format.DECIMAL_EXPONENT).toString()).isEqualTo("1e6");
    assertThat(Quantity.of(new BigDecimal("0.0000000001"), Format.DECIMAL_SI).toString()).isEqualTo("1n");
    assertThat(Quantity.of(new BigDecimal("1.024"), Format.BINARY_SI).toString()).isEqualTo("1024m");
    assertThat(Quantity.of(-1234000)).isEqualTo(Quantity.parse("-1234k"));
  }
}
