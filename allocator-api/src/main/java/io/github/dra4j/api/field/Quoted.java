package io.github.dra4j.api.field;

/**
 * Values quoted in error messages, cut short: a name may be a megabyte long, and an error that
 * quotes it whole (or twice) floods the terminal and the logs while saying no more than its
 * beginning and its length.
 */
public final class Quoted {
  /** Most characters of a value an error message quotes; longer ones end in "..." and their length. */
  public static final int MAX_CHARS = 128;

  private Quoted() {}

  /**
   * {@return the value in double quotes, or its first {@link #MAX_CHARS} characters followed by
   * {@code ..."} and its length, such as {@code "aaaa..." (1048576 characters)}}
   *
   * @param value the value
   */
  public static String of(String value) {
    return value.length() <= MAX_CHARS ? "\"" + value + "\"" : "\"" + cut(value) + "...\" (" + value.length()
        + " characters)";
  }

  /**
   * {@return the text as is, or its first {@link #MAX_CHARS} characters followed by {@code ...}
   * and its length in parentheses}
   *
   * @param text a name or value written without quotes, such as an object reference
   */
  public static String abbreviate(String text) {
    return text.length() <= MAX_CHARS ? text : cut(text) + "... (" + text.length() + " characters)";
  }

  /* The first MAX_CHARS characters, not splitting a surrogate pair. */
  private static String cut(String value) {
    int end = Character.isHighSurrogate(value.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
    return value.substring(0, end);
  }
}
