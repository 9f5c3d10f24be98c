package io.github.dra4j.api.io;

import io.github.dra4j.api.field.FieldPath;
import io.github.dra4j.api.field.Quoted;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Input that is not a valid Kubernetes object of the model: malformed YAML or JSON, a value of
 * the wrong type, a missing required field or a limit exceeded. The message names the source,
 * the document, the object and the JSON path, so a user can find the offending line. Several
 * unknown fields of one object make one exception with one line per field.
 */
public final class DecodeException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final int document;
  private final @Nullable String objectRef;
  private final @Nullable String path;
  private final transient @Nullable FieldPath fieldPath;
  private final String detail;

  DecodeException(
      String source, int document, @Nullable String objectRef, @Nullable String path,
      String detail, @Nullable Throwable cause) {
    this(format(source, document, objectRef, path, detail), source, document, objectRef, path, null, detail, cause);
  }

  DecodeException(
      String source, int document, @Nullable String objectRef, JsonPath path, String detail) {
    this(format(source, document, objectRef, path.isRoot() ? null : path.toString(), detail), source, document,
        objectRef, path.isRoot() ? null : path.toString(), path.toFieldPath(), detail, null);
  }

  private DecodeException(
      String message, String source, int document, @Nullable String objectRef, @Nullable String path,
      @Nullable FieldPath fieldPath, String detail, @Nullable Throwable cause) {
    super(message, cause);
    this.source = source;
    this.document = document;
    this.objectRef = objectRef;
    this.path = path;
    this.fieldPath = fieldPath;
    this.detail = detail;
  }

  /**
   * One exception for several problems of one object, as the API server reports every unknown
   * field at once: the first problem's parts, a message with one line per problem, and the others
   * as {@linkplain #getSuppressed() suppressed} exceptions.
   */
  static DecodeException allOf(List<DecodeException> problems) {
    DecodeException first = problems.get(0);
    if (problems.size() == 1) {
      return first;
    }
    StringBuilder message = new StringBuilder();
    for (DecodeException p : problems) {
      message.append(message.length() == 0 ? "" : "\n").append(p.getMessage());
    }
    DecodeException all = new DecodeException(message.toString(), first.source, first.document,
        first.objectRef, first.path, first.fieldPath, first.detail, null);
    problems.subList(1, problems.size()).forEach(all::addSuppressed);
    return all;
  }

  private static String format(
      String source, int document, @Nullable String objectRef, @Nullable String path, String detail) {
    StringBuilder sb = new StringBuilder(source);
    if (document > 0) {
      sb.append(", document ").append(document);
    }
    if (objectRef != null) {
      sb.append(" (").append(Quoted.abbreviate(objectRef)).append(')');
    }
    if (path != null) {
      sb.append(", ").append(path);
    }
    return sb.append(": ").append(detail).toString();
  }

  /** {@return the name of the input, such as a file name or {@code <stdin>}} */
  public String source() {
    return source;
  }

  /** {@return the 1-based number of the YAML document, or 0 when not known} */
  public int document() {
    return document;
  }

  /** {@return the object, such as {@code ResourceSlice/slice-1}, or null when not known} */
  public @Nullable String objectRef() {
    return objectRef;
  }

  /** {@return the JSON path of the offending field, such as {@code spec.devices[0].name}, or null} */
  public @Nullable String path() {
    return path;
  }

  /**
   * {@return the path of the offending field as {@link FieldPath} writes paths (map keys in
   * brackets, {@code spec.devices[0].attributes[model]}), or null when not known or at the root}
   */
  public @Nullable FieldPath fieldPath() {
    return fieldPath == null || fieldPath.toString().isEmpty() ? null : fieldPath;
  }

  /** {@return what is wrong, without source, document, object and path} */
  public String detail() {
    return detail;
  }
}
