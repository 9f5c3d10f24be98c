package io.github.dra4j.api.validation;

import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/*
 * The ResourceSlices of one pool (driver and pool name) as the ResourceSlice controller publishes
 * them and the scheduler reads them (GatherPools): one generation, resourceSliceCount slices of
 * it, device and counter set names unique across them. The scheduler ignores slices of an older
 * generation, skips an incomplete pool, and refuses a pool with a duplicate device or counter set
 * name ("invalid resource pools were encountered").
 *
 * Slices given twice under one name count once here (DuplicateObjects reports them), and a
 * duplicate within one slice is the per-object validation's (spec.devices[i]: Duplicate value).
 */
final class PoolConsistency {
  private static final FieldPath GENERATION = FieldPath.of("spec", "pool", "generation");
  private static final FieldPath COUNT = FieldPath.of("spec", "pool", "resourceSliceCount");
  private static final FieldPath DEVICES = FieldPath.of("spec", "devices");
  private static final FieldPath COUNTER_SETS = FieldPath.of("spec", "sharedCounters");

  private PoolConsistency() {}

  /** A slice of the input and its position. */
  private record Member(int index, ResourceSlice slice, SourcedObject object) {
    long generation() {
      return slice.spec().pool().generation();
    }

    long count() {
      return slice.spec().pool().resourceSliceCount();
    }
  }

  static void check(List<SourcedObject> objects, CrossObjectErrors errors) {
    pools(objects).forEach((pool, members) -> checkPool(pool, members, errors));
  }

  /*
   * Only the duplicate device and counter set names of the newest generation: what makes the
   * scheduler refuse a pool, where an older or incomplete generation is a pool being updated.
   */
  static void checkNames(List<SourcedObject> objects, CrossObjectErrors errors) {
    pools(objects).forEach((pool, members) -> uniqueNames(pool, current(members), errors));
  }

  private static Map<String, List<Member>> pools(List<SourcedObject> objects) {
    Map<String, List<Member>> pools = new LinkedHashMap<>();
    for (int i = 0; i < objects.size(); i++) {
      if (objects.get(i).object() instanceof ResourceSlice) {
        ResourceSlice s = (ResourceSlice) objects.get(i).object();
        pools.computeIfAbsent(s.spec().driver() + "/" + s.spec().pool().name(), k -> new ArrayList<>())
            .add(new Member(i, s, objects.get(i)));
      }
    }
    return pools;
  }

  /* The slices of the newest generation, one per name. */
  private static List<Member> current(List<Member> members) {
    long newest = members.stream().mapToLong(Member::generation).max().orElseThrow();
    List<Member> current = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (Member m : members) {
      if (m.generation() == newest && names.add(String.valueOf(m.slice.name()))) {
        current.add(m);
      }
    }
    return current;
  }

  private static void uniqueNames(String pool, List<Member> current, CrossObjectErrors errors) {
    unique(pool, current, s -> s.spec().devices(), Device::name, DEVICES, "device", errors);
    unique(pool, current, s -> s.spec().sharedCounters(), CounterSet::name, COUNTER_SETS, "counter set", errors);
  }

  private static void checkPool(String pool, List<Member> members, CrossObjectErrors errors) {
    long newest = members.stream().mapToLong(Member::generation).max().orElseThrow();
    Member newestSlice = members.stream().filter(m -> m.generation() == newest).findFirst().orElseThrow();
    for (Member m : members) {
      if (m.generation() < newest) {
        errors.add(m.index, FieldError.invalid(GENERATION, m.generation(), "older than generation " + newest
            + " of " + newestSlice.object.describe() + " in the same pool " + pool
            + ": the scheduler ignores slices of an older generation (a pool being updated)"));
      }
    }
    List<Member> current = current(members);
    Member first = current.get(0);
    for (Member m : current.subList(1, current.size())) {
      if (m.count() != first.count()) {
        errors.add(m.index, FieldError.invalid(COUNT, m.count(), "differs from resourceSliceCount "
            + first.count() + " of " + first.object.describe() + ", in the same pool and generation"));
      }
    }
    if (first.count() > 0 && current.size() != first.count()) {
      errors.add(first.index, FieldError.invalid(COUNT, first.count(), "pool " + pool + " has " + current.size()
          + (current.size() == 1 ? " ResourceSlice" : " ResourceSlices") + " of generation " + newest
          + " in the input: the scheduler treats the pool as incomplete and allocates none of its devices"));
    }
    uniqueNames(pool, current, errors);
  }

  /* Reports each name already used by another slice of the pool. */
  private static <T> void unique(String pool, List<Member> slices, Function<ResourceSlice, List<T>> items,
      Function<T, String> name, FieldPath path, String what, CrossObjectErrors errors) {
    Map<String, Member> owner = new HashMap<>();
    for (Member m : slices) {
      List<T> list = items.apply(m.slice);
      for (int i = 0; i < list.size(); i++) {
        String n = name.apply(list.get(i));
        Member earlier = owner.putIfAbsent(n, m);
        if (earlier != null && earlier.index != m.index) {
          errors.add(m.index, new FieldError(FieldError.Type.DUPLICATE, path.index(i).child("name"), n,
              "also a " + what + " of " + earlier.object.describe() + " in pool " + pool
                  + ": the scheduler refuses the pool"));
        }
      }
    }
  }
}
