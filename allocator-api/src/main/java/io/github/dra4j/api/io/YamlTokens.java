package io.github.dra4j.api.io;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.resolver.Resolver;

/*
 * Tokens of YAML text, straight from SnakeYAML's event parser (no node graph, no tree), as
 * Kubernetes sees them (sigs.k8s.io/yaml over go-yaml): plain scalars resolve with go-yaml's YAML
 * 1.1 rules (GoYamlResolver) and become JSON as GoScalars says; keys become strings; a scalar
 * that changes type leaves a note with its path. Global type tags are refused (no object is
 * ever constructed); an anchored node is recorded as it is read and an alias replays it, within
 * the alias budget; recursive aliases and merge keys are refused. One instance reads the
 * documents of one text (a whole input, one YAML document, or one item of a split list); errors
 * give lines of the whole input.
 */
final class YamlTokens extends Tokens {

  /** A plain scalar that Kubernetes reads as another type than its text suggests: where, and what to say. */
  record Note(JsonPath path, String message) {}

  /** Malformed or refused YAML, with its line in the input. */
  static final class Problem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Problem(String message) {
      super(message, null, false, false);
    }

    @Override
    public String getMessage() {
      return Objects.requireNonNull(super.getMessage());
    }
  }

  /** An alias whose anchor this text does not define (a split list's item using an earlier item's anchor). */
  static final class UnknownAnchor extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UnknownAnchor(String anchor) {
      super(anchor, null, false, false);
    }
  }

  /** The limits of {@link KubernetesCodec}. */
  record Limits(int maxAliases, int maxExpandedNodes, int maxStringLength, int maxNumberLength, int maxDepth) {}

  /** The tags YAML itself defines; any other global tag is refused. */
  private static final Set<Tag> STANDARD_TAGS = Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL, Tag.TIMESTAMP,
      Tag.BINARY, Tag.MAP, Tag.SEQ, Tag.SET, Tag.OMAP, Tag.PAIRS);
  private static final Resolver RESOLVER = new GoYamlResolver();

  /** An open mapping or sequence: the key or index its current value has. */
  private static final class Frame {
    final boolean map;
    boolean expectKey;
    @Nullable String key;
    int index = -1;

    Frame(boolean map) {
      this.map = map;
      this.expectKey = map;
    }
  }

  private final Parser parser;
  private final Limits limits;
  private final int lineOffset;
  private final JsonPath base;
  private final int firstIndex;
  private final Map<String, Recording> inherited;
  private final Map<String, Recording> anchors = new HashMap<>();
  private final ArrayDeque<Frame> frames = new ArrayDeque<>();
  private final List<Recording> recorders = new ArrayList<>();
  private final List<@Nullable String> recorderAnchors = new ArrayList<>();
  private final List<Integer> recorderDepths = new ArrayList<>();
  private final List<Note> notes = new ArrayList<>();
  private Recording.@Nullable Replay replaying;
  private int aliases;
  private long expanded;
  private Token token = Token.END;
  private String text = "";
  private @Nullable String note;
  private boolean inDocument;
  private @Nullable Mark mark;
  /** The mark of the event that gave the current token (not of a replayed one). */
  private @Nullable Mark tokenMark;
  private final boolean retryable;

  /**
   * Reads a text.
   *
   * @param text the YAML
   * @param lineOffset lines before {@code text} in the input, for messages
   * @param base the path of the text's root value
   * @param firstIndex the index the root's first element has when the root is a sequence (a split list's items)
   * @param inherited anchors earlier texts of the same document define
   * @param retryable whether an unknown alias may be an earlier text's anchor, so that reading
   *     should be retried with more of them ({@link UnknownAnchor}), rather than an error
   */
  YamlTokens(String text, int lineOffset, JsonPath base, int firstIndex, Limits limits,
      Map<String, Recording> inherited, boolean retryable) {
    this.retryable = retryable;
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Integer.MAX_VALUE);
    this.parser = new ParserImpl(new TextStreamReader(text), options);
    this.limits = limits;
    this.lineOffset = lineOffset;
    this.base = base;
    this.firstIndex = firstIndex;
    this.inherited = inherited;
  }

  /** {@return the anchors this text defined} */
  Map<String, Recording> anchors() {
    return anchors;
  }

  /**
   * Moves to the first token of the next document's root value; false at the end of the text. An
   * empty document's root is a NULL token.
   */
  boolean nextDocument() {
    while (true) {
      Event e = event();
      if (e == null || e.is(Event.ID.StreamEnd)) {
        return false;
      }
      if (e.is(Event.ID.DocumentStart)) {
        inDocument = true;
        frames.clear();
        aliases = 0;
        expanded = 0;
        next();
        return true;
      }
    }
  }

  private @Nullable Event event() {
    try {
      Event e = parser.getEvent();
      mark = e == null ? null : e.getStartMark();
      return e;
    } catch (MarkedYAMLException e) {
      throw new Problem(describe(e));
    } catch (YAMLException e) {
      throw new Problem(String.valueOf(e.getMessage()));
    }
  }

  private String describe(MarkedYAMLException e) {
    Mark m = e.getProblemMark();
    String context = e.getContext() == null ? "" : e.getContext() + ": ";
    return context + e.getProblem() + at(m);
  }

  private String at(@Nullable Mark m) {
    return m == null ? "" : " (line " + (m.getLine() + 1 + lineOffset) + ", column " + (m.getColumn() + 1) + ")";
  }

  private Problem problem(String message) {
    return new Problem(message + at(mark));
  }

  @Override
  @CanIgnoreReturnValue
  Token next() {
    note = null;
    if (replaying != null) {
      tokenMark = null;
      Token t = replaying.next();
      if (t != Token.END) {
        return produce(t, replaying.text(), replaying.note());
      }
      replaying = null;
    }
    if (!inDocument) {
      return set(Token.END, "");
    }
    while (true) {
      Event e = Objects.requireNonNull(event(), "event");
      tokenMark = mark;
      switch (e.getEventId()) {
        case Scalar:
          return scalar((ScalarEvent) e);
        case MappingStart:
          tags((CollectionStartEvent) e);
          return anchored((NodeEvent) e, Token.START_OBJECT);
        case SequenceStart:
          tags((CollectionStartEvent) e);
          return anchored((NodeEvent) e, Token.START_ARRAY);
        case MappingEnd:
          return produce(Token.END_OBJECT, "", null);
        case SequenceEnd:
          return produce(Token.END_ARRAY, "", null);
        case Alias:
          return alias((AliasEvent) e);
        case DocumentEnd:
          inDocument = false;
          return set(Token.END, "");
        default:
          break;
      }
    }
  }

  private void tags(CollectionStartEvent e) {
    String tag = e.getTag();
    if (tag != null && !e.getImplicit()) {
      refuseGlobal(new Tag(tag));
    }
  }

  private void refuseGlobal(Tag tag) {
    if (tag.getValue().startsWith("tag:") && !STANDARD_TAGS.contains(tag)) {
      throw problem("Global tag is not allowed: " + tag.getValue());
    }
  }

  private Token anchored(NodeEvent e, Token start) {
    if (frames.size() >= limits.maxDepth()) {
      throw problem("Nesting Depth exceeded max " + limits.maxDepth());
    }
    if (e.getAnchor() != null) {
      startRecording(e.getAnchor());
    }
    return produce(start, "", null);
  }

  private void startRecording(String anchor) {
    recorders.add(new Recording());
    recorderAnchors.add(anchor);
    recorderDepths.add(frames.size());
  }

  private Token scalar(ScalarEvent e) {
    String value = UnicodeInput.wellFormed(e.getValue());
    Frame f = frames.peek();
    boolean key = f != null && f.map && f.expectKey;
    Tag tag = tag(e);
    if (e.getAnchor() != null) {
      startRecording(e.getAnchor());
    }
    if (key) {
      if (tag.equals(Tag.MERGE)) {
        throw problem("YAML merge keys (<<) are not supported");
      }
      length(value);
      String json;
      try {
        json = e.getImplicit().canOmitTagInPlainScalar() ? GoScalars.key(tag, value) : value;
      } catch (GoScalars.Unsupported u) {
        throw problem(String.valueOf(u.getMessage()));
      }
      if (e.isPlain()) {
        String n = GoScalars.note(tag, value, json, true);
        if (n != null) {
          f.key = json;
          notes.add(new Note(path(), n));
        }
      }
      return produce(Token.NAME, json, null);
    }
    if ((tag.equals(Tag.INT) || tag.equals(Tag.FLOAT)) && value.length() > limits.maxNumberLength()) {
      throw problem("Number value length exceeds the maximum allowed (" + limits.maxNumberLength() + ")");
    }
    length(value);
    GoScalars.Json json;
    try {
      json = GoScalars.value(tag, value);
    } catch (GoScalars.Unsupported u) {
      throw problem(String.valueOf(u.getMessage()));
    }
    String n = e.isPlain() ? GoScalars.note(tag, value, json.text(), false) : null;
    Token t = json.isString() ? Token.STRING : json.isNumber() ? Token.NUMBER
        : json.text().equals("null") ? Token.NULL : json.text().equals("true") ? Token.TRUE : Token.FALSE;
    if (n != null) {
      // the path is the value's own: its key (or index) is set before produce() moves on
      Frame fr = frames.peek();
      if (fr != null && !fr.map) {
        fr.index++;
        notes.add(new Note(path(), n));
        fr.index--;
      } else {
        notes.add(new Note(path(), n));
      }
    }
    return produce(t, json.text(), n);
  }

  /** The tag a scalar resolves to: its explicit tag, else go-yaml's resolution of a plain scalar, else str. */
  private Tag tag(ScalarEvent e) {
    String explicit = e.getTag();
    if (explicit != null && !explicit.equals("!") && !e.getImplicit().canOmitTagInPlainScalar()
        && !e.getImplicit().canOmitTagInNonPlainScalar()) {
      Tag t = new Tag(explicit);
      refuseGlobal(t);
      return t.getValue().startsWith("tag:") ? t : Tag.STR;
    }
    return e.getScalarStyle() == DumperOptions.ScalarStyle.PLAIN ? resolvePlain(e.getValue()) : Tag.STR;
  }

  /**
   * Go-yaml's resolution of a plain scalar, without the regular expressions for the common case:
   * the resolver tries a pattern only for some first characters (booleans start with one of
   * yYnNtTfFoO and have at most 5 letters, null with ~, n or N, numbers and timestamps with a
   * digit, sign or dot), so any other scalar is a string.
   */
  private static Tag resolvePlain(String value) {
    if (value.isEmpty()) {
      return Tag.NULL;
    }
    char c = value.charAt(0);
    boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (letter && (value.length() > 5 || "yYnNtTfFoO".indexOf(c) < 0)) {
      return Tag.STR;
    }
    if (c >= '0' && c <= '9') {
      // integers, floats and timestamps use only these characters: 40192Mi is a string
      for (int i = 1; i < value.length(); i++) {
        if (NUMERIC.indexOf(value.charAt(i)) < 0) {
          return Tag.STR;
        }
      }
    }
    return RESOLVER.resolve(NodeId.scalar, value, true);
  }

  /** The characters of go-yaml's integers (0x1F, 0o17, 1_000, 10:30), floats (1.5e3) and timestamps. */
  private static final String NUMERIC = "0123456789_+-.:xXoObBaAcCdDeEfFtTZ \t";

  private void length(String value) {
    if (value.length() > limits.maxStringLength()) {
      throw problem("String value length exceeds the maximum allowed (" + limits.maxStringLength() + ")");
    }
  }

  private Token alias(AliasEvent e) {
    String anchor = e.getAnchor();
    if (recorderAnchors.contains(anchor)) {
      throw problem("recursive YAML alias *" + anchor);
    }
    Recording r = anchors.get(anchor);
    if (r == null) {
      r = inherited.get(anchor);
    }
    if (r == null) {
      if (retryable) {
        throw new UnknownAnchor(Objects.requireNonNull(anchor));
      }
      throw problem("found undefined alias " + anchor);
    }
    if (++aliases > limits.maxAliases()) {
      throw problem("more than " + limits.maxAliases() + " YAML aliases");
    }
    expanded += r.values();
    if (expanded > limits.maxExpandedNodes()) {
      throw problem("YAML aliases expand to more than " + limits.maxExpandedNodes() + " nodes");
    }
    Frame f = frames.peek();
    if (f != null && f.map && f.expectKey) {
      if (r.size() != 1 || r.token(0) == Token.START_OBJECT || r.token(0) == Token.START_ARRAY) {
        throw problem("mapping keys must be scalars");
      }
      if (r.token(0) == Token.NULL) {
        throw problem("unsupported map key: null (Kubernetes refuses a null key)");
      }
      return produce(Token.NAME, r.text(0), null);
    }
    replaying = r.replay();
    Token t = replaying.next();
    return produce(t, replaying.text(), replaying.note());
  }

  /** Makes a token current: updates the frames and the recordings of open anchors. */
  @CanIgnoreReturnValue
  private Token produce(Token t, String s, @Nullable String n) {
    Frame f = frames.peek();
    if (t == Token.NAME) {
      if (f == null || !f.map || !f.expectKey) {
        throw problem("mapping keys must be scalars");
      }
      f.key = s;
      f.expectKey = false;
    } else if (t != Token.END_OBJECT && t != Token.END_ARRAY && f != null) {
      if (f.map) {
        if (f.expectKey) {
          throw problem("mapping keys must be scalars");
        }
      } else {
        f.index++;
      }
    }
    if (t == Token.START_OBJECT || t == Token.START_ARRAY) {
      frames.push(new Frame(t == Token.START_OBJECT));
    }
    boolean valueEnds = t != Token.NAME && t != Token.START_OBJECT && t != Token.START_ARRAY;
    if (t == Token.END_OBJECT || t == Token.END_ARRAY) {
      frames.pop();
    }
    Frame parent = frames.peek();
    if (valueEnds && parent != null && parent.map) {
      parent.expectKey = true;
    }
    for (Recording r : recorders) {
      r.add(t, s, n, -1);
    }
    if (valueEnds) {
      closeRecordings();
    }
    note = n;
    return set(t, s);
  }

  /** Anchored nodes that this token completes become available to aliases. */
  private void closeRecordings() {
    for (int i = recorders.size() - 1; i >= 0; i--) {
      if (recorderDepths.get(i) == frames.size()) {
        anchors.put(Objects.requireNonNull(recorderAnchors.get(i)), recorders.get(i));
        recorders.remove(i);
        recorderAnchors.remove(i);
        recorderDepths.remove(i);
      }
    }
  }

  private Token set(Token t, String s) {
    token = t;
    text = s;
    return t;
  }

  /** {@return the path of the current value, from the open frames} */
  private JsonPath path() {
    List<Frame> open = new ArrayList<>(frames);
    JsonPath p = base;
    for (int i = open.size() - 1; i >= 0; i--) {
      Frame f = open.get(i);
      if (f.map) {
        p = p.key(Objects.requireNonNullElse(f.key, ""));
      } else {
        p = p.index(i == open.size() - 1 ? firstIndex + f.index : f.index);
      }
    }
    return p;
  }

  @Override
  Token token() {
    return token;
  }

  @Override
  String text() {
    return text;
  }

  @Override
  @Nullable String note() {
    return note;
  }

  @Override
  long position() {
    Mark m = tokenMark;
    return m == null ? -1 : (long) (m.getLine() + 1 + lineOffset) << 32 | (m.getColumn() + 1);
  }

  @Override
  List<Note> takeNotes() {
    if (notes.isEmpty()) {
      return List.of();
    }
    List<Note> out = List.copyOf(notes);
    notes.clear();
    return out;
  }
}
