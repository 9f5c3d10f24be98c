package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/*
 * Exposes the field tables as Jackson (de)serializers, so that model records can be embedded in
 * documents written with a caller's ObjectMapper without annotations on the records. Unknown
 * fields are dropped, as a lenient Jackson mapper would; errors surface as Jackson mapping
 * exceptions carrying the path.
 */
final class ModelModule extends SimpleModule {
  private static final long serialVersionUID = 1L;

  ModelModule() {
    super("dra4j-model");
    for (Class<?> type : Decoder.modelTypes()) {
      register(type);
    }
  }

  private <T> void register(Class<T> type) {
    addSerializer(type, new JsonSerializer<T>() {
      @Override
      public void serialize(T value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
        gen.writeTree(Encoder.encode(value));
      }
    });
    addDeserializer(type, new JsonDeserializer<T>() {
      @Override
      public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonNode node = p.readValueAsTree();
        JsonNode apiVersion = node.get("apiVersion");
        try {
          TreeTokens tokens = new TreeTokens(node);
          tokens.next();
          return Decoder.decode(type, tokens, new Reading(Version.of(apiVersion == null ? null : apiVersion.asText()),
              FieldValidation.IGNORE, new Shared(), JsonPath.ROOT));
        } catch (Reading.Failure f) {
          return ctxt.reportInputMismatch(type, "%s%s", f.path.isRoot() ? "" : f.path + ": ", f.getMessage());
        }
      }
    });
  }
}
