package io.github.dra4j.api.validation;

import io.github.dra4j.api.field.FieldError;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/* Collects the errors of the cross-object rules, each with the input position of its object, so that they come out in input order whichever rule found them. */
final class CrossObjectErrors {
  private record Entry(int index, ObjectError error) {}

  private final List<SourcedObject> objects;
  private final List<Entry> entries = new ArrayList<>();

  CrossObjectErrors(List<SourcedObject> objects) {
    this.objects = objects;
  }

  void add(int index, FieldError error) {
    entries.add(new Entry(index, new ObjectError(objects.get(index), error)));
  }

  /** {@return the errors by the position of their object; a stable sort keeps each object's in rule order} */
  List<ObjectError> sorted() {
    List<Entry> copy = new ArrayList<>(entries);
    copy.sort(Comparator.comparingInt(Entry::index));
    List<ObjectError> out = new ArrayList<>(copy.size());
    copy.forEach(e -> out.add(e.error()));
    return List.copyOf(out);
  }
}
