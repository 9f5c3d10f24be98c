package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.JsonNodeDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;

/*
 * Duplicate keys of JSON input, found as Jackson builds the tree, so that they are reported with
 * their path and under the codec's field validation, as YAML's are (YamlTrees). Jackson keeps the
 * last value, as Go does. A read without a list to report to (the attribute KEY unset) refuses a
 * duplicate, as strict duplicate detection would.
 */
final class JsonDuplicates extends JsonNodeDeserializer {
  private static final long serialVersionUID = 1L;

  /** The reader attribute holding the {@code List<YamlTrees.Duplicate>} of the current read. */
  static final Object KEY = JsonDuplicates.class;

  private JsonDuplicates() {}

  /** {@return a module that makes a mapper's trees report their duplicate keys} */
  static SimpleModule module() {
    return new SimpleModule("dra4j-json-duplicates").addDeserializer(JsonNode.class, new JsonDuplicates());
  }

  @Override
  @SuppressWarnings("unchecked")
  protected void _handleDuplicateField(JsonParser p, DeserializationContext ctxt, JsonNodeFactory nodeFactory,
      String fieldName, ObjectNode objectNode, JsonNode oldValue, JsonNode newValue) throws IOException {
    Object sink = ctxt.getAttribute(KEY);
    if (!(sink instanceof List)) {
      ctxt.reportInputMismatch(JsonNode.class, "Duplicate field '%s'", fieldName);
      return;
    }
    JsonLocation at = p.currentTokenLocation();
    String where = at == null || at.getLineNr() < 0 ? "" : "line " + at.getLineNr();
    ((List<YamlTrees.Duplicate>) sink).add(new YamlTrees.Duplicate(path(p.getParsingContext()).key(fieldName),
        fieldName, where));
  }

  /** The path of the object the parser is in; the context's own name is the duplicate key. */
  private static JsonPath path(JsonStreamContext context) {
    JsonStreamContext parent = context.getParent();
    if (parent == null || parent.inRoot()) {
      return JsonPath.ROOT;
    }
    JsonPath base = path(parent);
    return parent.inArray() ? base.index(parent.getCurrentIndex()) : base.key(parent.getCurrentName());
  }
}
