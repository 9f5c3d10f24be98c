package io.github.dra4j.api;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Names one Kubernetes object: its kind, namespace (null for cluster-scoped objects and for
 * namespaced objects whose input left it out) and name, and its UID when known. Errors,
 * explanations and lookups name objects with it, so that a caller finds the object again by
 * comparing refs instead of parsing text.
 *
 * <p>{@link #key()} is the one place that writes an object's key: {@code namespace/name}, or
 * just {@code name} without a namespace, as Go's {@code klog.KObj} prints it. {@link #toString()}
 * adds the kind: {@code ResourceClaim default/claim-0}, {@code Node node-1}.
 *
 * <p>A namespaced object without a namespace lands in {@value #DEFAULT_NAMESPACE} when it is
 * created; {@link #inDefaultNamespace()} gives that ref, for code that resolves references
 * between objects the way the API server would store them (a pod's claims in the pod's namespace).
 *
 * @param kind the kind, such as {@code ResourceClaim}; empty when unknown
 * @param namespace the namespace, or null; an empty one is stored as null
 * @param name the name; empty when the object has none
 * @param uid the UID, or null; not part of {@link #key()}
 */
public record ObjectRef(String kind, @Nullable String namespace, String name, @Nullable String uid) {
  /** The namespace the API server puts a namespaced object in when none is given. */
  public static final String DEFAULT_NAMESPACE = "default";

  /**
   * Normalizes an empty namespace to null.
   *
   * @param kind see the record component
   * @param namespace see the record component
   * @param name see the record component
   * @param uid see the record component
   */
  public ObjectRef {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    namespace = namespace == null || namespace.isEmpty() ? null : namespace;
  }

  /**
   * Returns the ref of an object without a known UID.
   *
   * @param kind the kind
   * @param namespace the namespace, or null
   * @param name the name, or null when the object has none
   * @return the ref
   */
  public static ObjectRef of(String kind, @Nullable String namespace, @Nullable String name) {
    return new ObjectRef(kind, namespace, name == null ? "" : name, null);
  }

  /**
   * Returns the ref of an object from its metadata, UID included.
   *
   * @param kind the kind
   * @param metadata the object's metadata
   * @return the ref
   */
  public static ObjectRef of(String kind, ObjectMeta metadata) {
    String name = metadata.name();
    return new ObjectRef(kind, metadata.namespace(), name == null ? "" : name, metadata.uid());
  }

  /**
   * Returns the ref of one of the model's top-level objects, under the kind its record is named
   * after ({@code Node}, {@code ResourceSlice}, {@code DeviceClass}, {@code ResourceClaim},
   * {@code ResourceClaimTemplate}, {@code DeviceTaintRule}, {@code Pod}, {@code Workload}, {@code
   * PodGroup}, {@code PriorityClass}, {@code PodDisruptionBudget}, {@code Namespace}, {@code
   * Service}) or, for a {@link
   * PodController}, its own kind.
   *
   * @param object the object
   * @return the ref
   * @throws IllegalArgumentException for any other object
   */
  public static ObjectRef of(Object object) {
    Objects.requireNonNull(object, "object");
    if (object instanceof ResourceClaim) {
      return of("ResourceClaim", ((ResourceClaim) object).metadata());
    } else if (object instanceof ResourceSlice) {
      return of("ResourceSlice", ((ResourceSlice) object).metadata());
    } else if (object instanceof DeviceClass) {
      return of("DeviceClass", ((DeviceClass) object).metadata());
    } else if (object instanceof Node) {
      return of("Node", ((Node) object).metadata());
    } else if (object instanceof Pod) {
      return of("Pod", ((Pod) object).metadata());
    } else if (object instanceof ResourceClaimTemplate) {
      return of("ResourceClaimTemplate", ((ResourceClaimTemplate) object).metadata());
    } else if (object instanceof DeviceTaintRule) {
      return of("DeviceTaintRule", ((DeviceTaintRule) object).metadata());
    } else if (object instanceof Workload) {
      return of("Workload", ((Workload) object).metadata());
    } else if (object instanceof PodGroup) {
      return of("PodGroup", ((PodGroup) object).metadata());
    } else if (object instanceof PriorityClass) {
      return of("PriorityClass", ((PriorityClass) object).metadata());
    } else if (object instanceof PodDisruptionBudget) {
      return of("PodDisruptionBudget", ((PodDisruptionBudget) object).metadata());
    } else if (object instanceof Namespace) {
      return of("Namespace", ((Namespace) object).metadata());
    } else if (object instanceof Service) {
      return of("Service", ((Service) object).metadata());
    } else if (object instanceof PodController) {
      PodController c = (PodController) object;
      return of(c.kind(), c.metadata());
    }
    throw new IllegalArgumentException("not an object of the model: " + object.getClass().getName());
  }

  /**
   * {@return the key {@code namespace/name}, or {@code name} without a namespace}
   *
   * @param namespace the namespace, or null or empty for none
   * @param name the name
   */
  public static String key(@Nullable String namespace, String name) {
    return namespace == null || namespace.isEmpty() ? name : namespace + "/" + name;
  }

  /** {@return the key {@code namespace/name}, or {@code name} without a namespace} */
  public String key() {
    return key(namespace, name);
  }

  /**
   * {@return this ref with the namespace {@value #DEFAULT_NAMESPACE} when it has none} For
   * namespaced kinds only: the namespace the object is in once created.
   */
  public ObjectRef inDefaultNamespace() {
    return namespace != null ? this : new ObjectRef(kind, DEFAULT_NAMESPACE, name, uid);
  }

  /** {@return whether both name the same object: same kind and key, whatever their UIDs} */
  public boolean sameObject(ObjectRef other) {
    return kind.equals(other.kind) && Objects.equals(namespace, other.namespace) && name.equals(other.name);
  }

  /** {@return the kind and the key, such as {@code ResourceClaim default/claim-0}} */
  @Override
  public String toString() {
    return kind.isEmpty() ? key() : kind + " " + key();
  }

  /** {@return a builder with every component unset but {@code kind} and {@code name} (empty)} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder initialized with this record's components} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds {@link ObjectRef}s step by step. Setters replace a component, {@code add}/{@code put}
   * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
   * live in one place. Not thread-safe; built records never share state with the builder.
   */
  public static final class Builder {
    private String kind = "";
    private @Nullable String namespace;
    private String name = "";
    private @Nullable String uid;

    private Builder() {}

    private Builder(ObjectRef r) {
      kind = r.kind();
      namespace = r.namespace();
      name = r.name();
      uid = r.uid();
    }

    /** Sets {@code kind}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder kind(String kind) {
      this.kind = Objects.requireNonNull(kind, "kind");
      return this;
    }

    /** Sets or (with null) clears {@code namespace}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder namespace(@Nullable String namespace) {
      this.namespace = namespace;
      return this;
    }

    /** Sets {@code name}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets or (with null) clears {@code uid}; returns this builder. */
    @CanIgnoreReturnValue
    public Builder uid(@Nullable String uid) {
      this.uid = uid;
      return this;
    }

    /**
     * Builds the record.
     *
     * @return a new ObjectRef
     */
    public ObjectRef build() {
      return new ObjectRef(kind, namespace, name, uid);
    }
  }
}
