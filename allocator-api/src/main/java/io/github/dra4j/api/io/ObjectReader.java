package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.RawJson;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.jspecify.annotations.Nullable;

/*
 * The objects of one document, read from its tokens in one pass: a Kubernetes object goes through
 * its kind's field table, another kind is kept as an UnknownObject, and a list (any object whose
 * items field is a list, as kubectl's unstructured.IsList has it) is read item by item. Only
 * the fields before kind and apiVersion are buffered (as tokens) to learn which table to use; an
 * item that needs its list's kind, which kubectl's YAML writes after the items, waits as tokens.
 */
final class ObjectReader {

  /** Where decoded objects and warnings go, in input order. */
  interface Output {
    void object(Object o);

    void warning(DecodeException w);
  }

  /** What a list says about items that lack kind or apiVersion; null parts are not known (yet). */
  record ListInfo(@Nullable String kind, @Nullable String apiVersion) {
    static final ListInfo NONE = new ListInfo(null, null);

    /** {@return the kind of the items of a typed list (ResourceSliceList), or "" for List and unknown} */
    String itemKind() {
      return kind != null && kind.endsWith("List") ? kind.substring(0, kind.length() - "List".length()) : "";
    }

    boolean known() {
      return kind != null;
    }
  }

  private final String source;
  private final int document;
  private final FieldValidation validation;
  private final Shared shared;

  ObjectReader(String source, int document, FieldValidation validation, Shared shared) {
    this.source = source;
    this.document = document;
    this.validation = validation;
    this.shared = shared;
  }

  /**
   * Reads a document's root value at the cursor: an object or list, nothing for an empty
   * document, and for JSON a top-level array of objects.
   */
  void document(Tokens in, JsonPath base, boolean arrayOfObjects, Output out) throws DecodeException {
    Tokens.Token t = in.token();
    if (t == Tokens.Token.NULL || t == Tokens.Token.END) {
      notes(in, null, out);
      return;
    }
    if (t == Tokens.Token.START_ARRAY && arrayOfObjects) {
      while (in.next() != Tokens.Token.END_ARRAY) {
        object(in, base, ListInfo.NONE, out, false);
      }
      return;
    }
    object(in, base, ListInfo.NONE, out, false);
  }

  /**
   * The items of a list that wait for the list's kind (which kubectl's YAML writes after the
   * items), as tokens, and the objects and warnings after the first of them, so that all come
   * out in input order once the kind is known.
   */
  final class Pending implements Output {
    private record Waiting(Recording tokens, JsonPath path) {}

    private final List<Object> entries = new ArrayList<>();

    @Override
    public void object(Object o) {
      entries.add(o);
    }

    @Override
    public void warning(DecodeException w) {
      entries.add(w);
    }

    void waiting(Recording tokens, JsonPath path) {
      entries.add(new Waiting(tokens, path));
    }

    /** Decodes the waiting items with what the list says, and passes everything on in order. */
    void flush(ListInfo list, Output out) throws DecodeException {
      for (Object e : entries) {
        if (e instanceof Waiting) {
          Waiting w = (Waiting) e;
          Recording.Replay r = w.tokens().replay();
          r.next();
          ObjectReader.this.object(r, w.path(), list, out, false);
        } else if (e instanceof DecodeException) {
          out.warning((DecodeException) e);
        } else {
          out.object(e);
        }
      }
      entries.clear();
    }
  }

  /**
   * Reads the items of a list from a sequence at the cursor, the first at index {@code first}.
   *
   * @return the items that wait for the list's kind, with what follows them, or null when none waits
   */
  @Nullable Pending items(Tokens in, JsonPath items, int first, ListInfo list, Output out) throws DecodeException {
    Pending pending = null;
    for (int i = first; in.next() != Tokens.Token.END_ARRAY; i++) {
      Output target = pending == null ? out : pending;
      Recording waiting = object(in, items.index(i), list, target, !list.known());
      if (waiting != null) {
        if (pending == null) {
          pending = new Pending();
        }
        pending.waiting(waiting, items.index(i));
      }
    }
    return pending;
  }

