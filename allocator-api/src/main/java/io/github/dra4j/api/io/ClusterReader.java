package io.github.dra4j.api.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.validation.CrossObjectValidator;
import io.github.dra4j.api.validation.ObjectError;
import io.github.dra4j.api.validation.SourcedObject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Sorts decoded objects into a {@link Cluster}: the model's records by kind, and the pod
 * controllers the codec reads as {@link UnknownObject}s ({@code apps/v1} Deployment,
 * ReplicaSet, StatefulSet, DaemonSet, {@code batch/v1} Job, {@code v1} ReplicationController)
 * decoded into {@link PodController}s.
 * Every other object is handed back, so that a caller can say what it skipped.
 *
 * <p>Two objects of one kind, namespace and name (a missing namespace is {@code default}) are
 * an error naming both, as the API server refuses to create the second: a cluster holds one
 * object per name, and taking either one would answer differently depending on input order.
 * The rule is {@link CrossObjectValidator#duplicateObjects}, the one {@code validate} reports.
 * A device or shared counter set named twice in one pool, or a ResourceSlice given twice (a dump
 * read twice), is not refused: the allocator refuses that pool only ("too many slices", "given
 * more than once"), as the scheduler refuses an inconsistent pool, and allocates from the others;
 * {@link #poolWarnings} names both.
 *
 * <p>Of a pod controller only what decides its pods is read: {@code metadata.name},
 * {@code namespace} and {@code uid}, the counts and {@code spec.template}. The template is
 * decoded as a Pod with the codec's field validation, and its problems are reported at their
 * path below {@code spec.template}; the controller's other fields are not modelled, so neither
 * read nor checked.
 *
 * <pre>{@code
 * Cluster cluster = ClusterReader.read(codec.readAll(text, "cluster.yaml"), codec, skipped::add);
 * }</pre>
 *
 * <p>Not thread-safe; the clusters it returns are immutable.
 */
public final class ClusterReader {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final KubernetesCodec codec;
  private int maxPods = PodController.DEFAULT_MAX_PODS;
  private final Cluster.Builder cluster = Cluster.builder();
  /** What the cluster took, with where each was read, for the duplicate check. */
  private final List<SourcedObject> taken = new ArrayList<>();

  private ClusterReader(KubernetesCodec codec) {
    this.codec = codec;
  }

  /**
   * Starts an empty cluster.
   *
   * @param codec decodes pod controllers' templates; its field validation and warnings apply
   * @return the reader
   */
  public static ClusterReader create(KubernetesCodec codec) {
    return new ClusterReader(Objects.requireNonNull(codec, "codec"));
  }

  /**
   * Sorts decoded objects into a cluster; errors name the source {@code <input>}.
   *
   * @param decoded what {@link KubernetesCodec#readAll} returned, in any mix
   * @param codec decodes pod controllers' templates
   * @param skipped receives every object of a kind the cluster does not hold, in order
   * @return the cluster
   * @throws DecodeException when a pod controller is invalid, or two objects share kind,
   *     namespace and name
   */
  public static Cluster read(Collection<?> decoded, KubernetesCodec codec, Consumer<Object> skipped)
      throws DecodeException {
    ClusterReader reader = create(codec);
    for (Object o : decoded) {
      if (!reader.add(o, "<input>", 0)) {
        skipped.accept(o);
      }
    }
    return reader.cluster();
  }

  /**
   * Sets the largest {@code spec.replicas}, {@code spec.parallelism} and {@code
   * spec.completions} a pod controller may have (by default {@link PodController#DEFAULT_MAX_PODS});
   * a larger one is an error naming the controller and the field.
   *
   * @param max the largest count, at least 0
   * @return this reader
   * @throws IllegalArgumentException when {@code max} is negative
   */
  @CanIgnoreReturnValue
  public ClusterReader maxPods(int max) {
    if (max < 0) {
      throw new IllegalArgumentException("max must be at least 0, got " + max);
    }
    this.maxPods = max;
    return this;
  }

  /**
   * Adds one decoded object.
   *
   * @param object a record of the model or an {@link UnknownObject}
   * @param source the object's file, for errors
   * @param document the object's 1-based document in that file, or 0
   * @return whether the cluster took it; false for a kind it does not hold
   * @throws DecodeException when the object is an invalid pod controller
   */
  public boolean add(Object object, String source, int document) throws DecodeException {
    Objects.requireNonNull(object, "object");
    Object kept = object instanceof UnknownObject ? podController((UnknownObject) object, source, document) : object;
    if (kept == null || !cluster.add(kept)) {
      return false;
    }
    taken.add(new SourcedObject(kept, source, document));
    return true;
  }

  /**
   * Returns the cluster of the objects added so far.
   *
   * @return the cluster
   * @throws DecodeException when two of the objects share kind, namespace and name: one line per
   *     object after the first, naming the first, at {@code metadata.name}
   */
  public Cluster cluster() throws DecodeException {
    List<ObjectError> duplicates = duplicates(false);
    if (!duplicates.isEmpty()) {
      throw DecodeException.allOf(problems(duplicates));
    }
    return cluster.build();
  }

  private List<ObjectError> duplicates(boolean slices) {
    return CrossObjectValidator.duplicateObjects(taken).stream()
        .filter(e -> e.object().object() instanceof ResourceSlice == slices)
        .toList();
  }

  /**
   * {@return a warning for every device or shared counter set that another slice of its pool
   * already names ({@link CrossObjectValidator#duplicatePoolNames}), naming both slices and the
   * field; the allocator refuses such a pool, as the scheduler does}
   */
  public List<DecodeException> poolWarnings() {
    List<ObjectError> warnings = new ArrayList<>(duplicates(true));
    warnings.addAll(CrossObjectValidator.duplicatePoolNames(taken));
    return problems(warnings);
  }

  private static List<DecodeException> problems(List<ObjectError> errors) {
    List<DecodeException> problems = new ArrayList<>();
    for (ObjectError e : errors) {
      SourcedObject o = e.object();
      problems.add(new DecodeException(o.source(), o.document(), o.ref(), e.error().field().toString(),
          e.error().errorBody(), null));
    }
    return problems;
  }

  /** {@return whether the object is a pod controller that {@link #add} decodes} */
  static boolean isPodController(UnknownObject o) {
    return o.apiVersion().equals(PodController.apiVersionOf(o.kind()));
  }

  private @Nullable PodController podController(UnknownObject o, String source, int document)
      throws DecodeException {
    if (!isPodController(o)) {
      return null;
    }
    JsonNode root;
    try {
      root = JSON.readTree(o.content().json());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the codec keeps valid JSON", e);
    }
    Where unnamed = new Where(source, document, o.name() == null ? o.kind() : o.kind() + "/" + o.name());
    JsonNode metadata = root.path("metadata");
    String name = text(metadata, "name", unnamed, "metadata.name");
    if (name == null) {
      throw unnamed.error("metadata.name", "Required value");
    }
    String namespace = text(metadata, "namespace", unnamed, "metadata.namespace");
    Where where = new Where(source, document, o.kind() + "/" + (namespace == null ? "" : namespace + "/") + name);
    String uid = text(metadata, "uid", where, "metadata.uid");
    JsonNode spec = root.path("spec");
    PodController.Builder b = PodController.builder().kind(o.kind())
        .metadata(ObjectMeta.builder().name(name).namespace(namespace).uid(uid).build());
    if (o.kind().equals("Job")) {
      b.parallelism(podCount(spec, "parallelism", where)).completions(podCount(spec, "completions", where));
    } else if (!o.kind().equals("DaemonSet")) {
      b.replicas(podCount(spec, "replicas", where));
      if (o.kind().equals("StatefulSet")) {
        b.ordinalsStart(count(spec.path("ordinals"), "start", "spec.ordinals.start", where));
      }
    }
    Pod template = template(spec.path("template"), where);
    if (o.kind().equals("ReplicationController")) {
      b.selector(setSelector(spec.path("selector"), template, where));
    } else if (!o.kind().equals("DaemonSet") && !o.kind().equals("Job")) {
      b.selector(selector(spec.path("selector"), where));
    }
    return b.template(template).build();
  }

  /*
   * A ReplicationController's spec.selector, a map of labels, as matchLabels; without one the API
   * server defaults it to the template's labels (SetDefaults_ReplicationController).
   */
  private static LabelSelector setSelector(JsonNode selector, Pod template, Where where) throws DecodeException {
    if (selector.isMissingNode() || selector.isNull() || (selector.isObject() && selector.isEmpty())) {
      return new LabelSelector(template.metadata().labels(), List.of());
    }
    if (!selector.isObject()) {
      throw where.error("spec.selector", "must be a map of strings, got " + selector);
    }
    Map<String, String> labels = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : selector.properties()) {
      if (!e.getValue().isTextual()) {
        throw where.error("spec.selector." + e.getKey(), "must be a string, got " + e.getValue());
      }
      labels.put(e.getKey(), e.getValue().asText());
    }
    return new LabelSelector(labels, List.of());
  }

  /* spec.selector, decoded strictly as a pod's label selectors are; the API server requires it, dra4j does not. */
  private @Nullable LabelSelector selector(JsonNode selector, Where where) throws DecodeException {
    if (selector.isMissingNode() || selector.isNull()) {
      return null;
    }
    try {
      return codec.fromJson(RawJson.of(selector.toString()), LabelSelector.class);
    } catch (DecodeException e) {
      throw where.error(e.path() == null ? "spec.selector" : "spec.selector." + e.path(), e.detail());
    }
  }

  /* spec.template as a Pod, decoded with the codec's field validation, problems at their path below it. */
  private Pod template(JsonNode template, Where where) throws DecodeException {
    if (!template.isObject()) {
      throw where.error("spec.template", template.isMissingNode() || template.isNull()
          ? "Required value" : "must be an object");
    }
    JsonNode metadata = template.path("metadata");
    if (!metadata.isMissingNode() && !metadata.isNull() && !metadata.isObject()) {
      throw where.error("spec.template.metadata", "must be an object");
    }
    // A pod without containers is rejected by the API server; a template without a spec is a mistake.
    if (!template.hasNonNull("spec")) {
      throw where.error("spec.template.spec", "Required value");
    }
    ObjectNode pod = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Pod");
    pod.set("metadata", metadata.isObject() ? metadata : JSON.createObjectNode());
    pod.set("spec", template.get("spec"));
    List<DecodeException> warnings = new ArrayList<>();
    try {
      Pod decoded = codec.withFieldValidation(codec.fieldValidation(), warnings::add)
          .fromJson(RawJson.of(pod.toString()), Pod.class);
      if (!warnings.isEmpty()) {
        codec.report(where.relocate(warnings)); // warns: only a lenient codec gets here with problems
      }
      return decoded;
    } catch (DecodeException e) {
      List<DecodeException> problems = new ArrayList<>();
      problems.add(e);
      for (Throwable s : e.getSuppressed()) {
        if (s instanceof DecodeException) {
          problems.add((DecodeException) s);
        }
      }
      throw DecodeException.allOf(where.relocate(problems));
    }
  }

  /* A count of pods: at most maxPods, as making more would take longer than any answer is worth. */
  private @Nullable Integer podCount(JsonNode spec, String field, Where where) throws DecodeException {
    Integer count = count(spec, field, "spec." + field, where);
    if (count != null && count > maxPods) {
      throw where.error("spec." + field, "Invalid value: " + count + ": more than the " + maxPods + " pods dra4j"
          + " makes from one pod controller (each is scheduled, so the count bounds time and memory); a larger"
          + " count needs a larger limit (dra4j schedule --max-pods)");
    }
    return count;
  }

  private static @Nullable Integer count(JsonNode parent, String field, String path, Where where)
      throws DecodeException {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.canConvertToInt() || !value.isIntegralNumber()) {
      throw where.error(path, "must be an integer, got " + value);
    }
    if (value.intValue() < 0) {
      throw where.error(path, "Invalid value: " + value + ": must be greater than or equal to 0");
    }
    return value.intValue();
  }

  private static @Nullable String text(JsonNode parent, String field, Where where, String path)
      throws DecodeException {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw where.error(path, "must be a string, got " + value);
    }
    return value.asText().isEmpty() ? null : value.asText();
  }

  /** Names the controller in messages, as decode errors name an object. */
  private record Where(String source, int document, String ref) {
    DecodeException error(String path, String detail) {
      return new DecodeException(source, document, ref, path, detail, null);
    }

    /* Template problems, with their path below spec.template instead of the Pod decoded from it. */
    List<DecodeException> relocate(List<DecodeException> problems) {
      List<DecodeException> out = new ArrayList<>();
      for (DecodeException e : problems) {
        out.add(error(e.path() == null ? "spec.template" : "spec.template." + e.path(), e.detail()));
      }
      return out;
    }
  }
}
