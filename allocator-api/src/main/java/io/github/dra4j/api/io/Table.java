package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.ObjectMeta;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/*
 * One record's field table: its fields in component order, each with its JSON name, value type,
 * the component (accessor) it fills and how it is read and written (required, absent means
 * empty as for Go's non-pointer structs, written even when empty, left out when it writes as
 * {}), plus the fields the API has that the record does not model (known, so strict field
 * validation accepts them; their insides are checked against known-fields.txt). Decoding,
 * encoding, the known-fields table and the fabric8 mapping all follow from it; the table is
 * checked against the record when it is built, so a field added to the record and not to the
 * table (or in another order) fails at once.
 *
 * Reading fills an array of component values in one pass over the object's tokens, checking
 * every key on the way; an absent or null field takes its default, and the record's canonical
 * constructor runs last, so its checks apply to decoded input too.
 */
final class Table<R> extends Type<R> {

  /** How a field is read and written; see {@link Builder}. */
  static final class Field {
    final String name;
    final Type<Object> type;
    final int index;
    final Class<?> component;
    boolean required;
    boolean nonPointer;
    boolean always;
    boolean omitEmpty;
    volatile @Nullable Object empty;

    @SuppressWarnings("unchecked")
    Field(String name, Type<?> type, int index, Class<?> component) {
      this.name = name;
      this.type = (Type<Object>) type;
      this.index = index;
      this.component = component;
    }
  }

  /** Where a key of an object goes: a field, or (older versions) a wrapper object or an inlined table's field. */
  private record Target(@Nullable Field field, boolean basic, @Nullable Field inlined) {}

  private final Class<R> record;
  private final Function<Version, String> typeName;
  private final boolean versioned;
  private final @Nullable String kind;
  private final String apiVersion;
  private final List<String> apiVersions;
  private final List<Field> fields;
  private final Map<String, String> known;
  /*
   * Method handles are made on first use: making them spins classes, about a sixth of a one-shot
   * command's CPU time if every table made its own at start, where a run reads a few kinds.
   */
  private volatile @Nullable Constructor<R> create;
  private volatile MethodHandle @Nullable [] accessors;
  private final List<Field> writeOrder;
  private final @Nullable BiConsumer<Object[], Reading> check;
  /** v1beta1/v1alpha3: every field but the name sits in this wrapper object (Device's basic). */
  private final @Nullable String basic;
  /** v1beta1/v1alpha3: this field's table's fields are inline (DeviceRequest's exactly), kept when its first is set. */
  private final @Nullable Field inline;
  private final boolean shared;
  private final Map<String, Target> keys;
  private final Map<String, Target> beta1Keys;
  private final Map<String, Target> basicKeys;

  private Table(Builder<R> b) {
    this.record = b.record;
    this.typeName = b.names;
    this.apiVersions = b.versions;
    this.versioned = b.versioned;
    this.kind = b.kind;
    this.apiVersion = b.apiVersion;
    this.fields = List.copyOf(b.fields);
    this.known = Collections.unmodifiableMap(new LinkedHashMap<>(b.known));
    this.check = b.check;
    this.shared = b.shared;
    this.writeOrder = b.writeOrder.isEmpty() ? fields
        : b.writeOrder.stream().map(n -> fields.stream().filter(f -> f.name.equals(n)).findFirst()
            .orElseThrow(() -> new IllegalStateException(record.getSimpleName() + ": no field " + n))).toList();
    if (writeOrder.size() != fields.size()) {
      throw new IllegalStateException(record.getSimpleName() + ": the write order must name every field");
    }
    this.basic = b.basic;
    this.inline = b.inline == null ? null : field(b.inline);
    RecordComponent[] components = record.getRecordComponents();
    if (components.length != fields.size()) {
      throw new IllegalStateException(record.getSimpleName() + ": the table has " + fields.size()
          + " fields, the record " + components.length + " components");
    }
    Map<String, Target> k = new LinkedHashMap<>();
    fields.forEach(f -> k.put(f.name, new Target(f, false, null)));
    this.keys = Collections.unmodifiableMap(k);
    Map<String, Target> beta1 = new LinkedHashMap<>();
    Map<String, Target> inner = new LinkedHashMap<>();
    if (basic != null) {
      beta1.put(fields.get(0).name, new Target(fields.get(0), false, null));
      beta1.put(basic, new Target(null, true, null));
      fields.subList(1, fields.size()).forEach(f -> inner.put(f.name, new Target(f, false, null)));
    } else if (inline != null) {
      Table<?> t = (Table<?>) inline.type;
      fields.stream().filter(f -> f != inline).forEach(f -> beta1.put(f.name, new Target(f, false, null)));
      t.fields.forEach(f -> beta1.put(f.name, new Target(f, false, inline)));
    } else {
      beta1.putAll(k);
    }
    this.beta1Keys = Collections.unmodifiableMap(beta1);
    this.basicKeys = Collections.unmodifiableMap(inner);
  }

