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
import io.github.dra4j.api.Node;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
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
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Reads and writes the model as Kubernetes YAML and JSON, with the API's own field names.
 *
 * <p>Reading accepts multi-document YAML, JSON (one or more concatenated values, or an array),
 * and {@code kind: List} (or any {@code *List} with {@code items}), which is expanded.
 * {@code resource.k8s.io/v1} and {@code v1beta2} share one shape; {@code v1beta1} (devices
 * wrapped in {@code basic}, requests without {@code exactly}) is converted. Objects of other
 * kinds become {@link UnknownObject}s. Type errors and missing required fields are
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

  private static final String GROUP = "resource.k8s.io/";
  private static final Set<String> RESOURCE_VERSIONS = Set.of("v1", "v1beta2", "v1beta1");
  private static final Set<String> RESOURCE_KINDS = Set.of("ResourceSlice", "DeviceClass", "ResourceClaim");

  /** Keeps decimals as written ({@code 2.50} stays {@code 2.50}) in raw JSON. */
  private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

  private final ObjectMapper json;
  private final YAMLMapper yaml;
  private final Encoder encoder;
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
    this.encoder = new Encoder(json);
    this.validation = FieldValidation.STRICT;
    this.warnings = w -> { };
  }

  private KubernetesCodec(KubernetesCodec base, FieldValidation validation, Consumer<? super DecodeException> warnings) {
    this.json = base.json;
    this.yaml = base.yaml;
    this.encoder = base.encoder;
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
   *     {@link ResourceClaim}, {@link Node} or {@link UnknownObject}
   * @throws DecodeException when the input is malformed, exceeds a limit or holds an invalid object
   */
  public List<Object> readAll(String text, String sourceName) throws DecodeException {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(sourceName, "sourceName");
    List<Object> out = new ArrayList<>();
    forEachDocument(text, sourceName, (node, doc) -> expand(node, sourceName, doc, out));
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
    forEachDocument(text, sourceName, (node, doc) -> {
      objects.clear();
      expand(node, sourceName, doc, objects);
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

  private static void requireModelType(Class<?> type) {
    if (type != UnknownObject.class && !Decoder.supports(type)) {
      throw new IllegalArgumentException("not a model type: " + type.getName());
    }
  }

  @FunctionalInterface
  private interface DocumentConsumer {
    void accept(JsonNode node, int document) throws DecodeException;
  }

  private void forEachDocument(String text, String source, DocumentConsumer consumer) throws DecodeException {
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
    yamlTrees.forEach(text, source, (node, document, duplicates) -> {
      reportDuplicates(node, duplicates, source, document);
      consumer.accept(node, document);
    });
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

  /**
   * Checks the fields of an object of a kind dra4j reads against its apiVersion's known fields.
   * Kinds it does not read are not checked: their fields are not dra4j's to judge.
   */
  private void checkFields(
      JsonNode node, String kind, String apiVersion, String source, int document, JsonPath path) throws DecodeException {
    if (validation == FieldValidation.IGNORE) {
      return;
    }
    FieldCheck check = FieldCheck.instance();
    String type = check.rootType(apiVersion, kind);
    if (type == null) {
      return;
    }
    List<FieldCheck.Unknown> unknown = check.check(node, type, path);
    if (unknown.isEmpty()) {
      return;
    }
    String ref = objectRef(node, kind);
    List<DecodeException> problems = new ArrayList<>(unknown.size());
    for (FieldCheck.Unknown u : unknown) {
      problems.add(new DecodeException(source, document, ref, u.path().toString(), u.message(), null));
    }
    report(problems);
  }

  private void report(List<DecodeException> problems) throws DecodeException {
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

  private void expand(JsonNode node, String source, int document, List<Object> out) throws DecodeException {
    if (node.isObject() && node.path("items").isArray() && text(node, "kind").endsWith("List")) {
      JsonNode items = node.get("items");
      for (int i = 0; i < items.size(); i++) {
        out.add(decodeObject(items.get(i), source, document, JsonPath.ROOT.field("items").index(i)));
      }
    } else {
      out.add(decodeObject(node, source, document, JsonPath.ROOT));
    }
  }

  private Object decodeObject(JsonNode node, String source, int document, JsonPath path) throws DecodeException {
    if (!node.isObject()) {
      throw new DecodeException(source, document, null, nullIfRoot(path),
          "expected a Kubernetes object, got " + Decoder.describe(node), null);
    }
    String kind = text(node, "kind");
    String apiVersion = text(node, "apiVersion");
    checkFields(node, kind, apiVersion, source, document, path);
    Class<?> type = modelType(kind, apiVersion);
    if (type == null) {
      String name = node.path("metadata").path("name").isTextual() ? node.path("metadata").path("name").textValue() : null;
      return new UnknownObject(apiVersion, kind, name, new RawJson(node.toString()));
    }
    String ref = objectRef(node, kind);
    if (!apiVersion.isEmpty() && !supportedVersion(type, apiVersion)) {
      throw new DecodeException(source, document, ref, path.field("apiVersion").toString(),
          "unsupported apiVersion \"" + apiVersion + "\" for " + kind
              + "; supported: resource.k8s.io/v1, v1beta2, v1beta1", null);
    }
    return decode(node, type, apiVersion, source, document, ref, path);
  }

  private static @Nullable Class<?> modelType(String kind, String apiVersion) {
    if (kind.equals("Node") && (apiVersion.isEmpty() || apiVersion.equals("v1"))) {
      return Node.class;
    }
    if (!RESOURCE_KINDS.contains(kind) || !(apiVersion.isEmpty() || apiVersion.startsWith(GROUP))) {
      return null;
    }
    switch (kind) {
      case "ResourceSlice":
        return ResourceSlice.class;
      case "DeviceClass":
        return DeviceClass.class;
      default:
        return ResourceClaim.class;
    }
  }

  private static boolean supportedVersion(Class<?> type, String apiVersion) {
    if (type == Node.class) {
      return apiVersion.equals("v1");
    }
    return apiVersion.startsWith(GROUP) && RESOURCE_VERSIONS.contains(apiVersion.substring(GROUP.length()));
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
    if (type == ResourceSlice.class || type == DeviceClass.class || type == ResourceClaim.class || type == Node.class) {
      if (!kind.isEmpty() && !kind.equals(type.getSimpleName())) {
        throw new DecodeException(source, document, objectRef(node, kind), "kind",
            "expected kind " + type.getSimpleName() + ", got " + kind, null);
      }
      ref = objectRef(node, type.getSimpleName());
      checkFields(node, type.getSimpleName(), text(node, "apiVersion"), source, document, JsonPath.ROOT);
    }
    return type.cast(decode(node, type, text(node, "apiVersion"), source, document, ref, JsonPath.ROOT));
  }

  private static Object decode(
      JsonNode node, Class<?> type, String apiVersion, String source, int document,
      @Nullable String ref, JsonPath path) throws DecodeException {
    try {
      return Decoder.forApiVersion(apiVersion).decode(type, node, path);
    } catch (Decoder.Failure f) {
      throw new DecodeException(source, document, ref, f.path.isEmpty() ? null : f.path, f.getMessage(), null);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new DecodeException(source, document, ref, nullIfRoot(path), String.valueOf(e.getMessage()), e);
    }
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
    return json(encoder.encode(Objects.requireNonNull(o, "o")));
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
      array.add(encoder.encode(Objects.requireNonNull(item, "item")));
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
        sb.append(yaml.writeValueAsString(encoder.encode(Objects.requireNonNull(item, "item"))));
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
    return new ModelModule(encoder);
  }

  private String json(JsonNode node) {
    try {
      return json.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
