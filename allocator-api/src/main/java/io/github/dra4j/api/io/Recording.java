package io.github.dra4j.api.io;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * A compact copy of a run of tokens (kinds, texts and notes in arrays), replayed as Tokens: what
 * a YAML anchor stands for, an object whose kind comes after its other fields, a list item that
 * must wait for its list's kind. Holds an object's tokens, never a document's text.
 */
final class Recording {
  private Tokens.Token[] tokens = new Tokens.Token[16];
  private String[] texts = new String[16];
  private @Nullable String @Nullable [] notes;
  private long[] positions = new long[16];
  private int size;
  /** Value-start tokens: what replaying adds to a document, for the alias budget. */
  private int values;

  void add(Tokens.Token token, String text, @Nullable String note, long position) {
    if (size == tokens.length) {
      tokens = Arrays.copyOf(tokens, size * 2);
      texts = Arrays.copyOf(texts, size * 2);
      positions = Arrays.copyOf(positions, size * 2);
      if (notes != null) {
        notes = Arrays.copyOf(notes, size * 2);
      }
    }
    if (note != null && notes == null) {
      notes = new String[tokens.length];
    }
    tokens[size] = token;
    texts[size] = text;
    positions[size] = position;
    if (notes != null) {
      notes[size] = note;
    }
    size++;
    if (token != Tokens.Token.NAME && token != Tokens.Token.END_OBJECT && token != Tokens.Token.END_ARRAY) {
      values++;
    }
  }

  int size() {
    return size;
  }

  int values() {
    return values;
  }

  Tokens.Token token(int i) {
    return tokens[i];
  }

  String text(int i) {
    return texts[i];
  }

  /** {@return the recorded tokens as a cursor; its first token is current once next() is called} */
  Replay replay() {
    return new Replay(this, null);
  }

  /** {@return the recorded tokens, then the rest of {@code live}, which is at the last recorded token} */
  Replay replayThen(Tokens live) {
    return new Replay(this, live);
  }

  /** Records every token another cursor produces, from its current one on. */
  static final class Recorder extends Tokens {
    private final Tokens in;
    private final Recording into;
    private boolean recording = true;

    Recorder(Tokens in, Recording into) {
      this.in = in;
      this.into = into;
      into.add(in.token(), in.text(), in.note(), in.position());
    }

    /** Stops recording; the cursor goes on reading {@code in}. */
    void stop() {
      recording = false;
    }

    @Override
    @CanIgnoreReturnValue
    Token next() {
      Token t = in.next();
      if (recording) {
        into.add(t, in.text(), in.note(), in.position());
      }
      return t;
    }

    @Override
    Token token() {
      return in.token();
    }

    @Override
    String text() {
      return in.text();
    }

    @Override
    @Nullable String note() {
      return in.note();
    }

    @Override
    long position() {
      return in.position();
    }

    @Override
    List<YamlTokens.Note> takeNotes() {
      return in.takeNotes();
    }
  }

  /** A recording played back, optionally followed by a live cursor. */
  static final class Replay extends Tokens {
    private final Recording r;
    private final @Nullable Tokens live;
    private int at = -1;

    private Replay(Recording r, @Nullable Tokens live) {
      this.r = r;
      this.live = live;
    }

    @Override
    @CanIgnoreReturnValue
    Token next() {
      if (at + 1 < r.size) {
        at++;
        return r.tokens[at];
      }
      at = r.size;
      return live == null ? Token.END : live.next();
    }

    @Override
    Token token() {
      if (at < 0) {
        return Token.END;
      }
      return at < r.size ? r.tokens[at] : live == null ? Token.END : live.token();
    }

    @Override
    String text() {
      return at >= 0 && at < r.size ? r.texts[at] : live == null ? "" : live.text();
    }

    @Override
    @Nullable String note() {
      if (at >= 0 && at < r.size) {
        return r.notes == null ? null : r.notes[at];
      }
      return live == null ? null : live.note();
    }

    @Override
    long position() {
      if (at >= 0 && at < r.size) {
        return r.positions[at];
      }
      return live == null ? -1 : live.position();
    }

    @Override
    void skipValue() {
      if (at >= r.size && live != null) {
        live.skipValue();
      } else {
        super.skipValue();
      }
    }

    @Override
    List<YamlTokens.Note> takeNotes() {
      return live == null ? List.of() : live.takeNotes();
    }
  }
}
