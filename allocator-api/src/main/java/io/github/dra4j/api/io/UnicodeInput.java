package io.github.dra4j.api.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.function.LongConsumer;

/*
 * Bytes to characters as Kubernetes' readers take them: kubectl's file visitor decodes with
 * golang.org/x/text's BOMOverride (a UTF-8 BOM is dropped, a UTF-16 BOM switches to UTF-16 LE or
 * BE) and go-yaml detects the same BOMs; without a BOM the input is UTF-8. dra4j also reads
 * UTF-32 with a BOM, which kubectl does not (it takes FF FE 00 00 for UTF-16LE). Malformed input
 * is an error naming the byte, where Go would silently put U+FFFD in its place. The number of
 * bytes is capped, so /dev/zero or `yes |` end with an error rather than an OutOfMemoryError.
 */
final class UnicodeInput extends Reader {

  /** Input that is not text in its encoding, or longer than the cap. */
  static final class Refused extends IOException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message);
    }
  }

  private final InputStream in;
  private final long maxBytes;
  private final LongConsumer progress;
  private final byte[] bytes = new byte[64 * 1024];
  private final ByteBuffer buffer = ByteBuffer.wrap(bytes);
  private CharsetDecoder decoder;
  private String encoding = "UTF-8";
  private long read;
  private long decodedBefore;
  private boolean eof;
  private boolean started;
  /** Set once the decoder is flushed: it may not decode again, and readers ask again after -1. */
  private boolean finished;

  /**
   * Decodes a stream.
   *
   * @param maxBytes the most bytes read; one more is an error
   * @param progress receives the number of bytes read so far, after each block
   */
  UnicodeInput(InputStream in, long maxBytes, LongConsumer progress) {
    this.in = in;
    this.maxBytes = maxBytes;
    this.progress = progress;
    this.decoder = strict(StandardCharsets.UTF_8);
    buffer.limit(0);
  }

  private static CharsetDecoder strict(Charset charset) {
    return charset.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
  }

  /** {@return the encoding the input was found to be in} */
  String encoding() {
    return encoding;
  }

  /** {@return the bytes read so far} */
  long bytesRead() {
    return read;
  }

  private boolean fill() throws IOException {
    if (eof) {
      return false;
    }
    buffer.compact();
    int n = in.read(bytes, buffer.position(), bytes.length - buffer.position());
    if (n < 0) {
      eof = true;
      buffer.flip();
      return false;
    }
    read += n;
    if (read > maxBytes) {
      throw new Refused("input larger than " + maxBytes + " bytes, the most read from one stream");
    }
    buffer.position(buffer.position() + n);
    buffer.flip();
    progress.accept(read);
    return true;
  }

  private void detect() throws IOException {
    started = true;
    while (buffer.remaining() < 4 && fill()) {
      // a BOM is at most 4 bytes
    }
    int b0 = at(0);
    int b1 = at(1);
    int b2 = at(2);
    int b3 = at(3);
    Charset charset = StandardCharsets.UTF_8;
    int skip = 0;
    if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) {
      skip = 3;
    } else if (b0 == 0x00 && b1 == 0x00 && b2 == 0xFE && b3 == 0xFF) {
      charset = Charset.forName("UTF-32BE");
      skip = 4;
    } else if (b0 == 0xFF && b1 == 0xFE && b2 == 0x00 && b3 == 0x00) {
      charset = Charset.forName("UTF-32LE");
      skip = 4;
    } else if (b0 == 0xFE && b1 == 0xFF) {
      charset = StandardCharsets.UTF_16BE;
      skip = 2;
    } else if (b0 == 0xFF && b1 == 0xFE) {
      charset = StandardCharsets.UTF_16LE;
      skip = 2;
    }
    buffer.position(buffer.position() + skip);
    decodedBefore = skip;
    decoder = strict(charset);
    encoding = charset.name();
  }

  private int at(int i) {
    return buffer.remaining() > i ? bytes[buffer.position() + i] & 0xFF : -1;
  }

  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    if (!started) {
      detect();
    }
    if (finished) {
      return -1;
    }
    if (len == 0) {
      return 0;
    }
    CharBuffer out = CharBuffer.wrap(cbuf, off, len);
    while (true) {
      int before = buffer.position();
      CoderResult r = decoder.decode(buffer, out, eof);
      decodedBefore += buffer.position() - before;
      if (r.isError()) {
        throw new Refused("not valid " + encoding + " at byte " + decodedBefore
            + (encoding.equals("UTF-8") ? " (UTF-16 and UTF-32 are read with a byte order mark)" : ""));
      }
      if (out.position() > off) {
        return out.position() - off;
      }
      if (r.isUnderflow() && !fill()) {
        if (eof) {
          CoderResult end = decoder.decode(buffer, out, true);
          if (end.isError()) {
            throw new Refused("not valid " + encoding + " at byte " + decodedBefore + " (truncated at the end)");
          }
          decoder.flush(out);
          finished = true;
          return out.position() > off ? out.position() - off : -1;
        }
      }
    }
  }

  @Override
  public void close() {
    // the caller owns the stream
  }

  /**
   * {@return {@code s} with each lone UTF-16 surrogate replaced by U+FFFD}, as Go does when it
   * decodes a JSON escape or a YAML escape that is not a valid character: Kubernetes then never
   * holds invalid Unicode, and neither does dra4j, so that YAML and JSON output agree.
   */
  static String wellFormed(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (Character.isSurrogate(c)) {
        return replaceLoneSurrogates(s, i);
      }
    }
    return s;
  }

  private static String replaceLoneSurrogates(String s, int from) {
    StringBuilder sb = new StringBuilder(s.length()).append(s, 0, from);
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        sb.append(c).append(s.charAt(++i));
      } else if (Character.isSurrogate(c)) {
        sb.append('\uFFFD');
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
