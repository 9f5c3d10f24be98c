package io.github.dra4j.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/*
 * Keeps allocator-core's main code readable: no source file over 600 lines, no method or
 * constructor body over 80 (declaration to closing brace). Braces in string and character
 * literals and in comments are not counted.
 */
final class SourceSizeTest {
  private static final int MAX_CLASS_LINES = 600;
  private static final int MAX_METHOD_LINES = 80;
  private static final Path MAIN = Path.of("src/main/java");
  /* A method or constructor declaration: modifiers, type, name, '(' ; not a type declaration. */
  private static final Pattern DECLARATION = Pattern.compile(
      "^ +(?:(?:public|private|protected|static|final|synchronized|abstract|default|@\\S+) +)*"
          + "(?:<[^>]+> +)?(?:[\\w.<>\\[\\]@?,]+(?: [\\w.<>\\[\\]@?,]+)* +)?(\\w+) *\\([^;]*$");
  private static final Pattern NOT_A_METHOD =
      Pattern.compile("^\\s*(?:if|for|while|switch|return|else|new|catch|try|throw)\\b|\\b(?:class|record|interface|enum) ");

  @Test
  void noClassOver600LinesAndNoMethodOver80() throws IOException {
    List<String> tooLong = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(MAIN)) {
      files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    for (Path file : files) {
      List<String> lines = Files.readAllLines(file);
      if (lines.size() > MAX_CLASS_LINES) {
        tooLong.add(MAIN.relativize(file) + ": " + lines.size() + " lines");
      }
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = DECLARATION.matcher(lines.get(i));
        if (!m.find() || NOT_A_METHOD.matcher(lines.get(i)).find()) {
          continue;
        }
        int end = bodyEnd(lines, i);
        if (end < 0) {
          continue; // abstract or interface method
        }
        if (end - i + 1 > MAX_METHOD_LINES) {
          tooLong.add(MAIN.relativize(file) + ":" + (i + 1) + " " + m.group(1) + ": " + (end - i + 1) + " lines");
        }
        i = end;
      }
    }
    assertThat(files).as("main sources found").hasSizeGreaterThan(20);
    assertThat(tooLong).isEmpty();
  }

  @Test
  void bodyEnd_skipsBracesInLiteralsAndComments() {
    List<String> lines = List.of(
        "  void m() {",
        "    String s = \"}\"; char c = '}'; // }",
        "    /* } */ if (x) {",
        "    }",
        "  }",
        "  int n;");

    assertThat(bodyEnd(lines, 0)).isEqualTo(4);
    assertThat(bodyEnd(List.of("  abstract void m();"), 0)).isEqualTo(-1);
  }

  /** The line of the brace that closes the body opened at or after line start, or -1 when none opens. */
  static int bodyEnd(List<String> lines, int start) {
    int depth = 0;
    boolean opened = false;
    boolean blockComment = false;
    for (int i = start; i < lines.size(); i++) {
      String line = lines.get(i);
      for (int k = 0; k < line.length(); k++) {
        char ch = line.charAt(k);
        if (blockComment) {
          if (ch == '*' && k + 1 < line.length() && line.charAt(k + 1) == '/') {
            blockComment = false;
            k++;
          }
        } else if (ch == '/' && k + 1 < line.length() && line.charAt(k + 1) == '/') {
          break;
        } else if (ch == '/' && k + 1 < line.length() && line.charAt(k + 1) == '*') {
          blockComment = true;
          k++;
        } else if (ch == '"' || ch == '\'') {
          k = closingQuote(line, k);
        } else if (ch == ';' && !opened) {
          return -1;
        } else if (ch == '{') {
          depth++;
          opened = true;
        } else if (ch == '}' && --depth == 0 && opened) {
          return i;
        }
      }
    }
    return -1;
  }

  private static int closingQuote(String line, int open) {
    char quote = line.charAt(open);
    for (int k = open + 1; k < line.length(); k++) {
      if (line.charAt(k) == '\\') {
        k++;
      } else if (line.charAt(k) == quote) {
        return k;
      }
    }
    return line.length();
  }
}