  /**
   * Reads one object at the cursor; list items take kind and apiVersion from a typed list.
   *
   * @param mayWait whether an object without kind or apiVersion waits for its list's, not known yet
   * @return the object's tokens when it waits, else null
   */
  @CanIgnoreReturnValue
  @Nullable Recording object(Tokens in, JsonPath path, ListInfo list, Output out, boolean mayWait) throws DecodeException {
    if (in.token() != Tokens.Token.START_OBJECT) {
      throw new DecodeException(source, document, null, path, "expected a Kubernetes object, got " + in.describe());
    }
    Recording head = new Recording();
    Recording.Recorder rec = new Recording.Recorder(in, head);
    String kind = null;
    String apiVersion = null;
    while (rec.next() == Tokens.Token.NAME) {
      String key = rec.text();
      Tokens.Token v = rec.next();
      if (key.equals("kind") && v == Tokens.Token.STRING) {
        kind = rec.text();
      } else if (key.equals("apiVersion") && v == Tokens.Token.STRING) {
        apiVersion = rec.text();
      } else if (key.equals("items") && v == Tokens.Token.START_ARRAY) {
        rec.stop();
        list(in, path, kind, apiVersion, out);
        return null;
      } else {
        rec.skipValue();
      }
      if (kind != null && apiVersion != null && Decoder.kind(kind) != null) {
        break; // the rest is read by the kind's table, straight from the input
      }
    }
    if (mayWait && (kind == null || apiVersion == null)) {
      rec.skipValue();
      return head;
    }
    rec.stop();
    if (!list.itemKind().isEmpty()) {
      kind = kind == null ? list.itemKind() : kind;
      apiVersion = apiVersion == null ? list.apiVersion() : apiVersion;
    }
    Recording.Replay replay = head.replayThen(in);
    replay.next();
    decode(replay, path, kind == null ? "" : kind, apiVersion == null ? "" : apiVersion, out);
    return null;
  }

  /** A list found in an object whose fields before {@code items} said this kind and apiVersion. */
  private void list(Tokens in, JsonPath path, @Nullable String kindSoFar, @Nullable String versionSoFar, Output out) throws DecodeException {
    String kind = kindSoFar;
    String apiVersion = versionSoFar;
    notes(in, null, out);
    Pending pending = items(in, path.field("items"), 0, new ListInfo(kind, apiVersion), out);
    while (in.next() == Tokens.Token.NAME) {
      String key = in.text();
      Tokens.Token v = in.next();
      if (key.equals("kind") && v == Tokens.Token.STRING) {
        kind = in.text();
      } else if (key.equals("apiVersion") && v == Tokens.Token.STRING) {
        apiVersion = in.text();
      } else {
        in.skipValue();
      }
    }
    notes(in, null, out);
    if (pending != null) {
      pending.flush(new ListInfo(kind, apiVersion), out);
    }
  }

  /** Decodes an object whose kind and apiVersion are known, at its START_OBJECT. */
  private void decode(Tokens in, JsonPath path, String kind, String apiVersion, Output out) throws DecodeException {
    Table<?> table = Decoder.kind(kind);
    if (table != null && !apiVersion.isEmpty()) {
      int slash = apiVersion.lastIndexOf('/');
      String group = slash < 0 ? "" : apiVersion.substring(0, slash);
      String wanted = group(table);
      if (!group.equals(wanted)) {
        if (!looksMeantFor(group, wanted)) {
          table = null; // another API group's kind of the same name (a CRD): not ours to read
        } else {
          throw new DecodeException(source, document, ref(kind, nameOf(in)), path.field("apiVersion"),
              "unknown API group \"" + group + "\" in apiVersion \"" + apiVersion + "\"; " + kind
                  + " is in API group " + (wanted.isEmpty() ? "\"\" (core, apiVersion: v1)" : wanted));
        }
      } else if (!table.apiVersions().contains(apiVersion)) {
        throw new DecodeException(source, document, ref(kind, nameOf(in)), path.field("apiVersion"),
            "unsupported apiVersion \"" + apiVersion + "\" for " + kind + "; supported: "
                + String.join(", ", table.apiVersions()));
      }
    }
    if (table == null) {
      unknown(in, path, kind, apiVersion, out);
      return;
    }
    Object o = decodeWith(table, in, path, kind, apiVersion);
    notes(in, ref(kind, Decoder.name(o)), out);
    out.object(o);
  }

  /** {@return metadata.name of the object at the cursor (its START_OBJECT), reading it to its end} */
  private static @Nullable String nameOf(Tokens in) {
    String name = null;
    while (in.next() == Tokens.Token.NAME) {
      boolean metadata = in.text().equals("metadata");
      if (in.next() == Tokens.Token.START_OBJECT && metadata) {
        while (in.next() == Tokens.Token.NAME) {
          boolean isName = in.text().equals("name");
          if (in.next() == Tokens.Token.STRING && isName) {
            name = in.text();
          } else {
            in.skipValue();
          }
        }
      } else {
        in.skipValue();
      }
    }
    return name;
  }

