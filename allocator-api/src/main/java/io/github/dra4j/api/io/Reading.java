package io.github.dra4j.api.io;

import io.github.dra4j.api.ObjectMeta;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/*
 * The state of decoding one object: where the cursor is (a path stack, turned into a JsonPath
 * only when something is reported), the object's apiVersion, the field validation mode, the
 * problems found so far (unknown fields, duplicate keys, reported together when the object is
 * done, as the API server does), and the values shared between the objects of one read.
 */
final class Reading {

  /** A decoding error at a path; the codec adds source, document and object. */
  static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient JsonPath path;

    Failure(JsonPath path, String message) {
      super(message, null, false, false);
      this.path = path;
    }

    /** {@return the message, which the constructor requires} */
    @Override
    public String getMessage() {
      return Objects.requireNonNull(super.getMessage());
    }
  }

  /** An unknown field or a duplicate key: where, and what to say. */
  record Problem(JsonPath path, String message) {}

  private static final int FIELD = 0;
  private static final int INDEX = 1;
  private static final int KEY = 2;

  private final Version version;
  private final FieldValidation validation;
  private final Shared shared;
  private final List<Problem> problems = new ArrayList<>();
  private final JsonPath base;
  private String[] names = new String[16];
  private int[] kinds = new int[16];
  private int[] indices = new int[16];
  private int depth;
  private @Nullable String name;

  Reading(Version version, FieldValidation validation, Shared shared, JsonPath base) {
    this.version = version;
    this.validation = validation;
    this.shared = shared;
    this.base = base;
  }

  Version version() {
    return version;
  }

  /** {@return whether unknown fields and duplicate keys are looked for} */
  boolean checksFields() {
    return validation != FieldValidation.IGNORE;
  }

  /** {@return the problems found, in input order} */
  List<Problem> problems() {
    return problems;
  }

  /** {@return the one instance of a value equal to {@code value} that this read holds} */
  <T> T share(T value) {
    return shared.share(value);
  }

  /** {@return the object's metadata.name once its metadata is read, for messages} */
  @Nullable String name() {
    return name;
  }

  /** Remembers the name of the object being read, when its own metadata (one level down) gives it. */
  void metadataRead(ObjectMeta meta) {
    if (depth == 1) {
      name = meta.name();
    }
  }

  /* --- the path --- */

  void push(String field) {
    grow();
    kinds[depth] = FIELD;
    names[depth++] = field;
  }

  void pushKey(String key) {
    grow();
    kinds[depth] = KEY;
    names[depth++] = key;
  }

  void pushIndex(int index) {
    grow();
    kinds[depth] = INDEX;
    indices[depth++] = index;
  }

  void pop() {
    depth--;
  }

  private void grow() {
    if (depth == names.length) {
      names = Arrays.copyOf(names, depth * 2);
      kinds = Arrays.copyOf(kinds, depth * 2);
      indices = Arrays.copyOf(indices, depth * 2);
    }
  }

  /** {@return the current path} */
  JsonPath path() {
    JsonPath p = base;
    for (int i = 0; i < depth; i++) {
      switch (kinds[i]) {
        case INDEX:
          p = p.index(indices[i]);
          break;
        case KEY:
          p = p.key(names[i]);
          break;
        default:
          p = p.field(names[i]);
          break;
      }
    }
    return p;
  }

  /** {@return a failure at the current path} */
  Failure fail(String message) {
    return new Failure(path(), message);
  }

  /** {@return a failure at the current path for a value of the wrong type, saying why when YAML changed its type} */
  Failure wrongType(String expected, Tokens in) {
    String note = in.note();
    return fail("expected " + expected + ", got " + in.describe() + (note == null ? "" : ": the plain " + note));
  }

  /* --- field validation --- */

  /** Records an unknown field at the current path, with the closest of the known names. */
  void unknown(String name, Iterable<String> known) {
    if (checksFields()) {
      TreeSet<String> sorted = new TreeSet<>();
      known.forEach(sorted::add);
      problems.add(new Problem(path(), FieldCheck.unknownField(name, FieldCheck.closest(name, sorted))));
    }
  }

  /** Records a key given twice in one object, at the current path. */
  void duplicate(String name, @Nullable String where) {
    if (checksFields()) {
      problems.add(new Problem(path(),
          "duplicate field \"" + name + "\"" + (where == null || where.isEmpty() ? "" : " (" + where + ")")));
    }
  }
}
