package io.github.dra4j.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The source-size rule itself; each module's SourceSizeTest applies it to its main code. */
final class SourceSizeTest {

  @Test
  void bodyEnd_skipsBracesInLiteralsAndComments() {
    List<String> lines = List.of(
        "  void m() {",
        "    String s = \"}\"; char c = '}'; // }",
        "    /* } */ if (x) {",
        "    }",
        "  }",
        "  int n;");

    assertThat(SourceSize.bodyEnd(lines, 0)).isEqualTo(4);
    assertThat(SourceSize.bodyEnd(List.of("  abstract void m();"), 0)).isEqualTo(-1);
  }

  @Test
  void violations_nameTheFileAndTheMethod(@TempDir Path dir) throws IOException {
    Files.write(dir.resolve("Ok.java"), List.of("final class Ok {", "  void m() {", "  }", "}"));
    List<String> longMethod = new java.util.ArrayList<>(List.of("final class Long {", "  void big() {"));
    longMethod.addAll(Collections.nCopies(SourceSize.MAX_METHOD_LINES, "    call();"));
    longMethod.addAll(List.of("  }", "}"));
    Files.write(dir.resolve("Long.java"), longMethod);
    List<String> bigFile = new java.util.ArrayList<>(List.of("final class Big {"));
    bigFile.addAll(Collections.nCopies(SourceSize.MAX_FILE_LINES, "  int n;"));
    bigFile.add("}");
    Files.write(dir.resolve("Big.java"), bigFile);

    assertThat(SourceSize.violations(dir)).containsExactly("Big.java: 602 lines", "Long.java:2 big: 82 lines");
    assertThatThrownBy(() -> SourceSize.violations(dir.resolve("Ok.java").getParent().resolve("none")))
        .isInstanceOf(IOException.class);
  }
}
