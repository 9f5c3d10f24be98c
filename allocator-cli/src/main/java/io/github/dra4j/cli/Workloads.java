package io.github.dra4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.FieldValidation;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.UnknownObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The pods that the workload controllers would create for a Deployment, ReplicaSet, StatefulSet,
 * DaemonSet or Job of the input, so that {@code schedule} can place a demo that ships pods only
 * as a workload.
 *
 * <p>Only what the pods need is read from the workload: {@code metadata.name},
 * {@code metadata.namespace}, {@code metadata.uid}, the pod count and {@code spec.template}. The
 * template is decoded as a Pod, with the codec's field validation, so an unknown field in it is
 * reported as in a Pod; the workload's other fields (selector, strategy, ...) are not read and
 * not checked, as the model has no records for them.
 *
 * <p>Names are deterministic, so runs repeat: {@code <workload>-<i>}, i from 0 (from
 * {@code spec.ordinals.start} for a StatefulSet, which is how Kubernetes names StatefulSet pods;
 * the Deployment, ReplicaSet and Job controllers add a random suffix instead). A DaemonSet has
 * one pod per node that its template's node selector and required node affinity admit, named
 * {@code <workload>-<node>} and pinned to that node by node affinity, as its controller pins
 * them (node taints are not modelled, so they exclude no node). Each pod is owned by its
 * workload (a Deployment's pods directly, without the ReplicaSet between them).
 */
final class Workloads {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The pod count a workload has when its spec does not say. */
  private static final int DEFAULT_COUNT = 1;

  private Workloads() {}

  /** {@return whether the object is a workload kind that {@link #expand} turns into pods} */
  static boolean isWorkload(UnknownObject o) {
    switch (o.apiVersion()) {
      case "apps/v1":
        return o.kind().equals("Deployment") || o.kind().equals("ReplicaSet") || o.kind().equals("StatefulSet")
            || o.kind().equals("DaemonSet");
      case "batch/v1":
        return o.kind().equals("Job");
      default:
        return false;
    }
  }

  /**
   * The pods the workload's controller would create, in index (a DaemonSet: node) order, all
   * pending unless the template sets {@code spec.nodeName}.
   *
   * @param item the workload and where it came from, for error messages
   * @param codec decodes the template; its field validation applies, and its warnings are
   *     reported against the workload's {@code spec.template}
   * @param nodes the cluster's nodes, in input order: a DaemonSet has a pod for each node it admits
   * @param warnings receives one line per unknown template field under {@code --validate=warn}
   * @throws CliException naming the file, document, workload and field of an invalid workload
   */
  static List<Pod> expand(Input.Item item, KubernetesCodec codec, List<Node> nodes, Consumer<String> warnings) {
    UnknownObject workload = (UnknownObject) item.object();
    JsonNode root;
    try {
      root = JSON.readTree(workload.content().json());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the codec keeps valid JSON", e);
    }
    Where unnamed = new Where(item,
        workload.name() == null ? workload.kind() : workload.kind() + "/" + workload.name());
    String name = text(root.path("metadata"), "name", unnamed, "metadata.name");
    if (name == null) {
      throw unnamed.error("metadata.name", "Required value");
    }
    String namespace = text(root.path("metadata"), "namespace", unnamed, "metadata.namespace");
    Where where = new Where(item, workload.kind() + "/" + (namespace == null ? "" : namespace + "/") + name);
    String uid = text(root.path("metadata"), "uid", where, "metadata.uid");
    JsonNode spec = root.path("spec");

    int first = 0;
    int count = 0;
    if (workload.kind().equals("Job")) {
      count = count(spec.get("parallelism"), "spec.parallelism", where);
      if (spec.hasNonNull("completions")) {
        count = Math.min(count, count(spec.get("completions"), "spec.completions", where));
      }
    } else if (!workload.kind().equals("DaemonSet")) {
      count = count(spec.get("replicas"), "spec.replicas", where);
      if (workload.kind().equals("StatefulSet") && spec.path("ordinals").hasNonNull("start")) {
        first = count(spec.path("ordinals").get("start"), "spec.ordinals.start", where);
      }
    }

    JsonNode template = spec.path("template");
    if (!template.isObject()) {
      throw where.error("spec.template", template.isMissingNode() || template.isNull()
          ? "Required value" : "must be an object");
    }
    JsonNode templateMetadata = template.path("metadata");
    if (!templateMetadata.isMissingNode() && !templateMetadata.isNull() && !templateMetadata.isObject()) {
      throw where.error("spec.template.metadata", "must be an object");
    }
    // A pod without containers is rejected by the API server; a template without a spec is a mistake.
    if (!template.hasNonNull("spec")) {
      throw where.error("spec.template.spec", "Required value");
    }
    KubernetesCodec templateCodec = codec.withFieldValidation(codec.fieldValidation(),
        w -> warnings.accept(where.relocate(w)));
    ObjectNode base = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Pod");
    ObjectNode metadata = templateMetadata.isObject()
        ? ((ObjectNode) templateMetadata).deepCopy() : JSON.createObjectNode();
    metadata.put("name", name);
    metadata.remove("generateName");
    if (namespace != null) {
      metadata.put("namespace", namespace);
    } else {
      metadata.remove("namespace");
    }
    ObjectNode owner = metadata.putArray("ownerReferences").addObject()
        .put("apiVersion", workload.apiVersion()).put("kind", workload.kind()).put("name", name);
    if (uid != null) {
      owner.put("uid", uid);
    }
    owner.put("controller", true).put("blockOwnerDeletion", true);
    base.set("metadata", metadata);
    base.set("spec", template.get("spec"));
    // Every pod has the same template: it is checked once, and the pods made from it repeat nothing.
    Pod templatePod = decode(base, templateCodec, where);
    KubernetesCodec quietCodec = codec.withFieldValidation(FieldValidation.IGNORE, w -> { });

    List<Pod> pods = new ArrayList<>();
    if (workload.kind().equals("DaemonSet")) {
      for (Node node : nodes) {
        if (admits(templatePod, node)) {
          ObjectNode pod = base.deepCopy();
          ((ObjectNode) pod.get("metadata")).put("name", name + "-" + node.name());
          pinTo((ObjectNode) pod.get("spec"), Objects.requireNonNull(node.name())); // decoded Nodes have names
          pods.add(decode(pod, quietCodec, where));
        }
      }
      return List.copyOf(pods);
    }
    for (long i = first; i < (long) first + count; i++) {
      ObjectNode pod = base.deepCopy();
      String podName = name + "-" + i;
      ObjectNode podMetadata = (ObjectNode) pod.get("metadata");
      podMetadata.put("name", podName);
      if (workload.kind().equals("StatefulSet")) {
        ObjectNode labels = podMetadata.path("labels").isObject()
            ? (ObjectNode) podMetadata.path("labels") : podMetadata.putObject("labels");
        labels.put("statefulset.kubernetes.io/pod-name", podName);
        labels.put("apps.kubernetes.io/pod-index", Long.toString(i));
      }
      pods.add(decode(pod, quietCodec, where));
    }
    return List.copyOf(pods);
  }

  private static Pod decode(ObjectNode pod, KubernetesCodec codec, Where where) {
    try {
      return codec.fromJson(RawJson.of(pod.toString()), Pod.class);
    } catch (DecodeException e) {
      List<String> lines = new ArrayList<>();
      lines.add(where.relocate(e));
      for (Throwable s : e.getSuppressed()) {
        if (s instanceof DecodeException) {
          lines.add(where.relocate((DecodeException) s));
        }
      }
      throw new CliException(String.join("\n", lines), e);
    }
  }

  /* The DaemonSet controller's test of a node: the template's node selector and required node affinity. */
  private static boolean admits(Pod template, Node node) {
    Map<String, String> labels = node.metadata().labels();
    for (Map.Entry<String, String> e : template.spec().nodeSelector().entrySet()) {
      if (!e.getValue().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    NodeSelector affinity = template.spec().requiredNodeAffinity();
    return affinity == null || affinity.matches(node);
  }

  /*
   * As the DaemonSet controller's ReplaceDaemonSetPodNodeNameNodeAffinity: the pod's required
   * node affinity becomes one term that names the node, and the scheduler then places it there.
   */
  private static void pinTo(ObjectNode spec, String node) {
    ObjectNode affinity = spec.path("affinity").isObject()
        ? (ObjectNode) spec.get("affinity") : spec.putObject("affinity");
    ObjectNode nodeAffinity = affinity.path("nodeAffinity").isObject()
        ? (ObjectNode) affinity.get("nodeAffinity") : affinity.putObject("nodeAffinity");
    nodeAffinity.putObject("requiredDuringSchedulingIgnoredDuringExecution").putArray("nodeSelectorTerms")
        .addObject().putArray("matchFields").addObject()
        .put("key", "metadata.name").put("operator", "In").putArray("values").add(node);
  }

  private static int count(@Nullable JsonNode value, String path, Where where) {
    if (value == null || value.isNull()) {
      return DEFAULT_COUNT;
    }
    if (!value.canConvertToInt() || !value.isIntegralNumber()) {
      throw where.error(path, "must be an integer, got " + value);
    }
    if (value.intValue() < 0) {
      throw where.error(path, "must be greater than or equal to 0, got " + value);
    }
    return value.intValue();
  }

  private static @Nullable String text(JsonNode parent, String field, Where where, String path) {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw where.error(path, "must be a string, got " + value);
    }
    return value.asText().isEmpty() ? null : value.asText();
  }

  /** Names the workload in messages, as decode errors name an object. */
  private record Where(Input.Item item, String ref) {
    CliException error(String path, String detail) {
      return new CliException(prefix() + ", " + path + ": " + detail);
    }

    /* A template problem, with its path below spec.template instead of the Pod made from it. */
    String relocate(DecodeException e) {
      String path = e.path() == null ? "spec.template" : "spec.template." + e.path();
      return prefix() + ", " + path + ": " + e.detail();
    }

    private String prefix() {
      return item.where() + " (" + ref + ")";
    }
  }
}
