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
 * Exposes the codec's tree encoder and decoder as Jackson (de)serializers, so that model
 * records can be embedded in documents written with a caller's ObjectMapper without
 * annotations on the records. Errors surface as Jackson mapping exceptions carrying the path.
 */
final class ModelModule extends SimpleModule {
  private static final long serialVersionUID = 1L;

  ModelModule(Encoder encoder) {
    super("dra4j-model");
    for (Class<?> type : Decoder.modelTypes()) {
      register(type, encoder);
    }
  }

  private <T> void register(Class<T> type, Encoder encoder) {
    addSerializer(type, new JsonSerializer<T>() {
      @Override
      public void serialize(T value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
        gen.writeTree(encoder.encode(value));
      }
    });
    addDeserializer(type, new JsonDeserializer<T>() {
      @Override
      public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonNode node = p.readValueAsTree();
        JsonNode apiVersion = node.get("apiVersion");
        try {
          return Decoder.forApiVersion(apiVersion == null ? null : apiVersion.asText())
              .decode(type, node, JsonPath.ROOT);
        } catch (Decoder.Failure f) {
          return ctxt.reportInputMismatch(type, "%s%s", f.path.isEmpty() ? "" : f.path + ": ", f.getMessage());
        }
      }
    });
  }
}
