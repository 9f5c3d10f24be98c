package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.dra4j.api.field.FieldError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The strict reading of one document that is not a Kubernetes object of the model: each object's
 * fields checked against the known ones (an unknown one is an error naming the closest known
 * one, or a warning, as the codec's field validation says), values checked for their JSON type,
 * and the rule errors of a document collected so that all are reported at once, as kube-scheduler
 * reports its configuration's.
 */
final class ConfigTree {
  private final KubernetesCodec codec;
  private final String source;
  private final int document;
  private final @Nullable String ref;
  private final List<DecodeException> errors = new ArrayList<>();

  ConfigTree(KubernetesCodec codec, String source, int document, @Nullable String ref) {
    this.codec = codec;
    this.source = source;
    this.document = document;
    this.ref = ref;
  }

  /** A document of a stream and its number. */
  record Document(JsonNode node, int number) {}

  /** {@return the one document of the text} */
  static Document single(KubernetesCodec codec, String text, String source, String kind) throws DecodeException {
    List<Document> docs = new ArrayList<>();
    codec.forEachDocument(text, source, (node, doc) -> docs.add(new Document(node, doc)));
    if (docs.size() != 1) {
      throw new DecodeException(source, docs.size() > 1 ? docs.get(1).number() : 0, null, null,
          "expected exactly one " + kind + " document, found " + docs.size(), null);
    }
    return docs.get(0);
  }

  /** Checks that the node is an object with only known fields. */
  void object(JsonNode node, JsonPath at, Set<String> known) throws DecodeException {
    if (!node.isObject()) {
      throw fail(at, "expected an object, got " + Decoder.describe(node));
    }
    if (codec.fieldValidation() == FieldValidation.IGNORE) {
      return;
    }
    List<DecodeException> problems = new ArrayList<>();
    for (Map.Entry<String, JsonNode> entry : node.properties()) {
      String field = entry.getKey();
      if (!known.contains(field)) {
        problems.add(fail(at.field(field), FieldCheck.unknownField(field, FieldCheck.closest(field, known))));
      }
    }
    if (!problems.isEmpty()) {
      codec.report(problems); // throws when strict, warns otherwise, as for Kubernetes objects
    }
  }

  /** {@return the field's list, empty when absent or null} */
  JsonNode list(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return JsonNodeFactory.instance.arrayNode();
    }
    if (!v.isArray()) {
      throw fail(at.field(field), "expected a list, got " + Decoder.describe(v));
    }
    return v;
  }

  /** {@return the field's object, or null when absent or null} */
  @Nullable JsonNode optionalObject(JsonNode node, JsonPath at, String field, Set<String> known) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    object(v, at.field(field), known);
    return v;
  }

  /** {@return the field's string, or null when absent or null} */
  @Nullable String string(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isTextual()) {
      throw fail(at.field(field), "expected a string, got " + Decoder.describe(v));
    }
    return v.textValue();
  }

  /** {@return the field's 32-bit integer, or null when absent or null} */
  @Nullable Integer int32(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw fail(at.field(field), "expected a 32-bit integer, got " + Decoder.describe(v));
    }
    return v.intValue();
  }

  /** {@return the field's 64-bit integer, or null when absent or null} */
  @Nullable Long int64(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw fail(at.field(field), "expected an integer, got " + Decoder.describe(v));
    }
    return v.longValue();
  }

  /** Checks that the field, when present, is a boolean. */
  void bool(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v != null && !v.isNull() && !v.isBoolean()) {
      throw fail(at.field(field), "expected a boolean, got " + Decoder.describe(v));
    }
  }

  /** Checks that the field, when present, is a number. */
  void number(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v != null && !v.isNull() && !v.isNumber()) {
      throw fail(at.field(field), "expected a number, got " + Decoder.describe(v));
    }
  }

  /** Decodes a value of a model type (a NodeAffinity, a TopologySpreadConstraint) with its path in errors. */
  <T> T decode(JsonNode node, JsonPath at, Class<T> type) throws DecodeException {
    return codec.decodeAt(node, type, source, document, ref, at);
  }

  /** Remembers a rule's error, reported with the others by {@link #check}. */
  void error(JsonPath at, FieldError e) {
    errors.add(fail(at, e.errorBody()));
  }

  /** Throws the rule errors remembered, all at once. */
  void check() throws DecodeException {
    if (!errors.isEmpty()) {
      throw DecodeException.allOf(errors);
    }
  }

  DecodeException fail(JsonPath at, String detail) {
    return new DecodeException(source, document, ref, at, detail);
  }
}
