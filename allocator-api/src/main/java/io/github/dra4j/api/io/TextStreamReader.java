package io.github.dra4j.api.io;

import java.io.Reader;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.Constant;

/*
 * SnakeYAML's reader over a whole text, in linear time. SnakeYAML's StreamReader reads 1,024
 * characters at a time and copies its whole unread window each time, so one token (a scalar, a
 * comment, a run of spaces) of n characters costs n^2 / 1,024 copies before the codec can refuse
 * it: a 4 Mi-character string took 16 seconds, a 64 Mi one would take hours. This reader
 * keeps the text as code points and only moves a pointer; line, column, index and the refusal of
 * non-printable characters follow StreamReader's rules, so marks and errors read the same.
 */
final class TextStreamReader extends StreamReader {
  private static final String NAME = "'reader'";

  private final int[] text;
  /** Index of the first code point YAML does not allow, or the text's length. */
  private final int firstUnprintable;
  private int pointer;
  private int line;
  private int column;
  private int documentIndex;

  TextStreamReader(String text) {
    super(Reader.nullReader());
    this.text = codePoints(text);
    int bad = 0;
    while (bad < this.text.length && isPrintable(this.text[bad])) {
      bad++;
    }
    this.firstUnprintable = bad;
  }

  private static int[] codePoints(String s) {
    int[] out = new int[s.length()];
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        out[n++] = Character.toCodePoint(c, s.charAt(++i));
      } else {
        out[n++] = c;
      }
    }
    return n == out.length ? out : java.util.Arrays.copyOf(out, n);
  }

  /** Whether the code point {@code offset} ahead exists; refuses a non-printable one, as SnakeYAML does. */
  private boolean available(int offset) {
    int at = pointer + offset;
    if (at >= firstUnprintable && firstUnprintable < text.length) {
      throw new ReaderException(NAME, firstUnprintable, text[firstUnprintable],
          "special characters are not allowed");
    }
    return at < text.length;
  }

  @Override
  public Mark getMark() {
    return new Mark(NAME, pointer, line, column, text, pointer);
  }

  @Override
  public void forward() {
    forward(1);
  }

  @Override
  public void forward(int length) {
    for (int i = 0; i < length && available(0); i++) {
      int c = text[pointer++];
      documentIndex++;
      if (Constant.LINEBR.has(c) || (c == '\r' && available(0) && text[pointer] != '\n')) {
        line++;
        column = 0;
      } else if (c != 0xFEFF) {
        column++;
      }
    }
  }

  @Override
  public int peek() {
    return available(0) ? text[pointer] : 0;
  }

  @Override
  public int peek(int index) {
    return available(index) ? text[pointer + index] : 0;
  }

  @Override
  public String prefix(int length) {
    if (length == 0) {
      return "";
    }
    return available(length)
        ? new String(text, pointer, length)
        : new String(text, pointer, Math.min(length, text.length - pointer));
  }

  @Override
  public String prefixForward(int length) {
    String prefix = prefix(length);
    pointer += length;
    documentIndex += length;
    column += length;
    return prefix;
  }

  @Override
  public int getColumn() {
    return column;
  }

  @Override
  public int getDocumentIndex() {
    return documentIndex;
  }

  @Override
  public void resetDocumentIndex() {
    documentIndex = 0;
  }

  @Override
  public int getIndex() {
    return pointer;
  }

  @Override
  public int getLine() {
    return line;
  }
}
