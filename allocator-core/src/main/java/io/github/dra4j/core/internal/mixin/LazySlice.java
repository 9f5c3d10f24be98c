package io.github.dra4j.core.internal.mixin;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldError;
import java.util.List;

/** The result of {@link MixinResolver#resolve}: immutable lists built once per slice. */
final class LazySlice implements ResolvedSlice {
  private final ResourceSlice slice;
  private final List<? extends ResolvedDevice> devices;
  private final List<? extends ResolvedCounterSet> counterSets;
  private final List<Dropped> dropped;
  private final List<FieldError> problems;

  LazySlice(
      ResourceSlice slice,
      List<? extends ResolvedDevice> devices,
      List<? extends ResolvedCounterSet> counterSets,
      List<Dropped> dropped,
      List<FieldError> problems) {
    this.slice = slice;
    this.devices = List.copyOf(devices);
    this.counterSets = List.copyOf(counterSets);
    this.dropped = List.copyOf(dropped);
    this.problems = List.copyOf(problems);
  }

  @Override
  public ResourceSlice slice() {
    return slice;
  }

  @Override
  public List<? extends ResolvedDevice> devices() {
    return devices;
  }

  @Override
  public List<? extends ResolvedCounterSet> counterSets() {
    return counterSets;
  }

  @Override
  public List<Dropped> dropped() {
    return dropped;
  }

  @Override
  public List<FieldError> problems() {
    return problems;
  }

  @Override
  public String toString() {
    return "ResolvedSlice[" + slice.name() + ", devices=" + devices.size()
        + ", counterSets=" + counterSets.size() + ", dropped=" + dropped.size()
        + ", problems=" + problems.size() + "]";
  }
}
