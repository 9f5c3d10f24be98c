package io.github.dra4j.api.validation;

import io.github.dra4j.api.Namespace;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/*
 * Two objects of the same kind, namespace and name: the API server stores one object under that
 * name, so the input describes no cluster; dra4j would count a slice twice (and report its pool
 * as being updated) or a claim twice. Every object after the first is reported, naming the first,
 * except a Namespace equal to the first: manifests commonly declare their Namespace in every file,
 * and applying such a directory leaves the repeated Namespace unchanged.
 */
final class DuplicateObjects {
  private static final FieldPath NAME = FieldPath.of("metadata", "name");

  private DuplicateObjects() {}

  static void check(List<SourcedObject> objects, CrossObjectErrors errors) {
    Map<ObjectKey, SourcedObject> first = new HashMap<>();
    for (int i = 0; i < objects.size(); i++) {
      SourcedObject o = objects.get(i);
      ObjectKey key = ObjectKey.of(o.object());
      if (key == null) {
        continue;
      }
      SourcedObject earlier = first.putIfAbsent(key, o);
      if (earlier != null && !(o.object() instanceof Namespace && o.object().equals(earlier.object()))) {
        errors.add(i, new FieldError(FieldError.Type.DUPLICATE, NAME, key.name(),
            "the same kind, namespace and name as " + earlier.describe()
                + "; the API server refuses to create a second object of one name"));
      }
    }
  }
}
