package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
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
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes the model as Kubernetes YAML and JSON, with the API's own field names.
 *
 * <p>Reading accepts multi-document YAML, JSON (one or more concatenated values, or an array),
 * and {@code kind: List} (or any {@code *List} with {@code items}), which is expanded; items of
 * a typed list ({@code ResourceSliceList}) without {@code kind} or {@code apiVersion} take them
 * from the list, as the API server writes them. {@code resource.k8s.io/v1} and {@code v1beta2}
 * share one shape; {@code v1beta1} (devices wrapped in {@code basic}, requests without
 * {@code exactly}) and {@code v1alpha3} (as {@code v1beta1}, with plain quantities as device
 * capacities) are converted. ResourceSlice, DeviceClass, ResourceClaim and ResourceClaimTemplate
 * are read in every one of these versions, DeviceTaintRule in each version that serves it
 * ({@code v1}, {@code v1beta2}, {@code v1alpha3}: one shape), Node and Pod in core
 * {@code v1}. Objects of other
 * kinds become {@link UnknownObject}s, and so do kinds of the same name in another API group;
 * a group that looks meant for one of these kinds ({@code resources.k8s.io}) is an error.
 * Type errors and missing required fields are
 * {@link DecodeException}s naming source, document, object and JSON path.
 *
 * <p>Fields are validated as the API server's strict field validation does (kubectl's default):
 * an unknown field of an object dra4j reads (such as {@code cuont: 2}) or a duplicate key is a
 * {@link DecodeException} naming each such field and the closest known name, unless
 * {@link #withFieldValidation} says to warn or ignore (see {@link FieldValidation}). Every field of
 * the newest Kubernetes API in the object's own {@code apiVersion} is known, including those dra4j
 * does not act on.
 *
 * <p>Loading is safe for untrusted input: YAML is composed into plain trees (global type tags
 * are refused, no object is constructed), aliases expand within a budget, and input size, nesting depth, string and number lengths are limited (see
 * {@link #MAX_INPUT_CHARS} and the other constants). YAML scalars resolve as go-yaml resolves
 * them for Kubernetes (YAML 1.1: {@code yes} is a boolean, {@code 010} is octal).
 *
 * <p>Writing uses {@code resource.k8s.io/v1} (and {@code v1} for Nodes), prints quantities
 * canonically, inlines raw JSON, and leaves out nulls, empty lists and maps and false
 * booleans, so that read, write and read again gives equal records.
 *
 * <p>Instances are immutable and thread-safe.
 *
 * <pre>{@code
 * KubernetesCodec codec = KubernetesCodec.create();
 * List<Object> objects = codec.readAll(Files.readString(path), path.toString());
 * String yaml = codec.writeYaml(objects);
 * }</pre>
 */
public final class KubernetesCodec {

  /** Largest accepted input, in characters (64 Mi). */
  public static final int MAX_INPUT_CHARS = 64 * 1024 * 1024;

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

  /** Keeps decimals as written ({@code 2.50} stays {@code 2.50}) in raw JSON. */
  private static final JsonNodeFactory NODES = new JsonNodeFactory(true);

  private final ObjectMapper json;
  private final YAMLMapper yaml;
  private final FieldValidation validation;
  private final Consumer<? super DecodeException> warnings;
  private final YamlTrees yamlTrees = new YamlTrees(NODES, MAX_ALIASES, MAX_ALIAS_EXPANSION,
      MAX_STRING_LENGTH, MAX_NUMBER_LENGTH, MAX_NESTING_DEPTH, MAX_INPUT_CHARS);

  private KubernetesCodec() {
    StreamReadConstraints limits = StreamReadConstraints.builder()
        .maxNestingDepth(MAX_NESTING_DEPTH)
        .maxStringLength(MAX_STRING_LENGTH)
        .maxNumberLength(MAX_NUMBER_LENGTH)
        .maxDocumentLength(MAX_INPUT_CHARS)
        .build();
    JsonFactory jsonFactory = JsonFactory.builder()
        .streamReadConstraints(limits)
        .build();
    this.json = JsonMapper.builder(jsonFactory)
        .nodeFactory(NODES)
        .addModule(JsonDuplicates.module())
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .enable(SerializationFeature.INDENT_OUTPUT)
        .build();
    YAMLFactory yamlFactory = YAMLFactory.builder()
        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
        .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
        .stringQuotingChecker(new YamlQuoting())
        .disable(YAMLGenerator.Feature.SPLIT_LINES)
        .build();
    this.yaml = YAMLMapper.builder(yamlFactory).build();
    this.validation = FieldValidation.STRICT;
    this.warnings = w -> { };
  }

  private KubernetesCodec(KubernetesCodec base, FieldValidation validation, Consumer<? super DecodeException> warnings) {
    this.json = base.json;
    this.yaml = base.yaml;
    this.validation = validation;
    this.warnings = warnings;
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
   *     or duplicate key, naming source, document, object and path, in input order; it must be
   *     thread-safe if the codec is shared between threads
   * @return the codec
   */
  public KubernetesCodec withFieldValidation(FieldValidation validation, Consumer<? super DecodeException> warnings) {
    return new KubernetesCodec(this, Objects.requireNonNull(validation, "validation"),
        Objects.requireNonNull(warnings, "warnings"));
  }

  /** {@return how this codec validates fields} */
  public FieldValidation fieldValidation() {
    return validation;
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
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(sourceName, "sourceName");
    List<Object> out = new ArrayList<>();
    Shared shared = new Shared();
    forEachDocument(text, sourceName, (node, doc) -> expand(node, sourceName, doc, shared, out));
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
    List<Object> objects = new ArrayList<>();
    Shared shared = new Shared();
    forEachDocument(text, sourceName, (node, doc) -> {
      objects.clear();
      expand(node, sourceName, doc, shared, objects);
      for (Object o : objects) {
        sink.accept(o, doc);
      }
    });
  }

  /**
   * Reads every object of a UTF-8 stream; see {@link #readAll(String, String)}. The stream is
   * read to its end (at most {@link #MAX_INPUT_CHARS} bytes) and not closed.
   *
   * @param in the input
   * @param sourceName names the input in errors
   * @return the objects in input order
   * @throws DecodeException when the input is malformed, too large or holds an invalid object
   * @throws IOException when reading the stream fails
   */
  public List<Object> readAll(InputStream in, String sourceName) throws IOException {
    byte[] bytes = in.readNBytes(MAX_INPUT_CHARS + 1);
    if (bytes.length > MAX_INPUT_CHARS) {
      throw new DecodeException(sourceName, 0, null, null,
          "input larger than " + MAX_INPUT_CHARS + " bytes", null);
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new DecodeException(sourceName, 0, null, null, "input is not valid UTF-8", e);
    }
    return readAll(text, sourceName);
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
   * configuration or an object embedded in another document.
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
    try {
      node = json.readTree(raw.json());
    } catch (JsonProcessingException e) {
      throw syntax("<json>", 1, e);
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

  void forEachDocument(String text, String source, DocumentConsumer consumer) throws DecodeException {
    if (text.length() > MAX_INPUT_CHARS) {
      throw new DecodeException(source, 0, null, null, "input longer than " + MAX_INPUT_CHARS + " characters", null);
    }
    if (isJson(text)) {
      forEachJsonDocument(text, source, consumer);
    } else {
      forEachYamlDocument(text, source, consumer);
    }
  }

  private void forEachJsonDocument(String text, String source, DocumentConsumer consumer) throws DecodeException {
    int document = 0;
    List<YamlTrees.Duplicate> duplicates = new ArrayList<>();
    try (MappingIterator<JsonNode> it = json.readerFor(JsonNode.class)
        .withAttribute(JsonDuplicates.KEY, duplicates).readValues(text)) {
      while (true) {
        JsonNode node;
        try {
          if (!it.hasNextValue()) {
            break;
          }
          document++;
          node = it.nextValue();
        } catch (JsonProcessingException e) {
          throw syntax(source, Math.max(document, 1), e);
        }
        if (node == null || node.isNull() || node.isMissingNode()) {
          continue;
        }
        List<YamlTrees.Duplicate> found = List.copyOf(duplicates);
        duplicates.clear();
        reportDuplicates(node, found, source, document);
        if (node.isArray()) {
          for (JsonNode item : node) {
            consumer.accept(item, document);
          }
        } else {
          consumer.accept(node, document);
        }
      }
    } catch (DecodeException e) {
      throw e;
    } catch (IOException e) {
      throw new DecodeException(source, document, null, null, String.valueOf(e.getMessage()), e);
    }
  }

  private void forEachYamlDocument(String text, String source, DocumentConsumer consumer) throws DecodeException {
    yamlTrees.forEach(text, source, (node, document, duplicates, notes) -> {
      reportDuplicates(node, duplicates, source, document);
      try {
        consumer.accept(node, document);
      } catch (DecodeException e) {
        throw explained(e, notes);
      }
      for (YamlTrees.Note n : notes) {
        warnings.accept(new DecodeException(source, document, refAt(node, n.path().toString()), n.path().toString(),
            n.message(), null));
      }
    });
  }

  /** A type error at a plain scalar that Kubernetes reads as another type says so. */
  private static DecodeException explained(DecodeException e, List<YamlTrees.Note> notes) {
    for (YamlTrees.Note n : notes) {
      if (e.getSuppressed().length == 0 && n.path().toString().equals(e.path())) {
        return new DecodeException(e.source(), e.document(), e.objectRef(), e.path(),
            e.detail() + ": the plain " + n.message(), e.getCause());
      }
    }
    return e;
  }

  /** The object a path of a document is in: a list's item, or the document's object. */
  private static @Nullable String refAt(JsonNode document, String path) {
    JsonNode object = document;
    if (path.startsWith("items[") && document.path("items").isArray()) {
      int close = path.indexOf(']');
      object = document.path("items").path(Integer.parseInt(path.substring("items[".length(), close)));
    }
    return object.isObject() ? objectRef(object, text(object, "kind")) : null;
  }

  private void reportDuplicates(
      JsonNode node, List<YamlTrees.Duplicate> duplicates, String source, int document) throws DecodeException {
    if (duplicates.isEmpty() || validation == FieldValidation.IGNORE) {
      return;
    }
    String ref = node.isObject() && !node.has("items") ? objectRef(node, text(node, "kind")) : null;
    List<DecodeException> problems = new ArrayList<>();
    for (YamlTrees.Duplicate d : duplicates) {
      problems.add(new DecodeException(source, document, ref, d.path().toString(),
          "duplicate field \"" + d.name() + "\"" + (d.where().isEmpty() ? "" : " (" + d.where() + ")"), null));
    }
    report(problems);
  }

  void report(List<DecodeException> problems) throws DecodeException {
    if (validation == FieldValidation.STRICT) {
      throw DecodeException.allOf(problems);
    }
    problems.forEach(warnings);
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

  private static DecodeException syntax(String source, int document, JsonProcessingException e) {
    JsonLocation loc = e.getLocation();
    String where = loc == null || loc.getLineNr() < 0 ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
    return new DecodeException(source, document, null, null, e.getOriginalMessage() + where, e);
  }

  private void expand(JsonNode node, String source, int document, Shared shared, List<Object> out)
      throws DecodeException {
    String listKind = text(node, "kind");
    if (node.isObject() && node.path("items").isArray() && listKind.endsWith("List")) {
      JsonNode items = node.get("items");
      // A typed list (ResourceSliceList) names its items' kind and version once, and the API
      // server leaves them out of the items; kind: List says nothing about its items.
      String itemKind = listKind.substring(0, listKind.length() - "List".length());
      String apiVersion = text(node, "apiVersion");
      for (int i = 0; i < items.size(); i++) {
        JsonNode item = items.get(i);
        if (!itemKind.isEmpty() && item.isObject()) {
          ObjectNode typed = (ObjectNode) item;
          if (!typed.hasNonNull("kind")) {
            typed.put("kind", itemKind);
          }
          if (!typed.hasNonNull("apiVersion") && !apiVersion.isEmpty()) {
            typed.put("apiVersion", apiVersion);
          }
        }
        out.add(decodeObject(item, source, document, JsonPath.ROOT.field("items").index(i), shared));
      }
    } else {
      out.add(decodeObject(node, source, document, JsonPath.ROOT, shared));
    }
  }

  Object decodeObject(JsonNode node, String source, int document, JsonPath path) throws DecodeException {
    return decodeObject(node, source, document, path, new Shared());
  }

  private Object decodeObject(JsonNode node, String source, int document, JsonPath path, Shared shared)
      throws DecodeException {
    if (!node.isObject()) {
      throw new DecodeException(source, document, null, nullIfRoot(path),
          "expected a Kubernetes object, got " + Decoder.describe(node), null);
    }
    String kind = text(node, "kind");
    String apiVersion = text(node, "apiVersion");
    Table<?> table = Decoder.kind(kind);
    if (table != null && !apiVersion.isEmpty()) {
      int slash = apiVersion.lastIndexOf('/');
      String group = slash < 0 ? "" : apiVersion.substring(0, slash);
      String wanted = groupOf(table);
      if (!group.equals(wanted)) {
        if (!looksMeantFor(group, wanted)) {
          // Another API group's kind of the same name (a CRD): not ours to read.
          table = null;
        } else {
          throw new DecodeException(source, document, objectRef(node, kind), path.field("apiVersion").toString(),
              "unknown API group \"" + group + "\" in apiVersion \"" + apiVersion + "\"; " + kind
                  + " is in API group " + (wanted.isEmpty() ? "\"\" (core, apiVersion: v1)" : wanted), null);
        }
      } else if (!table.apiVersions().contains(apiVersion)) {
        throw new DecodeException(source, document, objectRef(node, kind), path.field("apiVersion").toString(),
            "unsupported apiVersion \"" + apiVersion + "\" for " + kind + "; supported: "
                + String.join(", ", table.apiVersions()), null);
      }
    }
    if (table == null) {
      String name = node.path("metadata").path("name").isTextual() ? node.path("metadata").path("name").textValue() : null;
      return new UnknownObject(apiVersion, kind, name, new RawJson(node.toString()));
    }
    return decode(node, table.record(), apiVersion, source, document, objectRef(node, kind), path, shared);
  }

  private static String groupOf(Table<?> table) {
    String first = table.apiVersions().get(0);
    int slash = first.lastIndexOf('/');
    return slash < 0 ? "" : first.substring(0, slash);
  }

  /**
   * Whether a group that is not the kind's own was still meant for it: groups under
   * {@code k8s.io} belong to Kubernetes itself, so a DRA or core kind there is a misspelled
   * group, as is a group a couple of letters away from the kind's own ({@code resources.k8s.io},
   * {@code resource.k8s.oi}). Any other group may define its own kind of the same name.
   */
  static boolean looksMeantFor(String group, String wanted) {
    return group.equals("k8s.io") || group.endsWith(".k8s.io")
        || (!wanted.isEmpty() && LevenshteinDistance.getDefaultInstance().apply(group, wanted) <= 2);
  }


  private <T> T decodeAs(JsonNode node, Class<T> type, String source, int document) throws DecodeException {
    if (type == UnknownObject.class) {
      Object o = new UnknownObject(text(node, "apiVersion"), text(node, "kind"),
          node.path("metadata").path("name").isTextual() ? node.path("metadata").path("name").textValue() : null,
          new RawJson(node.toString()));
      return type.cast(o);
    }
    String kind = text(node, "kind");
    String ref = null;
    Type<?> t = Decoder.type(type);
    if (t instanceof Table<?> && ((Table<?>) t).kind() != null) {
      if (!kind.isEmpty() && !kind.equals(type.getSimpleName())) {
        throw new DecodeException(source, document, objectRef(node, kind), "kind",
            "expected kind " + type.getSimpleName() + ", got " + kind, null);
      }
      ref = objectRef(node, type.getSimpleName());
    }
    return decode(node, type, text(node, "apiVersion"), source, document, ref, JsonPath.ROOT, new Shared());
  }

  /**
   * Decodes an object through its table in one pass that also checks its fields, unless the
   * version is v1alpha3: that frozen shape is checked against known-fields.txt first, then read.
   */
  private <T> T decode(JsonNode node, Class<T> type, String apiVersion, String source, int document,
      @Nullable String ref, JsonPath path, Shared shared) throws DecodeException {
    Version version = Version.of(apiVersion);
    FieldValidation mode = validation;
    if (version == Version.V1ALPHA3 && validation != FieldValidation.IGNORE) {
      Reading check = new Reading(version, validation, shared, path);
      String root = FieldCheck.instance().rootType(apiVersion, type.getSimpleName());
      if (root != null) {
        TreeTokens tokens = new TreeTokens(node);
        tokens.next();
        FieldCheck.instance().walk(tokens, root, check);
        report(check.problems(), source, document, ref);
      }
      mode = FieldValidation.IGNORE;
    }
    Reading r = new Reading(version, mode, shared, path);
    T value;
    try {
      TreeTokens tokens = new TreeTokens(node);
      tokens.next();
      value = Decoder.decode(type, tokens, r);
    } catch (Reading.Failure f) {
      throw new DecodeException(source, document, ref, f.path, f.getMessage());
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new DecodeException(source, document, ref, nullIfRoot(path), String.valueOf(e.getMessage()), e);
    }
    report(r.problems(), source, document, ref);
    return value;
  }

  private void report(List<Reading.Problem> problems, String source, int document, @Nullable String ref)
      throws DecodeException {
    if (problems.isEmpty()) {
      return;
    }
    List<DecodeException> all = new ArrayList<>(problems.size());
    for (Reading.Problem p : problems) {
      all.add(new DecodeException(source, document, ref, p.path(), p.message()));
    }
    report(all);
  }

  private static @Nullable String objectRef(JsonNode node, String kind) {
    JsonNode name = node.path("metadata").path("name");
    if (kind.isEmpty()) {
      return null;
    }
    return name.isTextual() ? kind + "/" + name.textValue() : kind;
  }

  private static @Nullable String nullIfRoot(JsonPath path) {
    return path.isRoot() ? null : path.toString();
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
        sb.append(yaml.writeValueAsString(Encoder.encode(Objects.requireNonNull(item, "item"))));
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
      return json.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
