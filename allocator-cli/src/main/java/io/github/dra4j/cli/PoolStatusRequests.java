package io.github.dra4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.dra4j.api.ResourcePoolStatusRequestSpec;
import io.github.dra4j.api.io.UnknownObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * The ResourcePoolStatusRequests of dra4j pool-status's input: the codec keeps kinds it does not
 * model as unknown objects, so the spec is read here, as strictly as the API server reads it
 * (an unknown field or a wrong type is an error naming the file, document, object and field).
 */
final class PoolStatusRequests {
  private static final Set<String> SPEC = Set.of("driver", "poolName", "limit", "defaultPartitionTypeAttribute");
  private static final ObjectMapper JSON = new ObjectMapper();

  private PoolStatusRequests() {}

  /* One request: its name, spec and where it was read. */
  record Request(String name, ResourcePoolStatusRequestSpec spec, String where) {}

  static List<Request> read(Input input) {
    List<Request> out = new ArrayList<>();
    for (Input.Item item : input.items()) {
      if (item.object() instanceof UnknownObject u && u.kind().equals(PoolStatusCommand.KIND)) {
        out.add(request(u, item.where()));
      }
    }
    return out;
  }

  private static Request request(UnknownObject u, String where) {
    String name = u.name() == null ? "" : u.name();
    String at = where + " (" + PoolStatusCommand.KIND + "/" + name + "), ";
    if (!u.apiVersion().equals(PoolStatusCommand.API_VERSION)) {
      throw new CliException(at + "apiVersion: Unsupported value: \"" + u.apiVersion() + "\": supported values: \""
          + PoolStatusCommand.API_VERSION + "\"");
    }
    if (name.isEmpty()) {
      throw new CliException(at + "metadata.name: Required value");
    }
    JsonNode spec;
    try {
      spec = JSON.readTree(u.content().json()).path("spec");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the codec decoded this object from JSON or YAML", e);
    }
    if (!spec.isObject()) {
      throw new CliException(at + "spec: Required value");
    }
    for (Map.Entry<String, JsonNode> f : spec.properties()) {
      if (!SPEC.contains(f.getKey())) {
        throw new CliException(at + "spec." + f.getKey() + ": unknown field \"" + f.getKey() + "\"");
      }
    }
    Integer limit = null;
    JsonNode l = spec.get("limit");
    if (l != null && !l.isNull()) {
      if (!l.isIntegralNumber() || !l.canConvertToInt()) {
        throw new CliException(at + "spec.limit: Invalid value: " + l + ": must be an integer");
      }
      limit = l.intValue();
    }
    String driver = text(spec, "driver", at, null);
    return new Request(name, new ResourcePoolStatusRequestSpec(driver == null ? "" : driver, text(spec, "poolName", at, null),
        limit, text(spec, "defaultPartitionTypeAttribute", at, null)), where);
  }

  private static @Nullable String text(JsonNode spec, String field, String at, @Nullable String absent) {
    JsonNode v = spec.get(field);
    if (v == null || v.isNull()) {
      return absent;
    }
    if (!v.isTextual()) {
      throw new CliException(at + "spec." + field + ": Invalid value: " + v + ": must be a string");
    }
    return v.textValue();
  }
}