  /**
   * {@return the canonical constructor} Reflection rather than a method handle: a spread handle
   * spins classes when it is made, several milliseconds per record type at start-up, and the
   * reflective call is as fast once the JVM has generated its accessor.
   */
  private Constructor<R> create() {
    Constructor<R> c = create;
    if (c == null) {
      RecordComponent[] components = record.getRecordComponents();
      Class<?>[] types = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        types[i] = components[i].getType();
      }
      try {
        c = record.getConstructor(types);
      } catch (NoSuchMethodException e) {
        throw new IllegalStateException(record.getSimpleName() + ": " + e.getMessage(), e);
      }
      create = c;
    }
    return c;
  }

  /** {@return the component accessors, in component order} */
  private MethodHandle[] accessors() {
    MethodHandle[] h = accessors;
    if (h == null) {
      RecordComponent[] components = record.getRecordComponents();
      h = new MethodHandle[components.length];
      try {
        for (int i = 0; i < components.length; i++) {
          h[i] = MethodHandles.publicLookup().unreflect(components[i].getAccessor())
              .asType(MethodType.methodType(Object.class, Object.class));
        }
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(record.getSimpleName() + ": " + e.getMessage(), e);
      }
      accessors = h;
    }
    return h;
  }

  /** {@return a builder for a table of a resource.k8s.io type, named as client-java-api names it in every version} */
  static <R extends Record> Builder<R> of(Class<R> record, String apiName) {
    return new Builder<>(record, v -> v.prefix() + apiName, true);
  }

  /** {@return a builder for a table of a core (v1) type, which every version shares} */
  static <R extends Record> Builder<R> core(Class<R> record, String typeName) {
    return new Builder<>(record, v -> typeName, false);
  }

  Class<R> record() {
    return record;
  }

  /** {@return the kind of a top-level object, or null} */
  @Nullable String kind() {
    return kind;
  }

  List<Field> fields() {
    return fields;
  }

  /** {@return the field a component fills} */
  Field field(String component) {
    RecordComponent[] components = record.getRecordComponents();
    for (int i = 0; i < components.length; i++) {
      if (components[i].getName().equals(component)) {
        return fields.get(i);
      }
    }
    throw new IllegalArgumentException(record.getSimpleName() + " has no component " + component);
  }

  /* --- reading --- */

  @Override
  R read(Tokens in, Reading r) {
    if (in.token() != Tokens.Token.START_OBJECT) {
      throw r.wrongType("an object", in);
    }
    Object[] slots = new Object[fields.size()];
    Object[] inlined = inline == null ? null : new Object[((Table<?>) inline.type).fields.size()];
    boolean beta1 = r.version().beta1Shape() && (basic != null || inline != null);
    readInto(in, r, beta1 ? beta1Keys : keys, slots, inlined, basic == null || !beta1);
    if (inline != null && inlined != null && beta1 && inlined[0] != null && slots[inline.index] == null) {
      slots[inline.index] = ((Table<?>) inline.type).finish(inlined, r);
    }
    return finish(slots, r);
  }

  private void readInto(Tokens in, Reading r, Map<String, Target> targets, Object[] slots, Object @Nullable [] inlined,
      boolean withKnown) {
    long seen = 0;
    Set<String> others = null;
    while (in.next() == Tokens.Token.NAME) {
      String key = in.text();
      r.push(key);
      Target t = targets.get(key);
      if (t != null && t.field() != null) {
        int bit = t.inlined() == null ? Objects.requireNonNull(t.field()).index : 32 + Objects.requireNonNull(t.field()).index;
        if ((seen & (1L << bit)) != 0) {
          r.duplicate(key, in.where());
        }
        seen |= 1L << bit;
      } else {
        others = others == null ? new HashSet<>(4) : others;
        if (!others.add(key)) {
          r.duplicate(key, in.where());
        }
      }
      in.next();
      if (t == null) {
        other(key, in, r, targets, withKnown);
      } else if (t.basic()) {
        if (in.token() != Tokens.Token.NULL) {
          if (in.token() != Tokens.Token.START_OBJECT) {
            throw r.wrongType("an object", in);
          }
          readInto(in, r, basicKeys, slots, null, true);
        }
      } else {
        Field f = Objects.requireNonNull(t.field());
        Object[] into = t.inlined() == null ? slots : Objects.requireNonNull(inlined);
        Object value = in.token() == Tokens.Token.NULL ? null : f.type.read(in, r);
        into[f.index] = value;
        if (value instanceof ObjectMeta) {
          r.metadataRead((ObjectMeta) value);
        }
      }
      r.pop();
    }
  }

  /** A key that is not a field: known to the API (its inside checked), or unknown. */
  private void other(String key, Tokens in, Reading r, Map<String, Target> targets, boolean withKnown) {
    String spec = withKnown ? known.get(key) : null;
    if (spec == null) {
      List<String> candidates = new ArrayList<>(targets.keySet());
      if (withKnown) {
        candidates.addAll(known.keySet());
      }
      r.unknown(key, candidates);
      in.skipValue();
    } else if (spec.isEmpty() || !r.checksFields()) {
      in.skipValue();
    } else {
      FieldCheck.instance().walk(in, spec.replace("{v}", r.version().prefix()), r);
    }
  }

  /** Fills absent fields with their defaults and builds the record. */
  R finish(Object[] slots, Reading r) {
    for (Field f : fields) {
      if (slots[f.index] == null) {
        if (f.required) {
          r.push(f.name);
          throw r.fail("Required value: missing required field");
        }
        slots[f.index] = absent(f);
      }
    }
    if (check != null) {
      check.accept(slots, r);
    }
    R value;
    try {
      value = create().newInstance(slots);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IllegalArgumentException || cause instanceof NullPointerException) {
        throw r.fail(String.valueOf(cause.getMessage()));
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IllegalStateException(cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(record.getSimpleName() + ": " + e.getMessage(), e);
    }
    if (shared) {
      value = r.share(value);
    }
    return value;
  }

  private static @Nullable Object absent(Field f) {
    if (f.component == boolean.class) {
      return false;
    }
    if (f.component == long.class) {
      return 0L;
    }
    if (f.component == int.class) {
      return 0;
    }
    if (!f.nonPointer) {
      return f.type.absent();
    }
    Object e = f.empty;
    if (e == null) {
      // Go's non-pointer struct: absent reads as {}; decoded once, the value is immutable
      e = f.type.read(started(new TreeTokens(Types.NODES.objectNode())),
          new Reading(Version.V1, FieldValidation.IGNORE, new Shared(), JsonPath.ROOT));
      f.empty = e;
    }
    return e;
  }

  private static Tokens started(Tokens t) {
    t.next();
    return t;
  }

  /* --- writing --- */

  @Override
  ObjectNode write(R value) {
    ObjectNode n = Types.NODES.objectNode();
    if (kind != null) {
      n.put("apiVersion", apiVersion);
      n.put("kind", kind);
    }
    for (Field f : writeOrder) {
      Object v = get(f, value);
      if (v == null || (f.component == boolean.class && !((Boolean) v)) || (!f.always && f.type.isEmpty(v))) {
        continue;
      }
      JsonNode w = f.type.write(v);
      if (f.omitEmpty && w.isContainerNode() && w.isEmpty()) {
        continue;
      }
      n.set(f.name, w);
    }
    return n;
  }

  /** {@return the value of a field of a record} */
  @Nullable Object get(Field f, R value) {
    try {
      return accessors()[f.index].invokeExact((Object) value);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /* --- the known-fields table --- */

  @Override
  String shape(Version version) {
    return typeName.apply(version);
  }

  @Override
  boolean shareable() {
    return shared;
  }

  /** {@return whether the type's name changes with the resource.k8s.io version} */
  boolean versioned() {
    return versioned;
  }

  /** Adds this table's type (and in v1beta1 its device's basic type) to the known-fields table. */
  @Override
  void describe(Version v, Map<String, Map<String, String>> into) {
    Map<String, String> own = new LinkedHashMap<>();
    if (v.beta1Shape() && basic != null) {
      Map<String, String> inner = new LinkedHashMap<>();
      basicKeys.values().forEach(t -> inner.put(Objects.requireNonNull(t.field()).name,
          Objects.requireNonNull(t.field()).type.shape(v)));
      known.forEach((name, spec) -> inner.put(name, spec.replace("{v}", v.prefix())));
      String basicType = v.prefix() + "BasicDevice";
      into.put(basicType, inner);
      own.put(fields.get(0).name, fields.get(0).type.shape(v));
      own.put(basic, basicType);
      into.put(typeName.apply(v), own);
      return;
    }
    Map<String, Target> targets = v.beta1Shape() ? beta1Keys : keys;
    targets.forEach((name, t) -> own.put(name, Objects.requireNonNull(t.field()).type.shape(v)));
    known.forEach((name, spec) -> own.put(name, spec.replace("{v}", v.prefix())));
    into.put(typeName.apply(v), own);
  }

  /** {@return the apiVersions objects of this table's kind are read in, the first one written} */
  List<String> apiVersions() {
    return apiVersions;
  }

  /* --- building --- */

  /** Builds a table field by field, in the record's component order. */
  static final class Builder<R> {
    private final Class<R> record;
    private final boolean versioned;
    private final RecordComponent[] components;
    private final List<Field> fields = new ArrayList<>();
    private final Map<String, String> known = new LinkedHashMap<>();
    private @Nullable String kind;
    private String apiVersion = "";
    private List<String> versions = List.of();
    private @Nullable BiConsumer<Object[], Reading> check;
    private List<String> writeOrder = List.of();
    private boolean shared;
    private @Nullable String basic;
    private @Nullable String inline;
    private Function<Version, String> names;

    private Builder(Class<R> record, Function<Version, String> typeName, boolean versioned) {
      this.record = record;
      this.names = typeName;
      this.versioned = versioned;
      this.components = record.getRecordComponents();
    }

    /** Adds the next component's field, under the component's own name. */
    @CanIgnoreReturnValue
    Builder<R> field(Type<?> type) {
      return field(components[Math.min(fields.size(), components.length - 1)].getName(), type);
    }

    /** Adds the next component's field under a JSON name. */
    @CanIgnoreReturnValue
    Builder<R> field(String json, Type<?> type) {
      int i = fields.size();
      if (i >= components.length) {
        throw new IllegalStateException(record.getSimpleName() + ": more fields than components at " + json);
      }
      fields.add(new Field(json, type, i, components[i].getType()));
      return this;
    }

    /** The last field must be present. */
    @CanIgnoreReturnValue
    Builder<R> required() {
      last().required = true;
      return this;
    }

    /** The last field reads as {@code {}} when absent: a non-pointer struct in Go. */
    @CanIgnoreReturnValue
    Builder<R> nonPointer() {
      last().nonPointer = true;
      return this;
    }

    /** The last field is written even when empty: Go declares it without omitempty. */
    @CanIgnoreReturnValue
    Builder<R> always() {
      last().always = true;
      return this;
    }

    /** The last field is left out when it writes as an empty object. */
    @CanIgnoreReturnValue
    Builder<R> omitEmpty() {
      last().omitEmpty = true;
      return this;
    }

    private Field last() {
      return fields.get(fields.size() - 1);
    }

    /**
     * Fields of the API that the record does not model, in known-fields.txt notation ({@code name},
     * {@code name:Type}, {@code name[]:Type}, {@code name{}:Type}), {@code {v}} standing for the
     * version's prefix of type names.
     */
    @CanIgnoreReturnValue
    Builder<R> known(String specs) {
      for (String spec : specs.strip().split("\\s+", -1)) {
        int colon = spec.indexOf(':');
        if (colon < 0) {
          known.put(spec, "");
        } else {
          String name = spec.substring(0, colon);
          String mark = name.endsWith("[]") ? "[]" : name.endsWith("{}") ? "{}" : "";
          known.put(name.substring(0, name.length() - mark.length()), mark + spec.substring(colon + 1));
        }
      }
      return this;
    }

    /** Objects of this table are top-level objects of a kind, read in these apiVersions and written in the first. */
    @CanIgnoreReturnValue
    Builder<R> kind(String kind, List<String> apiVersions) {
      this.kind = kind;
      this.versions = List.copyOf(apiVersions);
      this.apiVersion = apiVersions.get(0);
      known("apiVersion kind");
      return this;
    }

    /**
     * Checks the component values (absent ones filled in) before the record is built; the check
     * throws {@link Reading#fail} failures.
     */
    @CanIgnoreReturnValue
    Builder<R> check(BiConsumer<Object[], Reading> check) {
      this.check = check;
      return this;
    }

    /**
     * Equal records of this table are kept once per read: they repeat across devices and nodes
     * (capacities, counters, mixins, devices of identical nodes).
     */
    @CanIgnoreReturnValue
    Builder<R> shared() {
      this.shared = true;
      return this;
    }

    /** Writes the fields in this order (Go's struct order) rather than the record's. */
    @CanIgnoreReturnValue
    Builder<R> writeOrder(String... names) {
      this.writeOrder = List.of(names);
      return this;
    }

    /** In v1beta1 and v1alpha3 every field but the first sits in a wrapper object of this name. */
    @CanIgnoreReturnValue
    Builder<R> beta1Wrapper(String name) {
      this.basic = name;
      return this;
    }

    /** In v1beta1 and v1alpha3 the fields of this component's table are inline. */
    @CanIgnoreReturnValue
    Builder<R> beta1Inline(String component) {
      this.inline = component;
      return this;
    }

    /** Overrides the type name in some versions (client-java-api's ResourceV1ResourceClaim). */
    @CanIgnoreReturnValue
    Builder<R> typeName(Function<Version, String> names) {
      this.names = names;
      return this;
    }

    Table<R> build() {
      if (fields.size() != components.length) {
        throw new IllegalStateException(record.getSimpleName() + ": " + fields.size() + " fields for "
            + components.length + " components " + Arrays.toString(components));
      }
      return new Table<>(this);
    }
  }
}
