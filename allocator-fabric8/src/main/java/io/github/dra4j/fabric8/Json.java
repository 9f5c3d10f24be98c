package io.github.dra4j.fabric8;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.Map;

/** Shared, thread-safe Jackson instances for the untyped parts of the fabric8 model. */
final class Json {
  /** fabric8's own mapping, used to move between typed model objects and untyped maps. */
  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
  /** Plain JSON for opaque configuration parameters (compact output, input order kept). */
  static final ObjectMapper MAPPER = new ObjectMapper();

  /** The untyped JSON object shape. */
  static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private Json() {}

  static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return String.valueOf(root.getMessage());
  }
}
