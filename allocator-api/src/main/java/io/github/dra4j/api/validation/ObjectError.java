package io.github.dra4j.api.validation;

import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.Quoted;
import java.util.Objects;

/**
 * A field error of one object of the input, printed with the file, the document and the
 * object: {@code cluster.yaml, document 3: ResourceSlice/b: spec.devices[0].name: Duplicate
 * value: "gpu-0": ...} (without the origin when it is unknown).
 *
 * @param object the object the error is about, with where it was read
 * @param error the field and the rule it breaks
 */
public record ObjectError(SourcedObject object, FieldError error) {
  public ObjectError {
    Objects.requireNonNull(object, "object");
    Objects.requireNonNull(error, "error");
  }

  @Override
  public String toString() {
    String where = object.where();
    return (where.isEmpty() ? "" : where + ": ") + Quoted.abbreviate(object.ref()) + ": " + error;
  }
}
