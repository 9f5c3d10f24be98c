package io.github.dra4j.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.UnknownObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Loads the conformance scenarios copied into this module's resources, one folder per corpus
 * (see {@code FORMAT.md} in {@code ../shared/conformance}): each folder holds the scenario files
 * and an {@code index.txt} that lists them. The cluster objects are decoded by
 * {@link KubernetesCodec}; the header is read here.
 */
public final class Scenarios {
  /** The scenarios transcribed from the reference's test table ({@code ../shared/conformance/cases}). */
  public static final String TRANSCRIBED = "scenarios";
  /**
   * Random scenarios whose expectations are the reference allocator's own answers
   * ({@code ../shared/conformance/differential}).
   */
  public static final String DIFFERENTIAL = "scenarios-differential";
  /** Reference test-table cases recorded from the reference itself ({@code ../shared/conformance/upstream-new}). */
  public static final String UPSTREAM_NEW = "scenarios-upstream-new";
  /**
   * dra4j's own scenarios: inputs reduced from real drivers' files, with the reference
   * allocator's answers; the cases where dra4j answers as Kubernetes has fixed the reference
   * snapshot the other corpora were made with, or deliberately differently (see "Fixes since the
   * reference snapshot, and deviations" in docs/allocation.md); and the features newer than that
   * snapshot.
   */
  public static final String DRA4J = "scenarios-dra4j";

  private static final String SCENARIO_KIND = "AllocationScenario";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private static final Map<String, List<Scenario>> LOADED = new ConcurrentHashMap<>();

  private Scenarios() {}

  /** {@return the names of the transcribed scenario files (without {@code .yaml}), sorted} */
  public static List<String> names() {
    return names(TRANSCRIBED);
  }

  /**
   * {@return the names of the scenario files (without {@code .yaml}) of one folder, in the
   * order of its index}
   *
   * @param folder a resource folder such as {@link #DIFFERENTIAL}
   */
  public static List<String> names(String folder) {
    String index = resource(folder + "/index.txt");
    List<String> names = new ArrayList<>();
    for (String line : index.split("\n", -1)) {
      String file = line.strip();
      if (!file.isEmpty()) {
        names.add(file.substring(0, file.length() - ".yaml".length()));
      }
    }
    return List.copyOf(names);
  }

  /** {@return every transcribed scenario, in file-name order; loaded once} */
  public static List<Scenario> all() {
    return all(TRANSCRIBED);
  }

  /**
   * {@return every scenario of one folder, in the order of its index; loaded once}
   *
   * @param folder a resource folder such as {@link #DIFFERENTIAL}
   */
  public static List<Scenario> all(String folder) {
    return LOADED.computeIfAbsent(folder, f -> names(f).stream().map(n -> load(f, n)).toList());
  }

  /**
   * Loads one transcribed scenario.
   *
   * @param name the file name, with or without {@code .yaml}
   * @return the scenario
   * @throws IllegalArgumentException when there is no such scenario or it does not follow
   *     the format
   */
  public static Scenario load(String name) {
    return load(TRANSCRIBED, name);
  }

  /**
   * Loads one scenario of a folder.
   *
   * @param folder a resource folder such as {@link #DIFFERENTIAL}
   * @param name the file name, with or without {@code .yaml}
   * @return the scenario
   * @throws IllegalArgumentException when there is no such scenario or it does not follow
   *     the format
   */
  public static Scenario load(String folder, String name) {
    String file = name.endsWith(".yaml") ? name : name + ".yaml";
    return parse(resource(folder + "/" + file), file);
  }

