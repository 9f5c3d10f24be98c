package io.github.dra4j.api.validation;

import io.github.dra4j.api.field.Quoted;
import io.github.dra4j.api.io.UnknownObject;
import java.util.Objects;

/**
 * A decoded object with where it was read, so that an error can name the file and the document
 * as well as the object: {@code cluster.yaml, document 3: ResourceSlice/node-1-gpus: ...}.
 *
 * @param object an api record or an {@link UnknownObject}
 * @param source the file name ({@code <stdin>} for standard input), or empty when unknown
 * @param document the 1-based document in that source, or 0 when unknown
 */
public record SourcedObject(Object object, String source, int document) {
  public SourcedObject {
    Objects.requireNonNull(object, "object");
    Objects.requireNonNull(source, "source");
  }

  /** {@return an object whose origin is unknown, such as one built in code} */
  public static SourcedObject of(Object object) {
    return new SourcedObject(object, "", 0);
  }

  /** {@return "file, document N", "file", or empty when the source is unknown} */
  public String where() {
    return document > 0 && !source.isEmpty() ? source + ", document " + document : source;
  }

  /**
   * {@return the object as messages name it: {@code Kind/name}, with the namespace of a
   * namespaced object ({@code ResourceClaim/default/claim-0}) when it has one}
   */
  public String ref() {
    String ref = ObjectKey.ref(object);
    if (ref != null) {
      return ref;
    }
    if (object instanceof UnknownObject) {
      UnknownObject u = (UnknownObject) object;
      return u.kind() + "/" + u.name();
    }
    return object.getClass().getSimpleName();
  }

  /** {@return the reference and, when known, where the object was read: {@code ResourceSlice/a (x.yaml, document 2)}} */
  String describe() {
    String where = where();
    String ref = Quoted.abbreviate(ref());
    return where.isEmpty() ? ref : ref + " (" + where + ")";
  }
}
