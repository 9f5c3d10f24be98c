package io.github.dra4j.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs {@link Dra4j#run} in-process and captures what it prints. */
final class Cli {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Cli() {}

  /**
   * One finished run.
   *
   * @param exit the exit code
   * @param out what went to stdout
   * @param err what went to stderr
   */
  record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
    }
  }

  static Result stdin(String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      exit = Dra4j.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), o, e);
    }
    return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** {@return whether the text is one JSON object {@code {"apiVersion":"v1","kind":"List","items":[...]}}} */
  static boolean isJsonList(String text) {
    try {
      JsonNode list = JSON.readTree(text);
      return list.isObject() && list.path("apiVersion").asText().equals("v1")
          && list.path("kind").asText().equals("List") && list.path("items").isArray();
    } catch (IOException e) {
      return false;
    }
  }

  static Result run(String... args) {
    return stdin("", args);
  }
}
