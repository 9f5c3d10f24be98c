package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.PodGroupResourceClaim;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.simulation.NodeGroup;
import io.github.dra4j.api.simulation.Arrivals;
import io.github.dra4j.api.simulation.Gang;
import io.github.dra4j.api.simulation.PodKind;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.api.simulation.Timeline;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.validation.CrossObjectValidator;
import io.github.dra4j.api.validation.ObjectError;
import io.github.dra4j.api.validation.SourcedObject;
import io.github.dra4j.api.validation.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@code kind: Simulation} document of {@code apiVersion: simulation.dra4j.io/v1} (see
 * docs/simulation.md). Validation is as strict as the codec's for Kubernetes objects: an unknown
 * field is an error naming the closest known one, a wrong type, a missing required field or an
 * out-of-range value is an error naming the file, the document, the object and the field path,
 * and the embedded Nodes, ResourceSlices, Pods and ResourceClaimTemplates are decoded and checked
 * by the codec with their path inside the document ({@code spec.cluster.nodeGroups[0].slices[1]
 * .spec.devices[0].name}). Their {@code apiVersion} and {@code kind} may be left out. The
 * embedded pods and claim templates, which no API server has seen, are validated as the API
 * server would validate them ({@link Validator}), and the cluster's objects and the pod kinds'
 * templates may not share kind, namespace and name ({@link CrossObjectValidator#duplicateObjects}).
 *
 * <p>Reading a simulation is safe by default, as a simulation may come from someone else: the
 * files it names ({@code spec.cluster.files}, a node group's {@code file}) must be regular files
 * in its directory or below, after symbolic links are followed (kustomize's {@code
 * LoadRestrictionsRootOnly}), unless {@link Options#filesOutsideDirectory()} allows any; an error
 * in such a file never quotes the file's text (it says where the problem is, and {@code dra4j
 * validate} on that file says what it is); and {@code spec.workload.count} is at most {@link
 * Options#maxArrivals()}.
 *
 * <pre>{@code
 * SimulationSpec spec = SimulationReader.read(Path.of("sim.yaml"), KubernetesCodec.create());
 * }</pre>
 */
public final class SimulationReader {
  /** The apiVersion of simulation documents. */
  public static final String API_VERSION = "simulation.dra4j.io/v1";
  /** The kind of simulation documents. */
  public static final String KIND = "Simulation";

  private static final Set<String> TOP = Set.of("apiVersion", "kind", "metadata", "spec");
  private static final Set<String> METADATA = Set.of("name");
  private static final Set<String> SPEC = Set.of("cluster", "workload", "policies", "sampleEvery");
  private static final Set<String> CLUSTER = Set.of("files", "objects", "nodeGroups");
  private static final Set<String> GROUP = Set.of("name", "count", "node", "slices", "file");
  private static final Set<String> WORKLOAD = Set.of("podKinds", "count", "seed", "order", "rate", "trace",
      "sampleInterval");
  private static final Set<String> KIND_FIELDS = Set.of("name", "weight", "lifetime", "duration", "pod",
      "claimTemplates", "gang");
  private static final Set<String> GANG = Set.of("size", "minCount", "topologyKey", "resourceClaims");
  private static final Set<String> GROUP_CLAIM = Set.of("name", "resourceClaimTemplateName", "resourceClaimName");

  /**
   * Most nodes all node groups of a simulation may have together: 100,000, twenty times the 5,000
   * nodes Kubernetes is tested to; each is made in memory with its slices.
   */
  public static final int MAX_NODES = 100_000;

  /** The line and column a YAML error names, the one part of its text that quotes nothing. */
  private static final Pattern LINE_COLUMN = Pattern.compile("\\(line \\d+, column \\d+\\)");

  private final KubernetesCodec codec;
  private final String source;
  private final @Nullable Path base;
  private final Options options;
  private int document;
  private Function<String, @Nullable String> policy = name -> null;
  private @Nullable String ref;
  /** The workload in simulated time, when it has a rate or a trace. */
  private @Nullable Timeline timeline;
  /** Nodes of the node groups read so far. */
  private long nodes;
  /** The cluster's objects and the pod kinds' templates, with where each was read, for the duplicate check. */
  private final List<SourcedObject> named = new ArrayList<>();
  /** The path inside the simulation of each object of {@link #named} embedded in it. */
  private final IdentityHashMap<SourcedObject, JsonPath> embeddedAt = new IdentityHashMap<>();

  private SimulationReader(KubernetesCodec codec, String source, @Nullable Path base, Options options) {
    this.codec = codec;
    this.source = source;
    this.base = base == null ? null : base.toAbsolutePath().normalize();
    this.options = options;
  }

  /**
   * What reading a simulation may do: read files outside its directory, and how many arrivals it
   * may ask for.
   *
   * @param filesOutsideDirectory whether the files a simulation names may lie outside its
   *     directory (absolute paths, {@code ..}, symbolic links leading out); false by default
   * @param maxArrivals the largest {@code spec.workload.count}, at least 0; by default {@link
   *     PodController#DEFAULT_MAX_PODS}
   */
  public record Options(boolean filesOutsideDirectory, int maxArrivals) {
    private static final Options DEFAULTS = new Options(false, PodController.DEFAULT_MAX_PODS);

    /**
     * Checks the limit.
     *
     * @throws IllegalArgumentException when {@code maxArrivals} is negative
     */
    public Options {
      if (maxArrivals < 0) {
        throw new IllegalArgumentException("maxArrivals must be at least 0, got " + maxArrivals);
      }
    }

    /** {@return files only in the simulation's directory, at most {@link PodController#DEFAULT_MAX_PODS} arrivals} */
    public static Options defaults() {
      return DEFAULTS;
    }

    /**
     * {@return these options, with files outside the simulation's directory allowed or not}
     *
     * @param allowed whether they are allowed
     */
    public Options withFilesOutsideDirectory(boolean allowed) {
      return new Options(allowed, maxArrivals);
    }

    /**
     * {@return these options with another largest {@code spec.workload.count}}
     *
     * @param max the largest count, at least 0
     */
    public Options withMaxArrivals(int max) {
      return new Options(filesOutsideDirectory, max);
    }
  }

  /**
   * Reads a simulation file; {@code spec.cluster.files} are resolved against its directory.
   *
   * @param file the file
   * @param codec the codec for the embedded and referenced objects (its field validation applies)
   * @return the simulation
   * @throws DecodeException when the file or a file it names is not a valid simulation or object
   * @throws IOException when a file cannot be read
   */
  public static SimulationSpec read(Path file, KubernetesCodec codec) throws IOException {
    return read(file, codec, Options.defaults());
  }

  /**
   * Reads a simulation file and checks each of {@code spec.policies} with the caller's own list
   * of policies (the scorers it knows), so that an unknown name is an error with its field path.
   *
   * @param file the file
   * @param codec the codec for the embedded and referenced objects
   * @param options where files may be and how many arrivals there may be
   * @param policy given a policy name, null when it is known, else why not (such as the names known)
   * @return the simulation
   * @throws DecodeException when the file is not a valid simulation, breaks one of the options or
   *     names an unknown policy
   * @throws IOException when a file cannot be read
   */
  public static SimulationSpec read(Path file, KubernetesCodec codec, Options options,
      Function<String, @Nullable String> policy) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    return read(text(file), file.toString(), parent, codec, options, policy);
  }

  /* The file's text, decoded as every other input: UTF-8, or UTF-16/UTF-32 after a byte order mark. */
  static String text(Path file) throws IOException {
    StringBuilder text = new StringBuilder();
    char[] buffer = new char[8192];
    try (InputStream in = Files.newInputStream(file);
        Reader reader = new UnicodeInput(in, 4L * KubernetesCodec.MAX_INPUT_CHARS, n -> { })) {
      for (int n = reader.read(buffer); n != -1; n = reader.read(buffer)) {
        text.append(buffer, 0, n);
      }
    } catch (UnicodeInput.Refused e) {
      throw new DecodeException(file.toString(), 0, null, null, String.valueOf(e.getMessage()), null);
    }
    return text.toString();
  }

  /**
   * Reads a simulation file with the given options; {@code spec.cluster.files} are resolved
   * against its directory.
   *
   * @param file the file
   * @param codec the codec for the embedded and referenced objects (its field validation applies)
   * @param options where files may be and how many arrivals there may be
   * @return the simulation
   * @throws DecodeException when the file or a file it names is not a valid simulation or
   *     object, or breaks one of the options
   * @throws IOException when the file cannot be read
   */
  public static SimulationSpec read(Path file, KubernetesCodec codec, Options options) throws IOException {
    return read(file, codec, options, name -> null);
  }

  /**
   * Reads a simulation from text.
   *
   * @param text the YAML or JSON: exactly one Simulation document
   * @param source the name errors use for the text
   * @param base the directory {@code spec.cluster.files} are relative to; null to refuse files
   * @param codec the codec for the embedded and referenced objects
   * @return the simulation
   * @throws DecodeException when the text is not one valid simulation
   * @throws IOException when a referenced file cannot be read
   */
  public static SimulationSpec read(String text, String source, @Nullable Path base, KubernetesCodec codec)
      throws IOException {
    return read(text, source, base, codec, Options.defaults());
  }

  /**
   * Reads a simulation from text with the given options.
   *
   * @param text the YAML or JSON: exactly one Simulation document
   * @param source the name errors use for the text
   * @param base the directory {@code spec.cluster.files} are relative to; null to refuse files
   * @param codec the codec for the embedded and referenced objects
   * @param options where files may be and how many arrivals there may be
   * @return the simulation
   * @throws DecodeException when the text is not one valid simulation, or breaks one of the options
   * @throws IOException when a referenced file cannot be read
   */
  public static SimulationSpec read(String text, String source, @Nullable Path base, KubernetesCodec codec,
      Options options) throws IOException {
    return read(text, source, base, codec, options, name -> null);
  }

  private static SimulationSpec read(String text, String source, @Nullable Path base, KubernetesCodec codec,
      Options options, Function<String, @Nullable String> policy) throws IOException {
    SimulationReader reader = new SimulationReader(Objects.requireNonNull(codec, "codec"), source, base,
        Objects.requireNonNull(options, "options"));
    reader.policy = Objects.requireNonNull(policy, "policy");
    ConfigTree.Document only = ConfigTree.single(codec, text, source, KIND);
    reader.document = only.number();
    return reader.simulation(only.node());
  }

  private SimulationSpec simulation(JsonNode root) throws IOException {
    JsonPath at = JsonPath.ROOT;
    object(root, at, TOP);
    String name = root.path("metadata").path("name").isTextual() ? root.path("metadata").path("name").textValue() : null;
    ref = name == null ? KIND : KIND + "/" + name;
    if (!API_VERSION.equals(text(root, at, "apiVersion"))) {
      throw fail(at.field("apiVersion"), "unsupported apiVersion \"" + root.path("apiVersion").asText()
          + "\"; supported: " + API_VERSION);
    }
    if (!KIND.equals(text(root, at, "kind"))) {
      throw fail(at.field("kind"), "expected kind " + KIND + ", got \"" + root.path("kind").asText() + "\"");
    }
    JsonNode metadata = required(root, at, "metadata");
    object(metadata, at.field("metadata"), METADATA);
    String simName = text(metadata, at.field("metadata"), "name");
    JsonPath specAt = at.field("spec");
    JsonNode spec = required(root, at, "spec");
    object(spec, specAt, SPEC);

    List<Object> objects = new ArrayList<>();
    List<NodeGroup> groups = new ArrayList<>();
    JsonNode cluster = spec.get("cluster");
    JsonPath clusterAt = specAt.field("cluster");
    if (cluster != null) {
      object(cluster, clusterAt, CLUSTER);
      JsonNode files = list(cluster, clusterAt, "files");
      for (int i = 0; i < files.size(); i++) {
        for (SourcedObject o : file(files.get(i), clusterAt.field("files").index(i))) {
          objects.add(o.object());
          named.add(o);
        }
      }
      JsonNode inline = list(cluster, clusterAt, "objects");
      for (int i = 0; i < inline.size(); i++) {
        JsonPath objectAt = clusterAt.field("objects").index(i);
        Object o = clusterObject(inline.get(i), objectAt);
        objects.add(o);
        remember(o, objectAt);
      }
      JsonNode groupNodes = list(cluster, clusterAt, "nodeGroups");
      for (int i = 0; i < groupNodes.size(); i++) {
        groups.add(group(groupNodes.get(i), clusterAt.field("nodeGroups").index(i)));
      }
    }
    if (groups.isEmpty() && objects.stream().noneMatch(o -> o instanceof Node)) {
      throw fail(clusterAt, "the cluster has no node: give spec.cluster.nodeGroups or Nodes in files or objects");
    }

    Arrivals arrivals = arrivals(required(spec, specAt, "workload"), specAt.field("workload"));
    checkTemplates(objects, arrivals, specAt.field("workload"));
    List<String> policies = new ArrayList<>();
    JsonNode p = list(spec, specAt, "policies");
    for (int i = 0; i < p.size(); i++) {
      String policyName = string(p.get(i), specAt.field("policies").index(i));
      String unknown = policy.apply(policyName);
      if (unknown != null) {
        throw fail(specAt.field("policies").index(i), "Unsupported value: \"" + policyName + "\": " + unknown);
      }
      policies.add(policyName);
    }
    if (policies.isEmpty()) {
      policies.add("first");
    }
    if (timeline != null && spec.has("sampleEvery")) {
      throw fail(specAt.field("sampleEvery"), "Forbidden: arrivals in time are sampled by"
          + " spec.workload.sampleInterval");
    }
    int sampleEvery = integer(spec, specAt, "sampleEvery", 0, 0);
    checkDuplicates();
    return new SimulationSpec(simName, Cluster.of(objects), groups, arrivals, policies, sampleEvery, timeline);
  }

  /* The source errors name for the simulation. */
  String source() {
    return source;
  }

  /* A file the simulation names, in its directory (unless allowed elsewhere) and a regular file. */
  Path readableFile(JsonNode entry, JsonPath at) throws DecodeException {
    Path path = resolve(string(entry, at), at);
    checkReadable(path, at);
    return path;
  }

  /* The objects of a file the simulation names, each with where it was read. */
  private List<SourcedObject> file(JsonNode entry, JsonPath at) throws IOException {
    Path path = readableFile(entry, at);
    String name = path.toString();
    List<SourcedObject> out = new ArrayList<>();
    try (InputStream in = Files.newInputStream(path)) {
      codec.readAll(in, name, (o, doc) -> out.add(new SourcedObject(o, name, doc)));
    } catch (DecodeException e) {
      throw withoutText(e, path, at);
    } catch (NoSuchFileException e) {
      throw fail(at, "Not found: " + path + ": no such file");
    } catch (IOException e) {
      throw fail(at, "cannot read " + path + ": " + e.getClass().getSimpleName());
    }
    for (SourcedObject o : out) {
      if (!isClusterObject(o.object())) {
        throw new DecodeException(name, o.document(), null, null, "a simulation's cluster cannot hold a "
            + describe(o.object()) + " (named from " + source + ", " + at + ")", null);
      }
    }
    return out;
  }

  /*
   * The path of a file the simulation names: against its directory, and in it or below unless
   * the options allow any (kustomize's LoadRestrictionsRootOnly). Symbolic links are followed,
   * so a link cannot lead out either.
   */
  private Path resolve(String name, JsonPath at) throws DecodeException {
    if (base == null) {
      throw fail(at, "files cannot be read here: the simulation was not read from a file");
    }
    Path path = base.resolve(name).normalize();
    if (options.filesOutsideDirectory()) {
      return path;
    }
    boolean inside = path.startsWith(base);
    if (inside && Files.exists(path)) {
      try {
        inside = path.toRealPath().startsWith(base.toRealPath());
      } catch (IOException e) {
        inside = false;
      }
    }
    if (!inside) {
      throw fail(at, "Forbidden: \"" + name + "\" is outside the simulation's directory " + base
          + ": a simulation reads files only in its directory or below, unless allowed (dra4j simulate"
          + " --load-restrictor LoadRestrictionsNone)");
    }
    return path;
  }

  /* A regular file, or an error at the entry that names it. */
  private void checkReadable(Path path, JsonPath at) throws DecodeException {
    if (Files.isDirectory(path)) {
      throw fail(at, "Invalid value: " + path + " is a directory: name a file of Kubernetes objects");
    }
    if (!Files.exists(path)) {
      throw fail(at, "Not found: " + path + ": no such file");
    }
    if (!Files.isRegularFile(path)) {
      throw fail(at, "Invalid value: " + path + " is not a regular file");
    }
  }

  /*
   * A decode error in a file the simulation names, without the text of the error: it may quote
   * the file, which the simulation's author may not be allowed to read. Where it is stays.
   */
  private DecodeException withoutText(DecodeException e, Path path, JsonPath at) {
    Matcher lineColumn = LINE_COLUMN.matcher(e.detail());
    return new DecodeException(e.source(), e.document(), null, null, "cannot be read as Kubernetes"
        + " objects" + (lineColumn.find() ? " " + lineColumn.group() : "") + " (named from " + source + ", " + at
        + "; the reason is not shown, as it may quote the file: 'dra4j validate -f " + path + "' shows it)", null);
  }

  private Object clusterObject(JsonNode node, JsonPath at) throws DecodeException {
    if (!node.isObject()) {
      throw fail(at, "expected an object, got " + Decoder.describe(node));
    }
    Object o = codec.decodeObject(node, source, document, at);
    if (!isClusterObject(o)) {
      throw fail(at, "a simulation's cluster cannot hold a " + describe(o));
    }
    return o;
  }

  private static boolean isClusterObject(Object o) {
    return o instanceof Node || o instanceof ResourceSlice || o instanceof DeviceClass || o instanceof ResourceClaim
        || o instanceof ResourceClaimTemplate || o instanceof DeviceTaintRule;
  }

  private static String describe(Object o) {
    return o instanceof UnknownObject ? "kind \"" + ((UnknownObject) o).kind() + "\"" : o.getClass().getSimpleName();
  }

  private NodeGroup group(JsonNode node, JsonPath at) throws IOException {
    object(node, at, GROUP);
    String name = text(node, at, "name");
    int count = integer(node, at, "count", 1, -1);
    nodes += count;
    if (nodes > MAX_NODES) {
      throw fail(at.field("count"), "Invalid value: " + count + ": the node groups would have " + nodes
          + " nodes, more than the " + MAX_NODES + " a simulation may have");
    }
    if (node.has("file")) {
      if (node.has("node") || node.has("slices")) {
        throw fail(at.field("file"), "Forbidden: give the node and its slices either in a file or as node and slices");
      }
      return groupFromFile(name, count, node.get("file"), at.field("file"));
    }
    Node template = embedded(required(node, at, "node"), at.field("node"), Node.class, "v1");
    List<ResourceSlice> slices = new ArrayList<>();
    JsonNode s = list(node, at, "slices");
    for (int i = 0; i < s.size(); i++) {
      ResourceSlice slice = embedded(s.get(i), at.field("slices").index(i), ResourceSlice.class, "resource.k8s.io/v1");
      if (!Objects.requireNonNull(template.name()).equals(slice.spec().nodeName())) { // the decoder requires it
        throw fail(at.field("slices").index(i).field("spec").field("nodeName"), "must be the group's node, \""
            + template.name() + "\": a copy's slices are its own");
      }
      slices.add(slice);
    }
    return new NodeGroup(name, count, template, slices);
  }

  /* A group whose template is a file holding exactly one Node and that node's ResourceSlices. */
  private NodeGroup groupFromFile(String name, int count, JsonNode entry, JsonPath at) throws IOException {
    Node template = null;
    List<ResourceSlice> slices = new ArrayList<>();
    List<SourcedObject> objects = file(entry, at);
    // file() has refused the entry when there is no base
    String path = String.valueOf(Objects.requireNonNull(base).resolve(entry.textValue()).normalize());
    for (SourcedObject sourced : objects) {
      Object o = sourced.object();
      if (o instanceof Node) {
        if (template != null) {
          throw new DecodeException(path, sourced.document(), null, null, "a node group's file holds one Node, found "
              + template.name() + " and " + ((Node) o).name() + " (named from " + source + ", " + at + ")", null);
        }
        template = (Node) o;
      } else if (o instanceof ResourceSlice) {
        slices.add((ResourceSlice) o);
      } else {
        throw new DecodeException(path, sourced.document(), null, null, "a node group's file holds a Node and its ResourceSlices, not a "
            + describe(o) + " (named from " + source + ", " + at + "); put it in spec.cluster.files", null);
      }
    }
    if (template == null) {
      throw fail(at, "Invalid value: " + path + " holds no Node");
    }
    for (ResourceSlice slice : slices) {
      if (!Objects.requireNonNull(template.name()).equals(slice.spec().nodeName())) { // the decoder requires it
        throw new DecodeException(path, 0, "ResourceSlice/" + slice.name(), "spec.nodeName", "must be the group's node, \""
            + template.name() + "\": a copy's slices are its own (named from " + source + ", " + at + ")", null);
      }
    }
    return new NodeGroup(name, count, template, slices);
  }

  private Arrivals arrivals(JsonNode node, JsonPath at) throws IOException {
    object(node, at, WORKLOAD);
    JsonNode kinds = list(node, at, "podKinds");
    if (kinds.isEmpty()) {
      throw fail(at.field("podKinds"), "Required value: at least one pod kind");
    }
    List<PodKind> podKinds = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < kinds.size(); i++) {
      PodKind k = podKind(kinds.get(i), at.field("podKinds").index(i));
      if (names.contains(k.name())) {
        throw fail(at.field("podKinds").index(i).field("name"), "Duplicate value: \"" + k.name() + "\"");
      }
      names.add(k.name());
      podKinds.add(k);
    }
    TimelineReader.Read time = new TimelineReader(this).read(node, at, names, options.maxArrivals());
    if (time != null) {
      timeline = time.timeline();
    }
    int count = time != null && time.count() >= 0 ? time.count() : integer(node, at, "count", 0, -1);
    if (count > options.maxArrivals()) {
      throw fail(at.field("count"), "Invalid value: " + count + ": more than the " + options.maxArrivals()
          + " arrivals a simulation may have; a larger count needs a larger limit (dra4j simulate --max-pods)");
    }
    long seed = node.has("seed") ? longValue(node.get("seed"), at.field("seed")) : 0;
    List<String> order = new ArrayList<>(time != null ? time.order() : List.of());
    JsonNode o = list(node, at, "order");
    for (int i = 0; i < o.size(); i++) {
      String kind = string(o.get(i), at.field("order").index(i));
      if (!names.contains(kind)) {
        throw fail(at.field("order").index(i), "Unsupported value: \"" + kind + "\": no pod kind has this name; known: "
            + String.join(", ", names));
      }
      order.add(kind);
    }
    if (order.isEmpty() && podKinds.stream().noneMatch(k -> k.weight() > 0)) {
      throw fail(at.field("podKinds"), "Invalid value: without an order, some pod kind needs a weight above 0");
    }
    return new Arrivals(podKinds, count, seed, order);
  }

  private PodKind podKind(JsonNode node, JsonPath at) throws DecodeException {
    object(node, at, KIND_FIELDS);
    String name = text(node, at, "name");
    double weight = 1;
    if (node.has("weight")) {
      JsonNode w = node.get("weight");
      if (!w.isNumber() || !(w.asDouble() >= 0) || Double.isInfinite(w.asDouble())) {
        throw fail(at.field("weight"), "Invalid value: " + w + ": must be a number >= 0");
      }
      weight = w.asDouble();
    }
    Integer lifetime = node.has("lifetime") ? integer(node, at, "lifetime", 1, 1) : null;
    JsonPath podAt = at.field("pod");
    Pod pod = embedded(required(node, at, "pod"), podAt, Pod.class, "v1");
    validated(Validator.validate(pod), podAt);
    for (int i = 0; i < pod.spec().resourceClaims().size(); i++) {
      if (pod.spec().resourceClaims().get(i).resourceClaimName() != null) {
        throw fail(podAt.field("spec").field("resourceClaims").index(i).field("resourceClaimName"),
            "Forbidden: every pod of a kind would share this claim; use resourceClaimTemplateName");
      }
    }
    List<ResourceClaimTemplate> templates = new ArrayList<>();
    JsonNode t = list(node, at, "claimTemplates");
    for (int i = 0; i < t.size(); i++) {
      JsonPath templateAt = at.field("claimTemplates").index(i);
      ResourceClaimTemplate template = embedded(t.get(i), templateAt, ResourceClaimTemplate.class, "resource.k8s.io/v1");
      validated(Validator.validate(template), templateAt);
      remember(template, templateAt);
      templates.add(template);
    }
    Gang gang = node.has("gang") ? gang(node.get("gang"), at.field("gang"), pod, podAt) : null;
    return new PodKind(name, pod, templates, weight, lifetime, gang);
  }

  /* A gang: its size, minCount (the size when left out), topology key and group claims, each used by a pod entry. */
  private Gang gang(JsonNode node, JsonPath at, Pod pod, JsonPath podAt) throws DecodeException {
    object(node, at, GANG);
    int size = integer(node, at, "size", 1, -1);
    int minCount = integer(node, at, "minCount", 1, size);
    if (minCount > size) {
      throw fail(at.field("minCount"), "Invalid value: " + minCount + ": must be at most the size, " + size);
    }
    String topologyKey = node.has("topologyKey") ? text(node, at, "topologyKey") : null;
    if (pod.podGroupName() != null) {
      throw fail(podAt.field("spec").field("schedulingGroup"), "Forbidden: a gang kind's pods are given their "
          + "PodGroup as they arrive");
    }
    List<PodGroupResourceClaim> claims = new ArrayList<>();
    JsonNode c = list(node, at, "resourceClaims");
    Set<String> names = new TreeSet<>();
    for (int i = 0; i < c.size(); i++) {
      JsonPath claimAt = at.field("resourceClaims").index(i);
      object(c.get(i), claimAt, GROUP_CLAIM);
      if (c.get(i).has("resourceClaimName")) {
        throw fail(claimAt.field("resourceClaimName"), "Forbidden: every group of a kind would share this claim; use "
            + "resourceClaimTemplateName");
      }
      PodGroupResourceClaim claim = PodGroupResourceClaim.ofTemplate(text(c.get(i), claimAt, "name"),
          text(c.get(i), claimAt, "resourceClaimTemplateName"));
      if (!names.add(claim.name())) {
        throw fail(claimAt.field("name"), "Duplicate value: \"" + claim.name() + "\"");
      }
      if (pod.spec().resourceClaims().stream().noneMatch(claim::matches)) {
        throw fail(claimAt, "Invalid value: no entry of " + podAt + ".spec.resourceClaims has name \"" + claim.name()
            + "\" and resourceClaimTemplateName \"" + claim.resourceClaimTemplateName() + "\", so no pod uses this "
            + "group claim");
      }
      claims.add(claim);
    }
    return Gang.of(size, minCount, topologyKey, claims);
  }

  /*
   * Every template a kind's pod names exists, among the kind's own or the cluster's, in the pod's
   * namespace: otherwise every pod of the kind would stay pending, which reads as a capacity answer.
   */
  private void checkTemplates(List<Object> objects, Arrivals arrivals, JsonPath at) throws DecodeException {
    Set<String> cluster = new TreeSet<>();
    for (Object o : objects) {
      if (o instanceof ResourceClaimTemplate t) {
        cluster.add(namespaced(t.metadata().namespace(), t.name()));
      }
    }
    for (int i = 0; i < arrivals.kinds().size(); i++) {
      PodKind kind = arrivals.kinds().get(i);
      Set<String> known = new TreeSet<>(cluster);
      kind.templates().forEach(t -> known.add(namespaced(t.metadata().namespace(), t.name())));
      List<PodResourceClaim> claims = kind.pod().spec().resourceClaims();
      for (int j = 0; j < claims.size(); j++) {
        String template = claims.get(j).resourceClaimTemplateName();
        if (template != null && !known.contains(namespaced(kind.pod().namespace(), template))) {
          throw fail(at.field("podKinds").index(i).field("pod").field("spec").field("resourceClaims").index(j)
              .field("resourceClaimTemplateName"), "Not found: \"" + template + "\": no ResourceClaimTemplate of "
              + "this name in namespace " + namespace(kind.pod().namespace()) + " among the kind's claimTemplates "
              + "or the cluster's objects" + (known.isEmpty() ? "" : "; known: " + String.join(", ", known)));
        }
      }
    }
  }

  private static String namespace(@Nullable String namespace) {
    return namespace == null || namespace.isEmpty() ? "default" : namespace;
  }

  private static String namespaced(@Nullable String namespace, @Nullable String name) {
    return namespace(namespace) + "/" + name;
  }

  /* ---------------- checks ---------------- */

  /* An object written in the simulation itself, for the duplicate check. */
  private void remember(Object o, JsonPath at) {
    SourcedObject sourced = new SourcedObject(o, source, document);
    named.add(sourced);
    embeddedAt.put(sourced, at);
  }

  /* An embedded object's validation errors, at their path inside the simulation; the first is thrown. */
  private void validated(List<FieldError> errors, JsonPath at) throws DecodeException {
    List<DecodeException> problems = new ArrayList<>();
    for (FieldError e : errors) {
      problems.add(new DecodeException(source, document, ref, at + "." + e.field(), e.errorBody(), null));
    }
    if (!problems.isEmpty()) {
      throw DecodeException.allOf(problems);
    }
  }

  /* Two objects of the cluster or templates of the pod kinds with one kind, namespace and name. */
  private void checkDuplicates() throws DecodeException {
    List<DecodeException> problems = new ArrayList<>();
    for (ObjectError e : CrossObjectValidator.duplicateObjects(named)) {
      SourcedObject o = e.object();
      JsonPath at = embeddedAt.get(o);
      problems.add(at == null
          ? new DecodeException(o.source(), o.document(), o.ref(), e.error().field().toString(), e.error().errorBody(), null)
          : new DecodeException(source, document, ref, at + "." + e.error().field(), e.error().errorBody(), null));
    }
    if (!problems.isEmpty()) {
      throw DecodeException.allOf(problems);
    }
  }

  /* ---------------- helpers ---------------- */

  /* An embedded object of one kind; apiVersion and kind default to the kind's. */
  private <T> T embedded(JsonNode node, JsonPath at, Class<T> type, String apiVersion) throws DecodeException {
    if (!node.isObject()) {
      throw fail(at, "expected a " + type.getSimpleName() + " object, got " + Decoder.describe(node));
    }
    ObjectNode copy = ((ObjectNode) node).deepCopy();
    if (!copy.hasNonNull("kind")) {
      copy.put("kind", type.getSimpleName());
    }
    if (!copy.hasNonNull("apiVersion")) {
      copy.put("apiVersion", apiVersion);
    }
    Object o = codec.decodeObject(copy, source, document, at);
    if (!type.isInstance(o)) {
      throw fail(at.field("kind"), "expected a " + type.getSimpleName() + ", got " + describe(o));
    }
    return type.cast(o);
  }

  void object(JsonNode node, JsonPath at, Set<String> known) throws DecodeException {
    new ConfigTree(codec, source, document, ref).object(node, at, known);
  }

  private JsonNode required(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw fail(at.field(field), "Required value");
    }
    return v;
  }

  private JsonNode list(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
    }
    if (!v.isArray()) {
      throw fail(at.field(field), "expected a list, got " + Decoder.describe(v));
    }
    return v;
  }

  private String text(JsonNode node, JsonPath at, String field) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw fail(at.field(field), "Required value");
    }
    return string(v, at.field(field));
  }

  String string(JsonNode v, JsonPath at) throws DecodeException {
    if (!v.isTextual() || v.textValue().isEmpty()) {
      throw fail(at, "expected a non-empty string, got " + Decoder.describe(v));
    }
    return v.textValue();
  }

  /* An int field: absent gives the default (or is required when the default is negative). */
  private int integer(JsonNode node, JsonPath at, String field, int min, int dflt) throws DecodeException {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      if (dflt < 0) {
        throw fail(at.field(field), "Required value");
      }
      return dflt;
    }
    if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < min) {
      throw fail(at.field(field), "Invalid value: " + v + ": must be an integer >= " + min);
    }
    return v.intValue();
  }

  private long longValue(JsonNode v, JsonPath at) throws DecodeException {
    if (!v.isIntegralNumber() || !v.canConvertToLong()) {
      throw fail(at, "Invalid value: " + v + ": must be an integer");
    }
    return v.longValue();
  }

  DecodeException fail(JsonPath at, String detail) {
    return new DecodeException(source, document, ref, at.isRoot() ? null : at.toString(), detail, null);
  }
}
