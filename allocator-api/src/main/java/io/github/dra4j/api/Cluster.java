package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The objects of one cluster, sorted by kind, each list in input order: what allocation,
 * scheduling and simulation start from. {@link #of(Collection, Consumer)} sorts a mixed list of
 * objects (such as everything a file held) into one; {@code ClusterReader} in {@code
 * io.github.dra4j.api.io} does the same for decoded objects, Deployments and the other pod
 * controllers included.
 *
 * <p>Create clusters with {@link #builder()}, {@link #of(Collection)} or {@link #toBuilder()},
 * not with the canonical constructor: when a kind is added, it is one more component with an
 * accessor and builder methods, which changes the constructor but nothing a builder user calls.
 *
 * @param nodes the Nodes
 * @param slices every ResourceSlice (all nodes, all generations)
 * @param classes the DeviceClasses
 * @param claims the ResourceClaims, allocated ({@code status.allocation}: their devices are in
 *     use) or not
 * @param templates the ResourceClaimTemplates
 * @param taintRules the DeviceTaintRules
 * @param pods the Pods
 * @param controllers the Deployments, ReplicaSets, StatefulSets, DaemonSets, Jobs and
 *     ReplicationControllers
 * @param workloads the {@code scheduling.k8s.io} Workloads
 * @param podGroups the {@code scheduling.k8s.io} PodGroups
 * @param priorityClasses the {@code scheduling.k8s.io} PriorityClasses, which give pods their
 *     priority
 * @param podDisruptionBudgets the {@code policy/v1} PodDisruptionBudgets, which preemption respects
 * @param namespaces the Namespaces, whose labels InterPodAffinity's {@code namespaceSelector} matches
 * @param services the Services, whose selectors PodTopologySpread's default constraints spread by
 */
public record Cluster(
    List<Node> nodes,
    List<ResourceSlice> slices,
    List<DeviceClass> classes,
    List<ResourceClaim> claims,
    List<ResourceClaimTemplate> templates,
    List<DeviceTaintRule> taintRules,
    List<Pod> pods,
    List<PodController> controllers,
    List<Workload> workloads,
    List<PodGroup> podGroups,
    List<PriorityClass> priorityClasses,
    List<PodDisruptionBudget> podDisruptionBudgets,
    List<Namespace> namespaces,
    List<Service> services) {
  private static final Cluster EMPTY = builder().build();

  /**
   * Copies the lists; a null list becomes empty.
   *
   * @throws NullPointerException when an element is null
   */
  public Cluster {
    nodes = Copies.list(nodes);
    slices = Copies.list(slices);
    classes = Copies.list(classes);
    claims = Copies.list(claims);
    templates = Copies.list(templates);
    taintRules = Copies.list(taintRules);
    pods = Copies.list(pods);
    controllers = Copies.list(controllers);
    workloads = Copies.list(workloads);
    podGroups = Copies.list(podGroups);
    priorityClasses = Copies.list(priorityClasses);
    podDisruptionBudgets = Copies.list(podDisruptionBudgets);
    namespaces = Copies.list(namespaces);
    services = Copies.list(services);
  }

  /** {@return the cluster without any object} */
  public static Cluster empty() {
    return EMPTY;
  }

  /**
   * Sorts objects into a cluster by their record type, keeping their order within each kind.
   *
   * @param objects Nodes, ResourceSlices, DeviceClasses, ResourceClaims, ResourceClaimTemplates,
   *     DeviceTaintRules, Pods, PodControllers, Workloads, PodGroups, PriorityClasses,
   *     PodDisruptionBudgets, Namespaces and Services, in any mix
   * @return the cluster
   * @throws IllegalArgumentException for an object of any other type, naming its type
   */
  public static Cluster of(Collection<?> objects) {
    return of(objects, o -> {
      throw new IllegalArgumentException("a cluster holds no " + o.getClass().getName() + "; known kinds: "
          + KINDS);
    });
  }

  /**
   * Sorts objects into a cluster by their record type, keeping their order within each kind, and
   * hands every other object to {@code others}, in order: a caller that reads whole files learns
   * what it skipped.
   *
   * @param objects the objects, in any mix
   * @param others receives each object of a type the cluster does not hold
   * @return the cluster
   */
  public static Cluster of(Collection<?> objects, Consumer<Object> others) {
    Objects.requireNonNull(others, "others");
    Builder b = builder();
    for (Object o : objects) {
      if (!b.add(Objects.requireNonNull(o, "object"))) {
        others.accept(o);
      }
    }
    return b.build();
  }

  /** The kinds a cluster holds, as {@link #of(Collection)} names them. */
  static final List<String> KINDS = List.of("Node", "ResourceSlice", "DeviceClass", "ResourceClaim",
      "ResourceClaimTemplate", "DeviceTaintRule", "Pod", "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "Workload", "PodGroup",
      "PriorityClass", "PodDisruptionBudget", "ReplicationController", "Namespace", "Service");

  /** {@return the claims with {@code status.allocation}, whose devices are in use, in order} */
  public List<ResourceClaim> allocatedClaims() {
    List<ResourceClaim> out = new ArrayList<>();
    for (ResourceClaim c : claims) {
      if (c.allocation() != null) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * {@return the first PodGroup with this namespace and name, or null}
   *
   * @param namespace the namespace; null or empty is {@value ObjectRef#DEFAULT_NAMESPACE}
   * @param name the name
   */
  public @Nullable PodGroup podGroup(@Nullable String namespace, String name) {
    String ns = namespace == null || namespace.isEmpty() ? ObjectRef.DEFAULT_NAMESPACE : namespace;
    for (PodGroup g : podGroups) {
      String own = g.namespace() == null || g.namespace().isEmpty() ? ObjectRef.DEFAULT_NAMESPACE : g.namespace();
      if (own.equals(ns) && name.equals(g.name())) {
        return g;
      }
    }
    return null;
  }

  /**
   * {@return the first node with this name, or null}
   *
   * @param name the node's name
   */
  public @Nullable Node node(String name) {
    for (Node n : nodes) {
      if (name.equals(n.name())) {
        return n;
      }
    }
    return null;
  }

  /** {@return a builder holding this cluster's objects} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.nodes.addAll(nodes);
    b.slices.addAll(slices);
    b.classes.addAll(classes);
    b.claims.addAll(claims);
    b.templates.addAll(templates);
    b.taintRules.addAll(taintRules);
    b.pods.addAll(pods);
    b.controllers.addAll(controllers);
    b.workloads.addAll(workloads);
    b.podGroups.addAll(podGroups);
    b.priorityClasses.addAll(priorityClasses);
    b.podDisruptionBudgets.addAll(podDisruptionBudgets);
    b.namespaces.addAll(namespaces);
    b.services.addAll(services);
    return b;
  }

  /** {@return a builder with no object} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds {@link Cluster}s: {@code add} methods append, the plural setters replace a kind's
   * list. Not thread-safe; built clusters never share state with the builder.
   */
  public static final class Builder {
    private final List<Node> nodes = new ArrayList<>();
    private final List<ResourceSlice> slices = new ArrayList<>();
    private final List<DeviceClass> classes = new ArrayList<>();
    private final List<ResourceClaim> claims = new ArrayList<>();
    private final List<ResourceClaimTemplate> templates = new ArrayList<>();
    private final List<DeviceTaintRule> taintRules = new ArrayList<>();
    private final List<Pod> pods = new ArrayList<>();
    private final List<PodController> controllers = new ArrayList<>();
    private final List<Workload> workloads = new ArrayList<>();
    private final List<PodGroup> podGroups = new ArrayList<>();
    private final List<PriorityClass> priorityClasses = new ArrayList<>();
    private final List<PodDisruptionBudget> podDisruptionBudgets = new ArrayList<>();
    private final List<Namespace> namespaces = new ArrayList<>();
    private final List<Service> services = new ArrayList<>();

    private Builder() {}

    /**
     * Appends an object to the list of its kind.
     *
     * @param object a record of one of the kinds a cluster holds
     * @return whether the object was taken; false for any other type
     */
    public boolean add(Object object) {
      if (object instanceof Node) {
        nodes.add((Node) object);
      } else if (object instanceof ResourceSlice) {
        slices.add((ResourceSlice) object);
      } else if (object instanceof DeviceClass) {
        classes.add((DeviceClass) object);
      } else if (object instanceof ResourceClaim) {
        claims.add((ResourceClaim) object);
      } else if (object instanceof ResourceClaimTemplate) {
        templates.add((ResourceClaimTemplate) object);
      } else if (object instanceof DeviceTaintRule) {
        taintRules.add((DeviceTaintRule) object);
      } else if (object instanceof Pod) {
        pods.add((Pod) object);
      } else if (object instanceof PodController) {
        controllers.add((PodController) object);
      } else if (object instanceof Workload) {
        workloads.add((Workload) object);
      } else if (object instanceof PodGroup) {
        podGroups.add((PodGroup) object);
      } else if (object instanceof PriorityClass) {
        priorityClasses.add((PriorityClass) object);
      } else if (object instanceof PodDisruptionBudget) {
        podDisruptionBudgets.add((PodDisruptionBudget) object);
      } else if (object instanceof Namespace) {
        namespaces.add((Namespace) object);
      } else if (object instanceof Service) {
        services.add((Service) object);
      } else {
        return false;
      }
      return true;
    }

    /** Replaces the Nodes; returns this builder. */
    @CanIgnoreReturnValue
    public Builder nodes(Collection<Node> nodes) {
      return replace(this.nodes, nodes);
    }

    /** Replaces the ResourceSlices; returns this builder. */
    @CanIgnoreReturnValue
    public Builder slices(Collection<ResourceSlice> slices) {
      return replace(this.slices, slices);
    }

    /** Replaces the DeviceClasses; returns this builder. */
    @CanIgnoreReturnValue
    public Builder classes(Collection<DeviceClass> classes) {
      return replace(this.classes, classes);
    }

    /** Replaces the ResourceClaims; returns this builder. */
    @CanIgnoreReturnValue
    public Builder claims(Collection<ResourceClaim> claims) {
      return replace(this.claims, claims);
    }

    /** Replaces the ResourceClaimTemplates; returns this builder. */
    @CanIgnoreReturnValue
    public Builder templates(Collection<ResourceClaimTemplate> templates) {
      return replace(this.templates, templates);
    }

    /** Replaces the DeviceTaintRules; returns this builder. */
    @CanIgnoreReturnValue
    public Builder taintRules(Collection<DeviceTaintRule> taintRules) {
      return replace(this.taintRules, taintRules);
    }

    /** Replaces the Pods; returns this builder. */
    @CanIgnoreReturnValue
    public Builder pods(Collection<Pod> pods) {
      return replace(this.pods, pods);
    }

    /** Replaces the pod controllers; returns this builder. */
    @CanIgnoreReturnValue
    public Builder controllers(Collection<PodController> controllers) {
      return replace(this.controllers, controllers);
    }

    /** Replaces the Workloads; returns this builder. */
    @CanIgnoreReturnValue
    public Builder workloads(Collection<Workload> workloads) {
      return replace(this.workloads, workloads);
    }

    /** Replaces the PodGroups; returns this builder. */
    @CanIgnoreReturnValue
    public Builder podGroups(Collection<PodGroup> podGroups) {
      return replace(this.podGroups, podGroups);
    }

    /** Replaces the PriorityClasses; returns this builder. */
    @CanIgnoreReturnValue
    public Builder priorityClasses(Collection<PriorityClass> priorityClasses) {
      return replace(this.priorityClasses, priorityClasses);
    }

    /** Replaces the PodDisruptionBudgets; returns this builder. */
    @CanIgnoreReturnValue
    public Builder podDisruptionBudgets(Collection<PodDisruptionBudget> podDisruptionBudgets) {
      return replace(this.podDisruptionBudgets, podDisruptionBudgets);
    }

    /** Replaces the Namespaces; returns this builder. */
    @CanIgnoreReturnValue
    public Builder namespaces(Collection<Namespace> namespaces) {
      return replace(this.namespaces, namespaces);
    }

    /** Replaces the Services; returns this builder. */
    @CanIgnoreReturnValue
    public Builder services(Collection<Service> services) {
      return replace(this.services, services);
    }

    private <T> Builder replace(List<T> list, Collection<T> with) {
      list.clear();
      for (T t : with) {
        list.add(Objects.requireNonNull(t, "object"));
      }
      return this;
    }

    /** {@return the cluster} */
    public Cluster build() {
      return new Cluster(nodes, slices, classes, claims, templates, taintRules, pods, controllers, workloads,
          podGroups, priorityClasses, podDisruptionBudgets, namespaces, services);
    }
  }
}
