package io.github.dra4j.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Escapes control characters in what the command line writes, so that a name or value read from
 * input (an object name with an ANSI escape sequence, a carriage return) cannot retitle, clear or
 * overwrite the user's terminal. Every C0 control but tab and newline, DEL, and the C1 controls
 * (U+0080 to U+009F) are written as {@code \x1b} or {@code \u009b}, as Go's {@code %q} writes them.
 *
 * <p>It works on the UTF-8 bytes: C0 controls and DEL are single bytes that never occur inside a
 * multi-byte sequence, and a C1 control is {@code 0xC2} followed by {@code 0x80..0x9F}. JSON and
 * YAML output escape control characters themselves, so filtering them changes nothing there.
 */
final class ControlEscaper extends FilterOutputStream {
  private boolean pendingC2;

  private ControlEscaper(OutputStream out) {
    super(out);
  }

  /** {@return a UTF-8 print stream that escapes control characters before {@code out}} */
  static PrintStream wrap(PrintStream out) {
    return new PrintStream(new ControlEscaper(out), true, StandardCharsets.UTF_8);
  }

  @Override
  public void write(int b) throws IOException {
    int c = b & 0xFF;
    if (pendingC2) {
      pendingC2 = false;
      if (c >= 0x80 && c <= 0x9F) {
        escape("\\u%04x", c);
        return;
      }
      out.write(0xC2);
    }
    if (c == 0xC2) {
      pendingC2 = true;
    } else if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
      escape("\\x%02x", c);
    } else {
      out.write(c);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  @Override
  public void flush() throws IOException {
    // a 0xC2 waits for its second byte, which the encoder writes in the same call
    out.flush();
  }

  @Override
  public void close() throws IOException {
    if (pendingC2) {
      pendingC2 = false;
      out.write(0xC2);
    }
    super.close();
  }

  private void escape(String format, int c) throws IOException {
    out.write(String.format(format, c).getBytes(StandardCharsets.US_ASCII));
  }
}
