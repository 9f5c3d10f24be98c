package io.github.dra4j.api.io;

import java.io.IOException;
import java.io.Reader;

/*
 * Cuts a YAML stream into texts that parse on their own, holding one at a time: its documents,
 * at each line that starts with "---" (apimachinery's YAMLReader frames documents the same way,
 * and YAML forbids such a line inside content; "..." also ends one), and the items of a list
 * document (kubectl get -o yaml writes one `kind: List` document for a whole cluster): a
 * top-level `items:` block sequence is cut before each `- ` at its indentation, several items a
 * text, and the list's other fields come as a head (before the items) and a tail (after them).
 * Lines before the first "---" are a document only when they hold content, as in YAML. A
 * document or item longer than the limit is an error, so a stream without separators cannot
 * fill the heap.
 */
final class Splitter {

  /** The kinds of texts. */
  enum Part { DOCUMENT, LIST_HEAD, ITEMS, LIST_TAIL }

  /** Receives the texts in input order. */
  interface Sink {
    /**
     * Receives one text.
     *
     * @param part what the text is
     * @param text whole lines of YAML
     * @param document the 1-based document it belongs to
     * @param firstLine the text's first line in the input, 0-based
     * @param firstItem for ITEMS, the list index of its first item
     */
    void accept(Part part, String text, int document, int firstLine, int firstItem) throws IOException;
  }

  /** Items are grouped into texts of about this many characters, so that each is worth a task. */
  static final int ITEMS_CHARS = 256 * 1024;

  private enum Mode { DOCUMENT, ITEMS_START, ITEMS, TAIL }

  private final Reader in;
  private final String source;
  private final int maxChars;
  private final Sink sink;
  private final char[] buf = new char[64 * 1024];
  private int pos;
  private int end;
  private boolean eof;
  private final StringBuilder line = new StringBuilder();
  private int lineNo = -1;

  private final StringBuilder text = new StringBuilder();
  private int textLine;
  private int documents;
  private boolean explicit;
  private boolean content;
  private Mode mode = Mode.DOCUMENT;
  private String head = "";
  private int headLine;
  private int itemIndent;
  private int items;
  private int firstItem;
  private int textItems;

  Splitter(Reader in, String source, int maxChars, Sink sink) {
    this.in = in;
    this.source = source;
    this.maxChars = maxChars;
    this.sink = sink;
  }

  /** Reads the whole stream. */
  void run() throws IOException {
    while (readLine()) {
      accept(line);
    }
    endDocument();
  }

  /** Whether the line just read ended with a line break (the input's last line may not). */
  private boolean terminated;

  private boolean readLine() throws IOException {
    line.setLength(0);
    lineNo++;
    terminated = false;
    boolean any = false;
    while (true) {
      if (pos == end && !fillBuffer()) {
        return any;
      }
      any = true;
      int start = pos;
      while (pos < end && buf[pos] != '\n' && buf[pos] != '\r') {
        pos++;
      }
      line.append(buf, start, pos - start);
      if (line.length() + text.length() > maxChars) {
        throw new DecodeException(source, documents + 1, null, null, "a YAML "
            + (mode == Mode.ITEMS ? "list item" : "document") + " longer than " + maxChars
            + " characters (at line " + (lineNo + 1) + "): the most read at once", null);
      }
      if (pos < end) {
        if (buf[pos++] == '\r' && (pos < end || fillBuffer()) && buf[pos] == '\n') {
          pos++;
        }
        terminated = true;
        return true;
      }
    }
  }

  private boolean fillBuffer() throws IOException {
    if (eof) {
      return false;
    }
    int n = in.read(buf, 0, buf.length);
    if (n < 0) {
      eof = true;
      return false;
    }
    pos = 0;
    end = n;
    return true;
  }

  private void accept(CharSequence l) throws IOException {
    if (isMarker(l, '-')) {
      if (explicit || content) {
        endDocument();
      }
      // comments and directives before the first marker belong to the document it starts
      explicit = true;
      content |= hasContentAfterMarker(l);
      append(l);
      return;
    }
    if (isMarker(l, '.')) {
      append(l);
      endDocument();
      return;
    }
    switch (mode) {
      case ITEMS_START:
      case ITEMS:
        item(l);
        return;
      case TAIL:
        append(l);
        return;
      default:
        break;
    }
    if (isItemsKey(l)) {
      mode = Mode.ITEMS_START;
      head = text.toString();
      headLine = textLine;
      text.setLength(0);
      items = 0;
      textItems = 0;
      return;
    }
    content |= !blankOrComment(l);
    append(l);
  }

