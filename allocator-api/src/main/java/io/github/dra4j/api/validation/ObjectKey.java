package io.github.dra4j.api.validation;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceTaintRule;
import io.github.dra4j.api.Namespace;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.Service;
import java.util.List;
import org.jspecify.annotations.Nullable;

/*
 * What names an object in a cluster: kind, namespace (null for cluster-scoped kinds) and name.
 * An object written without a namespace lands in "default", as kubectl applies it and as
 * scheduling reads it; messages show the object as written (ref).
 */
record ObjectKey(String kind, @Nullable String namespace, String name) {
  static final String DEFAULT_NAMESPACE = "default";

  /** The kinds dra4j models; the simple class name is the Kubernetes kind (a PodController carries its own). */
  private static final List<Class<?>> KINDS = List.of(ResourceSlice.class, DeviceClass.class,
      ResourceClaim.class, ResourceClaimTemplate.class, Pod.class, DeviceTaintRule.class, Node.class, Namespace.class,
      Service.class);

  /** {@return the key of a named object of a kind dra4j models, or null for any other object} */
  static @Nullable ObjectKey of(Object o) {
    String kind = kind(o);
    ObjectMeta meta = metadata(o);
    if (kind == null || meta == null || meta.name() == null || meta.name().isEmpty()) {
      return null;
    }
    return new ObjectKey(kind, namespaced(o) ? effective(meta.namespace()) : null, meta.name());
  }

  /** {@return the key of a namespaced object named from another one's namespace} */
  static ObjectKey in(String kind, @Nullable String namespace, String name) {
    return new ObjectKey(kind, effective(namespace), name);
  }

  /** {@return the key of a cluster-scoped object} */
  static ObjectKey cluster(String kind, String name) {
    return new ObjectKey(kind, null, name);
  }

  /** {@return "Kind/name", or "Kind/namespace/name" when a namespace is written; null for other objects} */
  static @Nullable String ref(Object o) {
    String kind = kind(o);
    ObjectMeta meta = metadata(o);
    if (kind == null || meta == null) {
      return null;
    }
    String ns = namespaced(o) ? meta.namespace() : null;
    return kind + "/" + (ns == null || ns.isEmpty() ? "" : ns + "/") + meta.name();
  }

  /** {@return "namespace/name" for namespaced objects, else the name} */
  String qualifiedName() {
    return namespace == null ? name : namespace + "/" + name;
  }

  private static String effective(@Nullable String namespace) {
    return namespace == null || namespace.isEmpty() ? DEFAULT_NAMESPACE : namespace;
  }

  private static boolean namespaced(Object o) {
    return o instanceof ResourceClaim || o instanceof ResourceClaimTemplate || o instanceof Pod
        || o instanceof PodController || o instanceof Service;
  }

  private static @Nullable String kind(Object o) {
    if (o instanceof PodController) {
      return ((PodController) o).kind();
    }
    for (Class<?> kind : KINDS) {
      if (kind.isInstance(o)) {
        return kind.getSimpleName();
      }
    }
    return null;
  }

  private static @Nullable ObjectMeta metadata(Object o) {
    if (o instanceof ResourceSlice) {
      return ((ResourceSlice) o).metadata();
    } else if (o instanceof DeviceClass) {
      return ((DeviceClass) o).metadata();
    } else if (o instanceof ResourceClaim) {
      return ((ResourceClaim) o).metadata();
    } else if (o instanceof ResourceClaimTemplate) {
      return ((ResourceClaimTemplate) o).metadata();
    } else if (o instanceof Pod) {
      return ((Pod) o).metadata();
    } else if (o instanceof DeviceTaintRule) {
      return ((DeviceTaintRule) o).metadata();
    } else if (o instanceof Node) {
      return ((Node) o).metadata();
    } else if (o instanceof PodController) {
      return ((PodController) o).metadata();
    } else if (o instanceof Namespace) {
      return ((Namespace) o).metadata();
    } else if (o instanceof Service) {
      return ((Service) o).metadata();
    }
    return null;
  }
}
