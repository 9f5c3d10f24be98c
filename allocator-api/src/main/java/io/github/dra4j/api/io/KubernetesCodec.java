package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes the model as Kubernetes YAML and JSON, with the API's own field names.
 *
 * <p>Reading accepts multi-document YAML, JSON (one or more concatenated values, or an array),
 * and lists: an object whose {@code items} is a list (as kubectl treats {@code kind: List} and
 * every {@code *List}) is expanded; items of a typed list ({@code ResourceSliceList}) without
 * {@code kind} or {@code apiVersion} take them from the list, as the API server writes them.
 * Input is read as a stream, object by object: a dump of any size needs memory for the objects
 * it holds, not for its text, and large YAML inputs are decoded on several threads (objects
 * still arrive in input order). {@code resource.k8s.io/v1} and {@code v1beta2} share one shape;
 * {@code v1beta1} (devices wrapped in {@code basic}, requests without {@code exactly}) and
 * {@code v1alpha3} (as {@code v1beta1}, with plain quantities as device capacities) are
 * converted. ResourceSlice, DeviceClass, ResourceClaim and ResourceClaimTemplate are read in
 * every one of these versions, DeviceTaintRule in each version that serves it ({@code v1},
 * {@code v1beta2}, {@code v1alpha3}: one shape), Node and Pod in core {@code v1}. Objects of
 * other kinds become {@link UnknownObject}s, and so do kinds of the same name in another API
 * group; a group that looks meant for one of these kinds ({@code resources.k8s.io}) is an
 * error. Type errors and missing required fields are {@link DecodeException}s naming source,
 * document, object and JSON path.
 *
 * <p>Fields are validated as the API server's strict field validation does (kubectl's default):
 * an unknown field of an object dra4j reads (such as {@code cuont: 2}) or a duplicate key is a
 * {@link DecodeException} naming each such field and the closest known name, unless
 * {@link #withFieldValidation} says to warn or ignore (see {@link FieldValidation}). Every field of
 * the newest Kubernetes API in the object's own {@code apiVersion} is known, including those dra4j
 * does not act on.
 *
 * <p>Loading is safe for untrusted input: YAML is read as events (global type tags are refused,
 * no object is constructed), aliases expand within a budget, and input size, document size,
 * nesting depth, string and number lengths are limited (see {@link #withMaxInputBytes},
 * {@link #MAX_INPUT_CHARS} and the other constants). Bytes are decoded as UTF-8, or as UTF-16 or
 * UTF-32 when the input starts with their byte order mark. YAML scalars resolve as go-yaml
 * resolves them for Kubernetes (YAML 1.1: {@code yes} is a boolean, {@code 010} is octal).
 *
 * <p>Writing uses {@code resource.k8s.io/v1} (and {@code v1} for Nodes), prints quantities
 * canonically, inlines raw JSON, and leaves out nulls, empty lists and maps and false
 * booleans, so that read, write and read again gives equal records.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * <pre>{@code
 * KubernetesCodec codec = KubernetesCodec.create();
 * try (InputStream in = Files.newInputStream(path)) {
 *   codec.readAll(in, path.toString(), (object, document) -> objects.add(object));
 * }
 * String yaml = codec.writeYaml(objects);
 * }</pre>
 */
public final class KubernetesCodec {

  /**
   * Largest YAML document, list item or JSON value read at once, in characters (64 Mi); an input
   * of many documents or list items may be much larger (see {@link #withMaxInputBytes}).
   */
  public static final int MAX_INPUT_CHARS = 64 * 1024 * 1024;

  /** The default of {@link #withMaxInputBytes}: 8 GiB, far more than a dump of 10,000 GPU nodes. */
  public static final long DEFAULT_MAX_INPUT_BYTES = 8L * 1024 * 1024 * 1024;

  /** Deepest accepted nesting of objects and lists. */
  public static final int MAX_NESTING_DEPTH = 64;

  /** Most YAML aliases accepted per document. */
  public static final int MAX_ALIASES = 50;

  /** Most nodes that YAML aliases may add to a document when expanded. */
  public static final int MAX_ALIAS_EXPANSION = 10_000;

  /** Longest accepted string value, in characters (1 Mi). */
  public static final int MAX_STRING_LENGTH = 1024 * 1024;

  /** Longest accepted number literal, in characters. */
  public static final int MAX_NUMBER_LENGTH = 1000;

  /**
   * Receives the progress of a read, on the reading thread: called often, so it should be cheap
   * (a progress bar).
   */
  @FunctionalInterface
  public interface Progress {
    /**
     * Reports how far a read got.
     *
     * @param bytes bytes of the stream read so far (0 for a text)
     * @param objects objects handed to the sink so far
     */
    void update(long bytes, long objects);
  }

  /*
   * The writers are made on first use, once per process (they hold no setting of a codec): a
   * one-shot command writes one format or none, and each mapper costs start-up time.
   */
  private static final class JsonWriter {
    static final ObjectMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
  }

  private static final class YamlWriter {
    static final YAMLMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
        .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
        .stringQuotingChecker(new YamlQuoting())
        .disable(YAMLGenerator.Feature.SPLIT_LINES)
        .build()).build();
  }

  private static final YamlTokens.Limits LIMITS = new YamlTokens.Limits(MAX_ALIASES, MAX_ALIAS_EXPANSION,
      MAX_STRING_LENGTH, MAX_NUMBER_LENGTH, MAX_NESTING_DEPTH);

  private final JsonFactory jsonFactory;
  private final FieldValidation validation;
  private final Consumer<? super DecodeException> warnings;
  private final long maxInputBytes;
  private final Progress progress;
  private final int threads;

  private KubernetesCodec() {
    StreamReadConstraints limits = StreamReadConstraints.builder()
        .maxNestingDepth(MAX_NESTING_DEPTH)
        .maxStringLength(MAX_STRING_LENGTH)
        .maxNumberLength(MAX_NUMBER_LENGTH)
        .maxDocumentLength(-1)
        .build();
    this.jsonFactory = JsonFactory.builder().streamReadConstraints(limits).build();
    this.validation = FieldValidation.STRICT;
    this.warnings = w -> { };
    this.maxInputBytes = DEFAULT_MAX_INPUT_BYTES;
    this.progress = (bytes, objects) -> { };
    this.threads = Runtime.getRuntime().availableProcessors();
  }

  private KubernetesCodec(KubernetesCodec base, FieldValidation validation, Consumer<? super DecodeException> warnings,
      long maxInputBytes, Progress progress, int threads) {
    this.jsonFactory = base.jsonFactory;
    this.validation = validation;
    this.warnings = warnings;
    this.maxInputBytes = maxInputBytes;
    this.progress = progress;
    this.threads = threads;
  }

  /** {@return a codec with the default limits and {@link FieldValidation#STRICT} field validation} */
  public static KubernetesCodec create() {
    return new KubernetesCodec();
  }

  /**
   * Returns a codec like this one that validates fields as {@code validation} says, as
   * {@code kubectl --validate=strict|warn|ignore} does.
   *
   * @param validation what to do with unknown fields and duplicate keys
   * @param warnings receives, under {@link FieldValidation#WARN}, one exception per unknown field
   *     or duplicate key, and under every mode one per plain YAML scalar that Kubernetes reads as
   *     another type than its text ({@code n} as {@code false}), each naming source, document,
   *     object and path, in input order, on the reading thread
   * @return the codec
   */
  public KubernetesCodec withFieldValidation(FieldValidation validation, Consumer<? super DecodeException> warnings) {
    return new KubernetesCodec(this, Objects.requireNonNull(validation, "validation"),
        Objects.requireNonNull(warnings, "warnings"), maxInputBytes, progress, threads);
  }

  /** {@return how this codec validates fields} */
  public FieldValidation fieldValidation() {
    return validation;
  }

  /**
   * Returns a codec like this one that refuses streams longer than {@code maxBytes} with a
   * {@link DecodeException} naming the source, rather than reading on: standard input or a
   * special file ({@code /dev/zero}) never ends otherwise. The default is
   * {@link #DEFAULT_MAX_INPUT_BYTES}.
   *
   * @param maxBytes the most bytes one stream may have, at least 1
   * @return the codec
   * @throws IllegalArgumentException when {@code maxBytes} is not positive
   */
  public KubernetesCodec withMaxInputBytes(long maxBytes) {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive, got " + maxBytes);
    }
    return new KubernetesCodec(this, validation, warnings, maxBytes, progress, threads);
  }

  /** {@return the most bytes this codec reads from one stream} */
  public long maxInputBytes() {
    return maxInputBytes;
  }

  /**
   * Returns a codec like this one that reports the progress of each read, for a progress line on
   * a terminal.
   *
   * @param progress receives bytes and objects read so far
   * @return the codec
   */
  public KubernetesCodec withProgress(Progress progress) {
    return new KubernetesCodec(this, validation, warnings, maxInputBytes, Objects.requireNonNull(progress, "progress"),
        threads);
  }

  /** A codec that decodes on at most {@code threads} threads (1: all on the caller's); for tests. */
  KubernetesCodec withThreads(int threads) {
    return new KubernetesCodec(this, validation, warnings, maxInputBytes, progress, threads);
  }

  /* --- reading --- */

  /**
   * Reads every object of a YAML or JSON text.
   *
   * @param text the input
   * @param sourceName names the input in errors, such as a file name or {@code <stdin>}
   * @return the objects in input order: {@link ResourceSlice}, {@link DeviceClass},
   *     {@link ResourceClaim}, {@link ResourceClaimTemplate}, {@link DeviceTaintRule},
   *     {@link Node}, {@link Pod} or {@link UnknownObject}
   * @throws DecodeException when the input is malformed, exceeds a limit or holds an invalid object
   */
  public List<Object> readAll(String text, String sourceName) throws DecodeException {
    List<Object> out = new ArrayList<>();
    readAll(text, sourceName, (o, document) -> out.add(o));
    return out;
  }

  /**
   * Reads every object of a YAML or JSON text, as {@link #readAll(String, String)} does, and
   * also tells the 1-based document each object came from (the items of a {@code kind: List}
   * share their list's document), so that callers can point at a document without parsing the
   * text a second time.
   *
   * @param text the input
   * @param sourceName names the input in errors
   * @param sink receives each object and its document, in input order
   * @throws DecodeException when the input is malformed, exceeds a limit or holds an invalid object
   */
  public void readAll(String text, String sourceName, ObjIntConsumer<Object> sink) throws DecodeException {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(sourceName, "sourceName");
    Objects.requireNonNull(sink, "sink");
    try {
      read(new StringReader(text), sourceName, sink, () -> 0L);
    } catch (DecodeException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringReader does not fail
    }
  }

  /**
   * Reads every object of a stream; see {@link #readAll(String, String)}. The stream is read to
   * its end (at most {@link #maxInputBytes()}) and not closed.
   *
   * @param in the input: UTF-8, or UTF-16 or UTF-32 with a byte order mark
   * @param sourceName names the input in errors
   * @return the objects in input order
   * @throws DecodeException when the input is malformed, too large or holds an invalid object
   * @throws IOException when reading the stream fails
   */
  public List<Object> readAll(InputStream in, String sourceName) throws IOException {
    List<Object> out = new ArrayList<>();
    readAll(in, sourceName, (o, document) -> out.add(o));
    return out;
  }

  /**
   * Reads every object of a stream object by object, handing each to {@code sink} as soon as it
   * and the objects before it are decoded: a dump of any size (up to {@link #maxInputBytes()})
   * needs memory for the objects the sink keeps, not for its text. The stream is not closed.
   *
   * @param in the input: UTF-8, or UTF-16 or UTF-32 with a byte order mark
   * @param sourceName names the input in errors
   * @param sink receives each object and its 1-based document, in input order, on this thread
   * @throws DecodeException when the input is malformed, too large or holds an invalid object
   * @throws IOException when reading the stream fails
   */
  public void readAll(InputStream in, String sourceName, ObjIntConsumer<Object> sink) throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(sourceName, "sourceName");
    Objects.requireNonNull(sink, "sink");
    UnicodeInput chars = new UnicodeInput(in, maxInputBytes, bytes -> { });
    try {
      read(chars, sourceName, sink, chars::bytesRead);
    } catch (UnicodeInput.Refused e) {
      throw new DecodeException(sourceName, 0, null, null, String.valueOf(e.getMessage()), e);
    }
  }

  private void read(Reader chars, String source, ObjIntConsumer<Object> sink, java.util.function.LongSupplier bytes)
      throws IOException {
    BufferedReader in = new BufferedReader(chars, 64 * 1024);
    ObjectReader.Output toWarnings = new ObjectReader.Output() {
      @Override
      public void object(Object o) {
        throw new IllegalStateException("not a warning: " + o);
      }

      @Override
      public void warning(DecodeException w) {
        warnings.accept(w);
      }
    };
    if (startsJson(in)) {
      readJson(in, source, sink, bytes);
      return;
    }
    Pipeline pipeline = new Pipeline(new Pipeline.Settings(source, validation, LIMITS, new Shared(),
        sink, toWarnings, objects -> progress.update(bytes.getAsLong(), objects), threads));
    new Splitter(in, source, MAX_INPUT_CHARS, pipeline).run();
    pipeline.finish();
  }

  /** Looks at the input's start (and leaves it unread): JSON as {@link #isJson} says. */
  private static boolean startsJson(BufferedReader in) throws IOException {
    int lookahead = 64 * 1024;
    in.mark(lookahead);
    char[] head = new char[lookahead];
    int n = 0;
    while (n < lookahead) {
      int r = in.read(head, n, lookahead - n);
      if (r < 0) {
        break;
      }
      n += r;
      if (isJson(new String(head, 0, n)) || !blankPrefix(head, n)) {
        break;
      }
    }
    in.reset();
    return isJson(new String(head, 0, n));
  }

  /** Whether the start is blank or a single opening bracket and blanks: not enough to tell yet. */
  private static boolean blankPrefix(char[] head, int n) {
    String s = new String(head, 0, n);
    int i = skipBlank(s, 0);
    if (i >= n) {
      return true;
    }
    boolean bracket = head[i] == '{' || head[i] == '[';
    return bracket && skipBlank(s, i + 1) >= n;
  }

  private void readJson(Reader in, String source, ObjIntConsumer<Object> sink, java.util.function.LongSupplier bytes)
      throws IOException {
    Shared shared = new Shared();
    long[] objects = {0};
    int document = 0;
    try (JsonParser parser = jsonFactory.createParser(in)) {
      JsonTokens tokens = new JsonTokens(parser);
      while (true) {
        document++;
        int doc = document;
        try {
          if (!tokens.nextValue()) {
            break;
          }
          new ObjectReader(source, doc, validation, shared).document(tokens, JsonPath.ROOT, true,
              new ObjectReader.Output() {
                @Override
                public void object(Object o) {
                  sink.accept(o, doc);
                  objects[0]++;
                }

                @Override
                public void warning(DecodeException w) {
                  warnings.accept(w);
                }
              });
          while (tokens.next() != Tokens.Token.END) {
            // the value is read
          }
        } catch (JsonTokens.Syntax e) {
          throw new DecodeException(source, doc, null, null, String.valueOf(e.getMessage()), e);
        }
        progress.update(bytes.getAsLong(), objects[0]);
      }
    }
  }

  /**
   * Reads one object of the given model type from a single YAML or JSON document. For the
   * top-level kinds the document's {@code kind}, when present, must match.
   *
   * @param text the input
   * @param type a record type of {@code io.github.dra4j.api}, or {@link UnknownObject}
   * @param <T> the type
   * @return the object
   * @throws DecodeException when the input is not exactly one valid object of that type
   * @throws IllegalArgumentException when {@code type} is not a model type
   */
  public <T> T read(String text, Class<T> type) throws DecodeException {
    requireModelType(type);
    List<T> out = new ArrayList<>(1);
    forEachDocument(text, "<input>", (node, doc) -> {
      if (!out.isEmpty()) {
        throw new DecodeException("<input>", doc, null, null, "expected one document, found more", null);
      }
      out.add(decodeAs(node, type, "<input>", doc));
    });
    if (out.isEmpty()) {
      throw new DecodeException("<input>", 0, null, null, "no document", null);
    }
    return out.get(0);
  }

  /**
   * Decodes raw JSON as the given model type, for example the parameters of an opaque
   * configuration or an object embedded in another document. A duplicate key is always an error.
   *
   * @param raw the JSON
   * @param type a record type of {@code io.github.dra4j.api}, or {@link UnknownObject}
   * @param <T> the type
   * @return the object
   * @throws DecodeException when the JSON is malformed or not a valid object of that type
   * @throws IllegalArgumentException when {@code type} is not a model type
   */
  public <T> T fromJson(RawJson raw, Class<T> type) throws DecodeException {
    requireModelType(type);
    JsonNode node;
    try (JsonParser parser = jsonFactory.createParser(raw.json())) {
      JsonTokens tokens = new JsonTokens(parser);
      if (!tokens.nextValue()) {
        throw new DecodeException("<json>", 1, null, null, "no JSON value", null);
      }
      Reading r = new Reading(Version.V1, FieldValidation.STRICT, new Shared(), JsonPath.ROOT);
      node = Trees.read(tokens, r);
      report(r, "<json>", 1, null);
    } catch (JsonTokens.Syntax e) {
      throw new DecodeException("<json>", 1, null, null, String.valueOf(e.getMessage()), e);
    } catch (DecodeException e) {
      throw e;
    } catch (IOException e) {
      throw new DecodeException("<json>", 1, null, null, String.valueOf(e.getMessage()), e);
    }
    return decodeAs(node, type, "<json>", 1);
  }

  /**
   * Decodes a Jackson tree as a model type, as {@link #fromJson} decodes JSON text: for adapters
   * that already hold an object as a tree, such as another Kubernetes client's model converted
   * with its own mapper. Fields are validated as {@link #fieldValidation()} says; errors carry
   * {@link DecodeException#fieldPath()}.
   *
   * @param tree the object
   * @param type a record type of {@code io.github.dra4j.api}
   * @param <T> the type
   * @return the object
   * @throws DecodeException when the tree is not a valid object of that type
   * @throws IllegalArgumentException when {@code type} is not a model type
   */
  public <T> T fromTree(JsonNode tree, Class<T> type) throws DecodeException {
    requireModelType(type);
    return decodeAs(Objects.requireNonNull(tree, "tree"), type, "<tree>", 0);
  }

  /**
   * Writes one model object as a Jackson tree: what {@link #writeJson} writes, before it becomes
   * text.
   *
   * @param o a record of {@code io.github.dra4j.api} or an {@link UnknownObject}
   * @return a new tree, which the caller may change
   * @throws IllegalArgumentException when {@code o} is not a model object
   */
  public JsonNode toTree(Object o) {
    return Encoder.encode(Objects.requireNonNull(o, "o"));
  }

  private static void requireModelType(Class<?> type) {
    if (type != UnknownObject.class && !Decoder.supports(type)) {
      throw new IllegalArgumentException("not a model type: " + type.getName());
    }
  }

  @FunctionalInterface
  interface DocumentConsumer {
    void accept(JsonNode node, int document) throws DecodeException;
  }

  /**
   * Reads each document of a small text as a tree (a JSON array's elements one by one), for
   * readers of their own formats (simulations) and single objects; duplicate keys are reported
   * as field validation says.
   */
  void forEachDocument(String text, String source, DocumentConsumer consumer) throws DecodeException {
    if (text.length() > MAX_INPUT_CHARS) {
      throw new DecodeException(source, 0, null, null, "input longer than " + MAX_INPUT_CHARS + " characters", null);
    }
    Shared shared = new Shared();
    if (isJson(text)) {
      try (JsonParser parser = jsonFactory.createParser(text)) {
        JsonTokens tokens = new JsonTokens(parser);
        for (int document = 1; nextJson(tokens, source, document); document++) {
          Reading r = new Reading(Version.V1, validation, shared, JsonPath.ROOT);
          JsonNode node = tree(tokens, r, source, document);
          report(r, source, document, node.isObject() && !node.has("items") ? objectRef(node) : null);
          if (node.isArray()) {
            for (JsonNode item : node) {
              consumer.accept(item, document);
            }
          } else if (!node.isNull()) {
            consumer.accept(node, document);
          }
        }
      } catch (IOException e) {
        throw e instanceof DecodeException ? (DecodeException) e
            : new DecodeException(source, 0, null, null, String.valueOf(e.getMessage()), e);
      }
      return;
    }
    try {
      YamlTokens tokens = new YamlTokens(text, 0, JsonPath.ROOT, 0, LIMITS, Map.of(), false);
      int document = 0;
      while (nextYaml(tokens, source, document + 1)) {
        document++;
        Reading r = new Reading(Version.V1, validation, shared, JsonPath.ROOT);
        JsonNode node = tree(tokens, r, source, document);
        while (tokens.next() != Tokens.Token.END) {
          // the document's value is read
        }
        String ref = node.isObject() && !node.has("items") ? objectRef(node) : null;
        report(r, source, document, ref);
        if (!node.isNull()) {
          consumer.accept(node, document);
        }
        for (YamlTokens.Note n : tokens.takeNotes()) {
          warnings.accept(new DecodeException(source, document, ref, n.path(), n.message()));
        }
      }
    } catch (YamlTokens.UnknownAnchor e) {
      throw new DecodeException(source, 0, null, null, "found undefined YAML alias *" + e.getMessage(), null);
    }
  }

  private static boolean nextJson(JsonTokens tokens, String source, int document) throws DecodeException {
    try {
      return tokens.nextValue();
    } catch (JsonTokens.Syntax e) {
      throw new DecodeException(source, document, null, null, String.valueOf(e.getMessage()), e);
    }
  }

  private static boolean nextYaml(YamlTokens tokens, String source, int document) throws DecodeException {
    try {
      return tokens.nextDocument();
    } catch (YamlTokens.Problem e) {
      throw new DecodeException(source, document, null, null, e.getMessage(), null);
    }
  }

  private static JsonNode tree(Tokens tokens, Reading r, String source, int document) throws DecodeException {
    try {
      return Trees.read(tokens, r);
    } catch (YamlTokens.Problem | JsonTokens.Syntax e) {
      throw new DecodeException(source, document, null, null, String.valueOf(e.getMessage()), e);
    }
  }

  /** Decodes one object of a tree (not a list), naming {@code path} in errors. */
  Object decodeObject(JsonNode node, String source, int document, JsonPath path) throws DecodeException {
    List<Object> out = new ArrayList<>(1);
    TreeTokens tokens = new TreeTokens(node);
    tokens.next();
    new ObjectReader(source, document, validation, new Shared()).object(tokens, path, ObjectReader.ListInfo.NONE,
        new ObjectReader.Output() {
          @Override
          public void object(Object o) {
            out.add(o);
          }

          @Override
          public void warning(DecodeException w) {
            warnings.accept(w);
          }
        }, false);
    if (out.size() != 1) {
      throw new DecodeException(source, document, null, path, "expected one Kubernetes object, found a list of "
          + out.size());
    }
    return out.get(0);
  }

  void report(List<DecodeException> problems) throws DecodeException {
    if (validation == FieldValidation.STRICT) {
      throw DecodeException.allOf(problems);
    }
    problems.forEach(warnings);
  }

  private void report(Reading r, String source, int document, @Nullable String ref) throws DecodeException {
    if (r.problems().isEmpty() || validation == FieldValidation.IGNORE) {
      return;
    }
    List<DecodeException> all = new ArrayList<>();
    for (Reading.Problem p : r.problems()) {
      all.add(new DecodeException(source, document, ref, p.path(), p.message()));
    }
    report(all);
  }

  /**
   * JSON when the text starts like a JSON object or array; YAML flow style ({@code {a: 1}})
   * and everything else go to the YAML parser.
   */
  static boolean isJson(String text) {
    int i = skipBlank(text, 0);
    if (i >= text.length() || (text.charAt(i) != '{' && text.charAt(i) != '[')) {
      return false;
    }
    char open = text.charAt(i);
    i = skipBlank(text, i + 1);
    if (i >= text.length()) {
      return false;
    }
    char c = text.charAt(i);
    return open == '{' ? c == '"' || c == '}' : "{[\"]-0123456789tfn".indexOf(c) >= 0;
  }

  private static int skipBlank(String text, int from) {
    int i = from;
    while (i < text.length() && (Character.isWhitespace(text.charAt(i)) || text.charAt(i) == '\uFEFF')) {
      i++;
    }
    return i;
  }

  private <T> T decodeAs(JsonNode node, Class<T> type, String source, int document) throws DecodeException {
    if (type == UnknownObject.class) {
      Object o = new UnknownObject(text(node, "apiVersion"), text(node, "kind"),
          node.path("metadata").path("name").isTextual() ? node.path("metadata").path("name").textValue() : null,
          new RawJson(node.toString()));
      return type.cast(o);
    }
    String kind = text(node, "kind");
    Type<?> t = Decoder.type(type);
    ObjectReader reader = new ObjectReader(source, document, validation, new Shared());
    TreeTokens tokens = new TreeTokens(node);
    tokens.next();
    if (t instanceof Table<?> && ((Table<?>) t).kind() != null) {
      if (!kind.isEmpty() && !kind.equals(type.getSimpleName())) {
        throw new DecodeException(source, document, objectRef(node), "kind",
            "expected kind " + type.getSimpleName() + ", got " + kind, null);
      }
      T value = type.cast(reader.decodeWith((Table<?>) t, tokens, JsonPath.ROOT, type.getSimpleName(),
          text(node, "apiVersion")));
      reader.takeWarnings().forEach(warnings);
      return value;
    }
    return decode(tokens, type, source, document, null, JsonPath.ROOT, Version.of(text(node, "apiVersion")));
  }

  /**
   * Decodes a value of a model type that sits inside another document, such as a NodeAffinity in
   * a scheduler configuration, with its path in that document in errors.
   */
  <T> T decodeAt(JsonNode node, Class<T> type, String source, int document, @Nullable String ref, JsonPath at)
      throws DecodeException {
    requireModelType(type);
    TreeTokens tokens = new TreeTokens(node);
    tokens.next();
    return decode(tokens, type, source, document, ref, at, Version.V1);
  }

  private <T> T decode(TreeTokens tokens, Class<T> type, String source, int document, @Nullable String ref,
      JsonPath at, Version version) throws DecodeException {
    Reading r = new Reading(version, validation, new Shared(), at);
    T value;
    try {
      value = Decoder.decode(type, tokens, r);
    } catch (Reading.Failure f) {
      throw new DecodeException(source, document, ref, f.path, f.getMessage());
    }
    report(r, source, document, ref);
    return value;
  }

  private static @Nullable String objectRef(JsonNode node) {
    JsonNode name = node.path("metadata").path("name");
    return ObjectReader.ref(text(node, "kind"), name.isTextual() ? name.textValue() : null);
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v != null && v.isTextual() ? v.textValue() : "";
  }

  /* --- writing --- */

  /**
   * Writes one model object as indented JSON; top-level kinds carry apiVersion and kind.
   *
   * @param o a record of {@code io.github.dra4j.api} or an {@link UnknownObject}
   * @return the JSON text
   * @throws IllegalArgumentException when {@code o} is not a model object
   */
  public String writeJson(Object o) {
    return json(Encoder.encode(Objects.requireNonNull(o, "o")));
  }

  /**
   * Writes objects as a {@code v1} List, the shape {@code kubectl get -o json} prints.
   *
   * @param items model objects
   * @return the JSON text
   * @throws IllegalArgumentException when an item is not a model object
   */
  public String writeJsonList(List<?> items) {
    ObjectNode list = JsonNodeFactory.instance.objectNode();
    list.put("apiVersion", "v1");
    list.put("kind", "List");
    ArrayNode array = list.putArray("items");
    for (Object item : items) {
      array.add(Encoder.encode(Objects.requireNonNull(item, "item")));
    }
    return json(list);
  }

  /**
   * Writes objects as multi-document YAML, each document starting with {@code ---}.
   *
   * @param items model objects
   * @return the YAML text
   * @throws IllegalArgumentException when an item is not a model object
   */
  public String writeYaml(List<?> items) {
    StringBuilder sb = new StringBuilder();
    for (Object item : items) {
      try {
        sb.append(YamlWriter.MAPPER.writeValueAsString(Encoder.encode(Objects.requireNonNull(item, "item"))));
      } catch (JsonProcessingException e) {
        throw new UncheckedIOException(e);
      }
    }
    return sb.toString();
  }

  /**
   * Returns a Jackson module with serializers and deserializers for every model record, for
   * callers that embed model objects in their own JSON or YAML documents. It applies the
   * same rules as this codec, but not the input limits, which belong to the caller's mapper.
   *
   * @return a new module
   */
  public com.fasterxml.jackson.databind.Module jacksonModule() {
    return new ModelModule();
  }

  private String json(JsonNode node) {
    try {
      return JsonWriter.MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
