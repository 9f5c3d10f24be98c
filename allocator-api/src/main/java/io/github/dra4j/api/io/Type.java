package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * How one JSON value of the model is read from Tokens and written as a tree: a scalar, a list,
 * a map, a one-of (DeviceAttribute) or a record's field table (Table). Reading starts at the
 * value's first token, which is never NULL (a null or absent field is the field's business), and
 * ends on its last token.
 */
abstract class Type<T> {

  /** Reads the value at the cursor. */
  abstract T read(Tokens in, Reading r);

  /** Writes a value. */
  abstract JsonNode write(T value);

  /** {@return the value of an absent field of this type: empty for lists and maps, else null} */
  @Nullable T absent() {
    return null;
  }

  /**
   * {@return whether values of this type are worth sharing between the objects of a read: they
   * repeat (a capacity, a mixin, an attribute map) and are cheap to compare}
   */
  boolean shareable() {
    return true;
  }

  /** {@return whether a value is empty, so that writing leaves it out: lists and maps without entries} */
  boolean isEmpty(T value) {
    return false;
  }

  /**
   * {@return this type in the known-fields table's notation for a field of this type, in a
   * version: "" for a value whose inside is not checked, else the object type's name, with "[]"
   * for a list of objects and "{}" for a map of them}
   */
  String shape(Version version) {
    return "";
  }

  /**
   * Adds the object types this type reads, in a version, to the known-fields table: each type's
   * name and its fields, {@code name -> ""} for a value or the field's {@link #shape}. Values
   * add nothing.
   */
  void describe(Version version, Map<String, Map<String, String>> into) {
    // a value: nothing to add
  }
}