  /** Reads an object through a table: in one pass, or for v1alpha3 checked against known-fields.txt first. */
  Object decodeWith(Table<?> table, Tokens in, JsonPath path, String kind, String apiVersion) throws DecodeException {
    Version version = Version.of(apiVersion);
    Tokens tokens = in;
    FieldValidation mode = validation;
    if (version == Version.V1ALPHA3) {
      Recording whole = new Recording();
      Recording.Recorder rec = new Recording.Recorder(in, whole);
      rec.skipValue();
      String root = FieldCheck.instance().rootType(apiVersion, kind);
      if (root != null && validation != FieldValidation.IGNORE) {
        Reading check = new Reading(version, validation, shared, path);
        Recording.Replay r = whole.replay();
        r.next();
        FieldCheck.instance().walk(r, root, check);
        report(check, ref(kind, check.name()));
      }
      tokens = whole.replay();
      tokens.next();
      mode = FieldValidation.IGNORE;
    }
    Reading r = new Reading(version, mode, shared, path);
    Object value;
    try {
      value = table.read(tokens, r);
    } catch (Reading.Failure f) {
      throw new DecodeException(source, document, ref(kind, r.name()), f.path, f.getMessage());
    }
    report(r, ref(kind, Decoder.name(value)));
    return value;
  }

  private void unknown(Tokens in, JsonPath path, String kind, String apiVersion, Output out) throws DecodeException {
    Reading r = new Reading(Version.V1, validation, shared, path);
    JsonNode tree = Trees.read(in, r);
    if (tree instanceof ObjectNode) {
      ObjectNode o = (ObjectNode) tree;
      if (!kind.isEmpty() && !o.hasNonNull("kind")) {
        o.put("kind", kind);
      }
      if (!apiVersion.isEmpty() && !o.hasNonNull("apiVersion")) {
        o.put("apiVersion", apiVersion);
      }
    }
    JsonNode name = tree.path("metadata").path("name");
    String n = name.isTextual() ? name.textValue() : null;
    report(r, ref(kind, n));
    notes(in, ref(kind, n), out);
    out.object(new UnknownObject(apiVersion, kind, n, new RawJson(tree.toString())));
  }

  private void report(Reading r, @Nullable String ref) throws DecodeException {
    List<Reading.Problem> problems = r.problems();
    if (problems.isEmpty() || validation == FieldValidation.IGNORE) {
      return;
    }
    List<DecodeException> all = new ArrayList<>(problems.size());
    for (Reading.Problem p : problems) {
      all.add(new DecodeException(source, document, ref, p.path(), p.message()));
    }
    if (validation == FieldValidation.STRICT) {
      throw DecodeException.allOf(all);
    }
    pendingWarnings.addAll(all);
  }

  private final List<DecodeException> pendingWarnings = new ArrayList<>();

  /** {@return the field validation warnings of objects read through {@link #decodeWith}, and forgets them} */
  List<DecodeException> takeWarnings() {
    List<DecodeException> out = List.copyOf(pendingWarnings);
    pendingWarnings.clear();
    return out;
  }

  /** Passes on the warnings of the object just read: field validation's, then changed plain scalars. */
  private void notes(Tokens in, @Nullable String ref, Output out) {
    pendingWarnings.forEach(out::warning);
    pendingWarnings.clear();
    for (YamlTokens.Note n : in.takeNotes()) {
      out.warning(new DecodeException(source, document, ref, n.path(), n.message()));
    }
  }

  static @Nullable String ref(String kind, @Nullable String name) {
    if (kind.isEmpty()) {
      return null;
    }
    return name == null ? kind : kind + "/" + name;
  }

  private static String group(Table<?> table) {
    String first = table.apiVersions().get(0);
    int slash = first.lastIndexOf('/');
    return slash < 0 ? "" : first.substring(0, slash);
  }

  /**
   * Whether a group that is not the kind's own was still meant for it: groups under
   * {@code k8s.io} belong to Kubernetes itself, so a DRA or core kind there is a misspelled
   * group, as is a group a couple of letters away from the kind's own ({@code resources.k8s.io},
   * {@code resource.k8s.oi}). Any other group may define its own kind of the same name.
   */
  static boolean looksMeantFor(String group, String wanted) {
    return group.equals("k8s.io") || group.endsWith(".k8s.io")
        || (!wanted.isEmpty() && LevenshteinDistance.getDefaultInstance().apply(group, wanted) <= 2);
  }
}