  /**
   * Parses a scenario file: the header document, then the cluster objects.
   *
   * @param text the YAML text
   * @param sourceName the file name, for error messages
   * @return the scenario
   * @throws IllegalArgumentException naming the source and the field when the text does not
   *     follow the format
   */
  public static Scenario parse(String text, String sourceName) {
    JsonNode header = header(text, sourceName);
    JsonNode spec = required(header, "spec", sourceName);
    JsonNode expect = required(header, "expect", sourceName);
    String name = requiredText(required(header, "metadata", sourceName), "name", sourceName);
    String node = requiredText(spec, "node", sourceName);
    Map<String, Boolean> gates = new LinkedHashMap<>();
    spec.path("featureGates").properties().forEach(e -> gates.put(e.getKey(), e.getValue().asBoolean()));

    List<Object> objects = new ArrayList<>();
    try {
      for (Object o : CODEC.readAll(text, sourceName)) {
        if (!(o instanceof UnknownObject && ((UnknownObject) o).kind().equals(SCENARIO_KIND))) {
          objects.add(o);
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    objects.addAll(inUseClaims(spec, sourceName));
    return new Scenario(name, node, gates, objects, expectation(expect, sourceName));
  }

  /* --- header --- */

  /**
   * Reads the first document with SnakeYAML, which resolves anchors and aliases as the
   * reference runner's PyYAML does (Jackson's YAML parser would read an alias as a string).
   */
  private static JsonNode header(String text, String sourceName) {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(50);
    try {
      for (Object doc : new Yaml(new SafeConstructor(options)).loadAll(text)) {
        if (doc != null) {
          JsonNode header = JSON.valueToTree(doc);
          if (!SCENARIO_KIND.equals(header.path("kind").asText())) {
            throw new IllegalArgumentException(
                sourceName + ": the first document must be kind " + SCENARIO_KIND);
          }
          return header;
        }
      }
    } catch (YAMLException e) {
      throw new IllegalArgumentException(sourceName + ": " + e.getMessage(), e);
    }
    throw new IllegalArgumentException(sourceName + ": no documents");
  }

  /**
   * Mirrors {@code in_use_claims} of run-scenarios: one allocated claim {@code in-use-<i>}
   * per entry, the plain devices first, then the shared ones, then the consumed capacity
   * (which gets a fresh share ID).
   */
  private static List<ResourceClaim> inUseClaims(JsonNode spec, String sourceName) {
    List<DeviceRequestAllocationResult> results = new ArrayList<>();
    for (JsonNode d : spec.path("allocatedDevices")) {
      results.add(inUse(d, null, Map.of(), sourceName));
    }
    for (JsonNode d : spec.path("allocatedSharedDevices")) {
      results.add(inUse(d, requiredText(d, "shareID", sourceName), Map.of(), sourceName));
    }
    for (JsonNode d : spec.path("allocatedCapacity")) {
      results.add(inUse(d, UUID.randomUUID().toString(), quantities(d.path("capacity")), sourceName));
    }
    List<ResourceClaim> claims = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      DeviceRequest request = new DeviceRequest(
          "in-use", new ExactDeviceRequest("in-use", List.of(), null, null, null, List.of(), null), List.of());
      ResourceClaimSpec claimSpec = new ResourceClaimSpec(new DeviceClaim(List.of(request), List.of(), List.of()));
      AllocationResult allocation =
          new AllocationResult(new DeviceAllocationResult(List.of(results.get(i)), List.of()), null, null);
      claims.add(new ResourceClaim(ObjectMeta.named("default", "in-use-" + i), claimSpec,
          new ResourceClaimStatus(allocation, List.of())));
    }
    return claims;
  }

  private static DeviceRequestAllocationResult inUse(
      JsonNode d, @Nullable String shareId, Map<String, Quantity> capacity, String sourceName) {
    return new DeviceRequestAllocationResult("in-use",
        requiredText(d, "driver", sourceName), requiredText(d, "pool", sourceName),
        requiredText(d, "device", sourceName), null, List.of(), List.of(), List.of(), shareId, capacity);
  }

  /* --- expectation --- */

  private static Expectation expectation(JsonNode expect, String sourceName) {
    String outcome = requiredText(expect, "outcome", sourceName);
    List<Expectation.Claim> claims = new ArrayList<>();
    for (JsonNode r : expect.path("results")) {
      claims.add(expectedClaim(r, sourceName));
    }
    try {
      return new Expectation(outcome, textOrNull(expect, "errorContains"), claims);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(sourceName + ": expect.outcome: " + e.getMessage(), e);
    }
  }

  private static Expectation.Claim expectedClaim(JsonNode r, String sourceName) {
    JsonNode selector = r.path("nodeSelector");
    NodeSelector nodeSelector = isAbsent(selector) || selector.isEmpty()
        ? null
        : decode(selector, NodeSelector.class, sourceName);
    List<Expectation.Device> devices = new ArrayList<>();
    for (JsonNode d : r.path("devices")) {
      devices.add(expectedDevice(d, sourceName));
    }
    List<Expectation.Config> config = new ArrayList<>();
    for (JsonNode c : r.path("config")) {
      JsonNode opaque = c.path("opaque");
      JsonNode parameters = opaque.path("parameters");
      config.add(new Expectation.Config(requiredText(c, "source", sourceName), strings(c.path("requests")),
          textOrNull(opaque, "driver"),
          isAbsent(parameters) ? null : RawJson.of(parameters.toString())));
    }
    return new Expectation.Claim(requiredText(r, "claim", sourceName), nodeSelector, devices, config);
  }

  private static Expectation.Device expectedDevice(JsonNode d, String sourceName) {
    List<DeviceToleration> tolerations = new ArrayList<>();
    for (JsonNode t : d.path("tolerations")) {
      tolerations.add(decode(t, DeviceToleration.class, sourceName));
    }
    return new Expectation.Device(
        requiredText(d, "request", sourceName),
        requiredText(d, "driver", sourceName),
        requiredText(d, "pool", sourceName),
        requiredText(d, "device", sourceName),
        d.path("adminAccess").asBoolean(false),
        tolerations,
        strings(d.path("bindingConditions")),
        strings(d.path("bindingFailureConditions")),
        d.has("shareID"),
        d.has("consumedCapacity") ? quantities(d.path("consumedCapacity")) : null);
  }

  /* --- helpers --- */

  private static <T> T decode(JsonNode node, Class<T> type, String sourceName) {
    try {
      return CODEC.fromJson(RawJson.of(node.toString()), type);
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(sourceName + ": expect: " + e.getMessage(), e);
    }
  }

  private static Map<String, Quantity> quantities(JsonNode map) {
    Map<String, Quantity> out = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : map.properties()) {
      out.put(e.getKey(), Quantity.parse(e.getValue().asText()));
    }
    return out;
  }

  private static List<String> strings(JsonNode list) {
    List<String> out = new ArrayList<>();
    for (JsonNode s : list) {
      out.add(s.asText());
    }
    return out;
  }

  private static boolean isAbsent(JsonNode n) {
    return n.isMissingNode() || n.isNull();
  }

  private static JsonNode required(JsonNode parent, String field, String sourceName) {
    JsonNode n = parent.path(field);
    if (isAbsent(n)) {
      throw new IllegalArgumentException(sourceName + ": " + field + " is required");
    }
    return n;
  }

  private static String requiredText(JsonNode parent, String field, String sourceName) {
    JsonNode n = parent.path(field);
    if (isAbsent(n) || !n.isValueNode()) {
      throw new IllegalArgumentException(sourceName + ": " + field + " is required and must be a string");
    }
    return n.asText();
  }

  private static @Nullable String textOrNull(JsonNode parent, String field) {
    JsonNode n = parent.path(field);
    return isAbsent(n) ? null : n.asText();
  }

  private static String resource(String path) {
    try (InputStream in = Scenarios.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("no scenario resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
