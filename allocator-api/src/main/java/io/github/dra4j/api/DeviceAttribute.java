package io.github.dra4j.api;

import java.util.List;
import java.util.Objects;

/**
 * The value of a device attribute: exactly one of bool, int, string, version, or (with the
 * DRAListTypeAttributes feature) a non-empty list of one of them. {@link Empty} stands for an
 * attribute without a value of a type this version knows ({@code {}} in YAML): validation
 * rejects it, and the allocator reports it as an unsupported attribute value, as Kubernetes
 * does, so the parser has to keep it.
 */
public sealed interface DeviceAttribute {

  /** {@return the JSON field name that carries this value: bool, int, string, version, bools, ...} */
  String fieldName();

  /** {@return whether this is one of the list forms} */
  default boolean isList() {
    return false;
  }

  /**
   * A boolean attribute.
   *
   * @param value the value
   */
  record OfBool(boolean value) implements DeviceAttribute {
    @Override
    public String fieldName() {
      return "bool";
    }
  }

  /**
   * An integer attribute.
   *
   * @param value the value
   */
  record OfInt(long value) implements DeviceAttribute {
    @Override
    public String fieldName() {
      return "int";
    }
  }

  /**
   * A string attribute.
   *
   * @param value the value
   */
  record OfString(String value) implements DeviceAttribute {
    public OfString {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String fieldName() {
      return "string";
    }
  }

  /**
   * A semantic version attribute, kept as written.
   *
   * @param value the version text
   */
  record OfVersion(String value) implements DeviceAttribute {
    public OfVersion {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String fieldName() {
      return "version";
    }
  }

  /**
   * A list of booleans.
   *
   * @param values the values
   */
  record OfBools(List<Boolean> values) implements DeviceAttribute {
    public OfBools {
      values = List.copyOf(values);
    }

    @Override
    public String fieldName() {
      return "bools";
    }

    @Override
    public boolean isList() {
      return true;
    }
  }

  /**
   * A list of integers.
   *
   * @param values the values
   */
  record OfInts(List<Long> values) implements DeviceAttribute {
    public OfInts {
      values = List.copyOf(values);
    }

    @Override
    public String fieldName() {
      return "ints";
    }

    @Override
    public boolean isList() {
      return true;
    }
  }

  /**
   * A list of strings.
   *
   * @param values the values
   */
  record OfStrings(List<String> values) implements DeviceAttribute {
    public OfStrings {
      values = List.copyOf(values);
    }

    @Override
    public String fieldName() {
      return "strings";
    }

    @Override
    public boolean isList() {
      return true;
    }
  }

  /**
   * A list of semantic versions.
   *
   * @param values the version texts
   */
  record OfVersions(List<String> values) implements DeviceAttribute {
    public OfVersions {
      values = List.copyOf(values);
    }

    @Override
    public String fieldName() {
      return "versions";
    }

    @Override
    public boolean isList() {
      return true;
    }
  }

  /** An attribute without a known value field, written as {@code {}}. */
  record Empty() implements DeviceAttribute {
    @Override
    public String fieldName() {
      return "";
    }
  }

  /** {@return a boolean attribute} */
  static DeviceAttribute ofBool(boolean value) {
    return new OfBool(value);
  }

  /** {@return an integer attribute} */
  static DeviceAttribute ofInt(long value) {
    return new OfInt(value);
  }

  /** {@return a string attribute} */
  static DeviceAttribute ofString(String value) {
    return new OfString(value);
  }

  /** {@return a version attribute} */
  static DeviceAttribute ofVersion(String value) {
    return new OfVersion(value);
  }

  /** {@return a list-of-booleans attribute} */
  static DeviceAttribute ofBools(List<Boolean> values) {
    return new OfBools(values);
  }

  /** {@return a list-of-integers attribute} */
  static DeviceAttribute ofInts(List<Long> values) {
    return new OfInts(values);
  }

  /** {@return a list-of-strings attribute} */
  static DeviceAttribute ofStrings(List<String> values) {
    return new OfStrings(values);
  }

  /** {@return a list-of-versions attribute} */
  static DeviceAttribute ofVersions(List<String> values) {
    return new OfVersions(values);
  }

  /** {@return an attribute without a value, as {@code {}} decodes} */
  static DeviceAttribute empty() {
    return new Empty();
  }
}
