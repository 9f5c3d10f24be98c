package io.github.dra4j.bench;

/** How the worst-case slices are published: with KEP-5234 mixins, or pre-flattened. */
public enum Form {
  /** Devices, consumptions and counter sets include mixins; the allocator walks them lazily. */
  MIXIN,
  /** The same slices with every mixin applied ({@code MixinFlattener}): no includes left. */
  FLATTENED;

  /** {@return the worst-case set in this form} */
  BenchCluster worstCase(int deviceSlices) {
    BenchCluster mixins = WorstCaseSlices.generate(WorstCaseSlices.SEED, deviceSlices);
    return this == MIXIN ? mixins : WorstCaseSlices.flattened(mixins);
  }
}