  private void item(CharSequence l) throws IOException {
    if (blankOrComment(l)) {
      append(l);
      return;
    }
    int indent = indent(l);
    boolean dash = indent < l.length() && l.charAt(indent) == '-'
        && (indent + 1 == l.length() || l.charAt(indent + 1) == ' ');
    if (mode == Mode.ITEMS_START) {
      if (!dash) {
        unsplit();
        append(l);
        return;
      }
      mode = Mode.ITEMS;
      itemIndent = indent;
      sink.accept(Part.LIST_HEAD, head, documents + 1, headLine, 0);
    }
    if (dash && indent == itemIndent) {
      if (text.length() >= ITEMS_CHARS) {
        flushItems();
      }
      if (textItems == 0) {
        firstItem = items;
      }
      items++;
      textItems++;
      append(l);
    } else if (indent > itemIndent) {
      append(l);
    } else {
      flushItems();
      mode = Mode.TAIL;
      append(l);
    }
  }

  /** "items:" is not followed by a block sequence: the document is read whole after all. */
  private void unsplit() {
    String after = text.toString();
    text.setLength(0);
    text.append(head).append("items:\n").append(after);
    textLine = head.isEmpty() ? textLine : headLine;
    content = true;
    mode = Mode.DOCUMENT;
  }

  private void flushItems() throws IOException {
    if (textItems > 0) {
      sink.accept(Part.ITEMS, text.toString(), documents + 1, textLine, firstItem);
    }
    text.setLength(0);
    textItems = 0;
  }

  /** Ends the current document, at a marker, "..." or the end of the input. */
  private void endDocument() throws IOException {
    if (mode == Mode.ITEMS_START) {
      unsplit();
    }
    switch (mode) {
      case ITEMS:
        flushItems();
        sink.accept(Part.LIST_TAIL, "", documents + 1, lineNo, items);
        documents++;
        break;
      case TAIL:
        sink.accept(Part.LIST_TAIL, text.toString(), documents + 1, textLine, items);
        documents++;
        break;
      default:
        if (explicit || content) {
          sink.accept(Part.DOCUMENT, text.toString(), documents + 1, textLine, 0);
          documents++;
        }
        break;
    }
    text.setLength(0);
    mode = Mode.DOCUMENT;
    explicit = false;
    content = false;
  }

  private void append(CharSequence l) {
    if (text.length() == 0) {
      textLine = lineNo;
    }
    text.append(l);
    if (terminated) {
      text.append('\n');
    }
  }

  private static boolean isMarker(CharSequence l, char c) {
    if (l.length() < 3 || l.charAt(0) != c || l.charAt(1) != c || l.charAt(2) != c) {
      return false;
    }
    return l.length() == 3 || l.charAt(3) == ' ' || l.charAt(3) == '\t';
  }

  private static boolean hasContentAfterMarker(CharSequence l) {
    for (int i = 3; i < l.length(); i++) {
      char c = l.charAt(i);
      if (c == '#') {
        return false;
      }
      if (c != ' ' && c != '\t') {
        return true;
      }
    }
    return false;
  }

  /** A line {@code items:} at the first column, with at most blanks and a comment after it. */
  private static boolean isItemsKey(CharSequence l) {
    if (l.length() < 6 || !"items:".contentEquals(l.subSequence(0, 6))) {
      return false;
    }
    for (int i = 6; i < l.length(); i++) {
      char c = l.charAt(i);
      if (c == '#') {
        return l.charAt(i - 1) == ' ' || l.charAt(i - 1) == '\t';
      }
      if (c != ' ' && c != '\t') {
        return false;
      }
    }
    return true;
  }

  private static boolean blankOrComment(CharSequence l) {
    int i = 0;
    while (i < l.length() && (l.charAt(i) == ' ' || l.charAt(i) == '\t')) {
      i++;
    }
    return i == l.length() || l.charAt(i) == '#';
  }

  private static int indent(CharSequence l) {
    int i = 0;
    while (i < l.length() && l.charAt(i) == ' ') {
      i++;
    }
    return i;
  }
}
