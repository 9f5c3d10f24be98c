package io.github.dra4j.api.validation;

import java.util.List;

/**
 * Validates objects against each other, as a cluster holds them: what {@link Validator}, which
 * sees one object at a time, cannot check, and what the API server or the ResourceSlice
 * controller would not let into a cluster, or the scheduler would fail on. The rules, each
 * reported on the object that breaks it and in input order ({@code docs/validation.md} lists
 * them with their messages):
 * <ul>
 *   <li>duplicate objects: two objects of one kind, namespace and name (a missing namespace is
 *       {@code default}, as kubectl applies it); every one after the first is an error at
 *       {@code metadata.name};
 *   <li>pools: the ResourceSlices of one pool (driver and pool name) share one generation (an
 *       older slice is ignored by the scheduler), agree on {@code resourceSliceCount}, number
 *       exactly that many (otherwise the scheduler treats the pool as incomplete), and name each
 *       device and each shared counter set once across the pool;
 *   <li>references: the device class of each request of a claim not yet allocated and of a claim
 *       template, and the claim or template of each entry of a pod's {@code spec.resourceClaims}
 *       (in the pod's namespace), must be among the objects.
 * </ul>
 *
 * <p>Each error names the object, its origin when known, and the field:
 * <pre>{@code
 * List<SourcedObject> objects = new ArrayList<>();
 * codec.readAll(text, "cluster.yaml", (o, document) -> objects.add(new SourcedObject(o, "cluster.yaml", document)));
 * for (ObjectError e : CrossObjectValidator.validate(objects)) {
 *   System.err.println(e); // cluster.yaml, document 4: ResourceSlice/b: spec.devices[0].name: Duplicate value: "gpu-0": ...
 * }
 * }</pre>
 *
 * <p>Like {@link Validator}, it never throws for bad content and never mutates its input.
 */
public final class CrossObjectValidator {
  private CrossObjectValidator() {}

  /**
   * Checks every cross-object rule.
   *
   * @param objects the objects with where each was read ({@link SourcedObject#of} when unknown);
   *     objects of kinds dra4j does not model take part in no rule
   * @return every error, ordered by the position of the object it is about, then by rule, each
   *     with that very element of {@code objects} (so that a caller can group errors by object);
   *     empty when the objects are consistent
   */
  public static List<ObjectError> validate(List<SourcedObject> objects) {
    CrossObjectErrors errors = new CrossObjectErrors(List.copyOf(objects));
    DuplicateObjects.check(objects, errors);
    PoolConsistency.check(objects, errors);
    References.check(objects, errors);
    return errors.sorted();
  }

  /**
   * Checks only that no two objects share kind, namespace and name: the rule a collection of
   * objects that stands for a cluster (one object per name) applies when it is built.
   *
   * @param objects the objects, with their origins when known
   * @return an error for every object whose kind, namespace and name an earlier one has, in
   *     input order; empty when every name is unique
   */
  public static List<ObjectError> duplicateObjects(List<SourcedObject> objects) {
    CrossObjectErrors errors = new CrossObjectErrors(List.copyOf(objects));
    DuplicateObjects.check(objects, errors);
    return errors.sorted();
  }

  /**
   * Checks only that no pool names a device or a shared counter set twice across its slices of the
   * newest generation. The scheduler refuses such a pool ("invalid resource pools were
   * encountered" when no other pool can satisfy a claim), so a reader that reproduces the scheduler
   * warns about it rather than refusing the input; {@code validate} reports it as an error.
   *
   * @param objects the objects, with their origins when known
   * @return an error for every device or counter set whose name an earlier slice of its pool
   *     gives, in input order; empty when every pool names each once
   */
  public static List<ObjectError> duplicatePoolNames(List<SourcedObject> objects) {
    CrossObjectErrors errors = new CrossObjectErrors(List.copyOf(objects));
    PoolConsistency.checkNames(objects, errors);
    return errors.sorted();
  }
}
