package io.github.dra4j.api.validation;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * Names that must resolve to another object of the input, as the scheduler resolves them: the
 * device class of every request of a claim still to be allocated and of a claim template (an
 * allocated claim's class is not read again), and the claim or template of every entry of a
 * pod's spec.resourceClaims, in the pod's namespace. The API server accepts these objects in any
 * order; the scheduler fails on the missing one (deviceclass.resource.k8s.io "x" not found) or
 * leaves the pod pending.
 */
final class References {
  private References() {}

  static void check(List<SourcedObject> objects, CrossObjectErrors errors) {
    Set<ObjectKey> present = new HashSet<>();
    for (SourcedObject o : objects) {
      ObjectKey key = ObjectKey.of(o.object());
      if (key != null) {
        present.add(key);
      }
    }
    for (int i = 0; i < objects.size(); i++) {
      Object o = objects.get(i).object();
      if (o instanceof ResourceClaim && ((ResourceClaim) o).allocation() == null) {
        classes(((ResourceClaim) o).spec(), FieldPath.of("spec"), present, i, errors);
      } else if (o instanceof ResourceClaimTemplate) {
        classes(((ResourceClaimTemplate) o).spec().spec(), FieldPath.of("spec", "spec"), present, i, errors);
      } else if (o instanceof Pod) {
        podClaims((Pod) o, present, i, errors);
      }
    }
  }

  private static void classes(ResourceClaimSpec spec, FieldPath path, Set<ObjectKey> present, int index,
      CrossObjectErrors errors) {
    FieldPath requests = path.child("devices").child("requests");
    List<DeviceRequest> list = spec.devices().requests();
    for (int r = 0; r < list.size(); r++) {
      DeviceRequest request = list.get(r);
      if (request.exactly() != null) {
        deviceClass(request.exactly().deviceClassName(), requests.index(r).child("exactly"), present, index, errors);
      }
      for (int s = 0; s < request.firstAvailable().size(); s++) {
        DeviceSubRequest sub = request.firstAvailable().get(s);
        deviceClass(sub.deviceClassName(), requests.index(r).child("firstAvailable").index(s), present, index, errors);
      }
    }
  }

  private static void deviceClass(String name, FieldPath path, Set<ObjectKey> present, int index,
      CrossObjectErrors errors) {
    if (!name.isEmpty() && !present.contains(ObjectKey.cluster(DeviceClass.class.getSimpleName(), name))) {
      errors.add(index, FieldError.notFound(path.child("deviceClassName"), name,
          "no DeviceClass of this name in the input"));
    }
  }

  private static void podClaims(Pod pod, Set<ObjectKey> present, int index, CrossObjectErrors errors) {
    FieldPath path = FieldPath.of("spec", "resourceClaims");
    List<PodResourceClaim> entries = pod.spec().resourceClaims();
    for (int i = 0; i < entries.size(); i++) {
      PodResourceClaim entry = entries.get(i);
      named("ResourceClaim", pod.namespace(), entry.resourceClaimName(),
          path.index(i).child("resourceClaimName"), present, index, errors);
      named("ResourceClaimTemplate", pod.namespace(), entry.resourceClaimTemplateName(),
          path.index(i).child("resourceClaimTemplateName"), present, index, errors);
    }
  }

  private static void named(String kind, @Nullable String namespace, @Nullable String name, FieldPath path,
      Set<ObjectKey> present, int index, CrossObjectErrors errors) {
    if (name == null || name.isEmpty()) {
      return;
    }
    ObjectKey key = ObjectKey.in(kind, namespace, name);
    if (!present.contains(key)) {
      errors.add(index, FieldError.notFound(path, name, "no " + kind + " " + key.qualifiedName() + " in the input"));
    }
  }
}
