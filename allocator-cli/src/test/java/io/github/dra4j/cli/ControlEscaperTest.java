package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Control characters are escaped; every other character, multi-byte ones included, passes as is. */
final class ControlEscaperTest {

  private static String through(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = ControlEscaper.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8))) {
      out.print(text);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("ESC (clear screen)", "a\u001b[2Jb", "a\\x1b[2Jb"),
        Arguments.of("OSC title and BEL", "\u001b]0;title\u0007", "\\x1b]0;title\\x07"),
        Arguments.of("carriage return", "over\rwrite", "over\\x0dwrite"),
        Arguments.of("DEL", "del\u007f", "del\\x7f"),
        Arguments.of("C1 CSI", "c1\u009b31m", "c1\\u009b31m"),
        Arguments.of("NUL", "\u0000nul\u0000", "\\x00nul\\x00"),
        Arguments.of("tab and newline kept", "tab\tand\nnewline", "tab\tand\nnewline"),
        Arguments.of("multi-byte characters kept, U+00A2 (0xC2 0xA2) too", "\u00a2 \u00e9 \u0100 \u4e2d \ud83d\ude00",
            "\u00a2 \u00e9 \u0100 \u4e2d \ud83d\ude00"),
        Arguments.of("0xC2 last", "end \u00a2", "end \u00a2"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void escapes(String name, String in, String expected) {
    assertThat(through(in)).as(name).isEqualTo(expected);
  }
}
