package io.github.dra4j.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The source-size rule every module's main code keeps, so that it stays readable: no source file
 * over {@value #MAX_FILE_LINES} lines, no method or constructor body over {@value
 * #MAX_METHOD_LINES} (declaration to closing brace). Braces in string and character literals and
 * in comments are not counted. A module's test asserts that {@link #violations} is empty.
 */
public final class SourceSize {
  /** The most lines a source file may have. */
  public static final int MAX_FILE_LINES = 600;
  /** The most lines a method or constructor may have, declaration to closing brace. */
  public static final int MAX_METHOD_LINES = 80;

  /* A method or constructor declaration: modifiers, type, name, '(' ; not a type declaration. */
  private static final Pattern DECLARATION = Pattern.compile(
      "^ +(?:(?:public|private|protected|static|final|synchronized|abstract|default|@\\S+) +)*"
          + "(?:<[^>]+> +)?(?:[\\w.<>\\[\\]@?,]+(?: [\\w.<>\\[\\]@?,]+)* +)?(\\w+) *\\([^;]*$");
  private static final Pattern NOT_A_METHOD =
      Pattern.compile("^\\s*(?:if|for|while|switch|return|else|new|catch|try|throw)\\b|\\b(?:class|record|interface|enum) ");

  private SourceSize() {}

  /**
   * Checks every {@code .java} file below a directory.
   *
   * @param sources the directory, such as {@code src/main/java}
   * @return one line per file or method over its limit, such as {@code a/B.java: 601 lines}; empty
   *     when every file keeps the rule
   * @throws IOException when a file cannot be read
   * @throws IllegalStateException when the directory holds no Java file (a wrong path)
   */
  public static List<String> violations(Path sources) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(sources)) {
      files = walk.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    if (files.isEmpty()) {
      throw new IllegalStateException("no Java source below " + sources.toAbsolutePath());
    }
    List<String> tooLong = new ArrayList<>();
    for (Path file : files) {
      List<String> lines = Files.readAllLines(file);
      if (lines.size() > MAX_FILE_LINES) {
        tooLong.add(sources.relativize(file) + ": " + lines.size() + " lines");
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
          tooLong.add(sources.relativize(file) + ":" + (i + 1) + " " + m.group(1) + ": " + (end - i + 1) + " lines");
        }
        i = end;
      }
    }
    return tooLong;
  }

  /**
   * {@return the line of the brace that closes the body opened at or after line {@code start},
   * or -1 when none opens}
   *
   * @param lines the file's lines
   * @param start the declaration's line
   */
  public static int bodyEnd(List<String> lines, int start) {
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
