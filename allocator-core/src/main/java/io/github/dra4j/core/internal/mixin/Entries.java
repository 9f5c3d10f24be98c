package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.DeviceAttribute;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * The attributes or capacities of one device or device mixin with their names split into
 * (domain, id) once, when the slice is resolved. Entries are sorted by domain, then id, so a
 * lookup is a binary search over a few strings and never allocates. *
 * Two raw names can denote the same qualified name ("model" and "driver-a/model" in a slice of
 * driver-a). Kubernetes asks drivers to write their own attributes unqualified, so the
 * unqualified spelling wins; the other one is ignored, deterministically.
 */
final class Entries<V> {
  /* Declared before EMPTY, which needs it. */
  private static final int[] NOT_NUMBERED = new int[0];
  private static final Entries<?> EMPTY = new Entries<>(new String[0], new String[0], new Object[0], null);

  /** By domain, then id; for equal (domain, id) the unqualified spelling first, so it is kept. */
  private static final Comparator<Item> ORDER = Comparator.comparing((Item it) -> it.domain)
      .thenComparing(it -> it.id)
      .thenComparing(it -> it.qualified);

  private final String[] domains;
  private final String[] ids;
  private final Object[] values;
  /*
   * Which entries are spelled qualified, when one of the driver's own domain is ("dra.cpu/cpu"
   * in a slice of dra.cpu); null otherwise, the common case, where exactly the entries of other
   * domains are. Capacity requests and results use the name as spelled (see name).
   */
  private final boolean @Nullable [] spelledQualified;
  /* Whether a value is DeviceAttribute.Empty, so that views skip the search for one otherwise. */
  private final boolean hasEmpty;
  /* Slice-wide name ranks (NameTable), set during resolution when the entries feed an index. */
  private int[] ranks = NOT_NUMBERED;

  private Entries(String[] domains, String[] ids, Object[] values, boolean @Nullable [] spelledQualified) {
    this.domains = domains;
    this.ids = ids;
    this.values = values;
    this.spelledQualified = spelledQualified;
    boolean empty = false;
    for (Object v : values) {
      empty |= v instanceof DeviceAttribute.Empty;
    }
    this.hasEmpty = empty;
  }

  @SuppressWarnings("unchecked")
  static <V> Entries<V> empty() {
    return (Entries<V>) EMPTY;
  }

  /** Normalises the names of {@code raw}; an unqualified name belongs to {@code driver}. */
  static <V> Entries<V> of(Map<String, V> raw, String driver) {
    if (raw.isEmpty()) {
      return empty();
    }
    int n = raw.size();
    Item[] items = new Item[n];
    int i = 0;
    for (Map.Entry<String, V> e : raw.entrySet()) {
      String name = e.getKey();
      int slash = name.indexOf('/');
      items[i++] = slash < 0
          ? new Item(driver, name, false, e.getValue())
          : new Item(name.substring(0, slash), name.substring(slash + 1), true, e.getValue());
    }
    Arrays.sort(items, ORDER);
    int kept = 0;
    for (int j = 0; j < n; j++) {
      Item prev = kept > 0 ? items[kept - 1] : null;
      if (prev != null && prev.domain.equals(items[j].domain) && prev.id.equals(items[j].id)) {
        continue;
      }
      items[kept++] = items[j];
    }
    String[] domains = new String[kept];
    String[] ids = new String[kept];
    Object[] values = new Object[kept];
    boolean ownDomainQualified = false;
    for (int j = 0; j < kept; j++) {
      domains[j] = items[j].domain;
      ids[j] = items[j].id;
      values[j] = items[j].value;
      ownDomainQualified |= items[j].qualified && items[j].domain.equals(driver);
    }
    boolean[] qualified = null;
    if (ownDomainQualified) {
      qualified = new boolean[kept];
      for (int j = 0; j < kept; j++) {
        qualified[j] = items[j].qualified;
      }
    }
    return new Entries<>(domains, ids, values, qualified);
  }

  int size() {
    return ids.length;
  }

  /** {@return whether some value is an attribute of no supported type} */
  boolean hasEmpty() {
    return hasEmpty;
  }

  /** Numbers the names in the slice's table, once; empty entries need no numbers. */
  void number(NameTable names) {
    if (ranks.length != ids.length) {
      ranks = names.number(this, domains, ids);
    }
  }

  /** Forgets the ranks: only resolution needs them. */
  void releaseRanks() {
    ranks = NOT_NUMBERED;
  }

  /** {@return the name ranks, valid after {@link #number} and {@link NameTable#finish}} */
  int[] ranks() {
    return ranks;
  }

  String domain(int i) {
    return domains[i];
  }

  String id(int i) {
    return ids[i];
  }

  /**
   * {@return entry {@code i}'s name as the slice spells it} The reference keys capacities by
   * that spelling: a request for {@code cpu} does not match a capacity {@code dra.cpu/cpu}.
   *
   * @param driver the driver of the slice these entries were made for
   */
  String name(int i, String driver) {
    boolean[] q = spelledQualified;
    boolean qualified = q != null ? q[i] : !domains[i].equals(driver);
    return qualified ? domains[i] + "/" + ids[i] : ids[i];
  }

  @SuppressWarnings("unchecked")
  V value(int i) {
    return (V) values[i];
  }

  /** {@return the value of (domain, id), or null} */
  @Nullable V get(String domain, String id) {
    int i = indexOf(domain, id);
    return i < 0 ? null : value(i);
  }

  boolean contains(String domain, String id) {
    return indexOf(domain, id) >= 0;
  }

  /** {@return the index of (domain, id), or -1} */
  int indexOf(String domain, String id) {
    return indexOf(domains, ids, domain, id);
  }

  /** {@return the index of (domain, id) in parallel arrays sorted by domain, then id, or -1} */
  static int indexOf(String[] domains, String[] ids, String domain, String id) {
    int lo = 0;
    int hi = ids.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = domains[mid].compareTo(domain);
      if (c == 0) {
        c = ids[mid].compareTo(id);
      }
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  private static final class Item {
    final String domain;
    final String id;
    final boolean qualified;
    final Object value;

    Item(String domain, String id, boolean qualified, Object value) {
      this.domain = domain;
      this.id = id;
      this.qualified = qualified;
      this.value = value;
    }
  }
}
