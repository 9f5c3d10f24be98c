package io.github.dra4j.fabric8;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Reads multi-document YAML (scenarios, fixtures) into typed fabric8 objects, as a client would. */
final class Fabric8Yaml {
  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /** Where the conformance scenarios live: the fixtures' copy if present, else the shared checkout. */
  private static final List<String> SCENARIO_DIRS = List.of(
      "../src-test-fixtures/src/main/resources/scenarios", "/work/shared/conformance/cases");

  private Fabric8Yaml() {}

  static List<HasMetadata> read(String yaml) {
    List<HasMetadata> out = new ArrayList<>();
    for (String doc : yaml.split("(?m)^---\\s*$", -1)) {
      Map<?, ?> generic = SERIALIZATION.unmarshal(doc, Map.class);
      if (generic == null || generic.isEmpty()) {
        continue;
      }
      Object kind = generic.get("kind");
      Object apiVersion = generic.get("apiVersion");
      Class<? extends HasMetadata> type = type(String.valueOf(apiVersion), String.valueOf(kind));
      if (type != null) {
        out.add(SERIALIZATION.unmarshal(doc, type));
      }
    }
    return out;
  }

  private static Class<? extends HasMetadata> type(String apiVersion, String kind) {
    boolean v1 = apiVersion.equals("resource.k8s.io/v1");
    boolean v1beta2 = apiVersion.equals("resource.k8s.io/v1beta2");
    switch (kind) {
      case "Node":
        return io.fabric8.kubernetes.api.model.Node.class;
      case "ResourceSlice":
        return v1 ? io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice.class
            : v1beta2 ? io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceSlice.class : null;
      case "DeviceClass":
        return v1 ? io.fabric8.kubernetes.api.model.resource.v1.DeviceClass.class
            : v1beta2 ? io.fabric8.kubernetes.api.model.resource.v1beta2.DeviceClass.class : null;
      case "ResourceClaim":
        return v1 ? io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class
            : v1beta2 ? io.fabric8.kubernetes.api.model.resource.v1beta2.ResourceClaim.class : null;
      default:
        return null;
    }
  }

  static List<HasMetadata> resource(String name) {
    URL url = Fabric8Yaml.class.getResource("/fabric8/" + name);
    if (url == null) {
      throw new IllegalStateException("test resource fabric8/" + name + " missing");
    }
    try {
      return read(Files.readString(Path.of(url.toURI()), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every scenario file, sorted by name. */
  static List<Path> scenarioFiles() {
    for (String dir : SCENARIO_DIRS) {
      Path p = Path.of(dir);
      if (Files.isDirectory(p)) {
        try (Stream<Path> files = Files.list(p)) {
          List<Path> yaml = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
          if (!yaml.isEmpty()) {
            return yaml;
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    throw new IllegalStateException("no scenario directory among " + SCENARIO_DIRS);
  }

  static List<HasMetadata> scenario(Path file) {
    try {
      return read(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
