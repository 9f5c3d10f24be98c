package io.github.dra4j.core.internal.mixin;

import static io.github.dra4j.core.internal.mixin.TestSlices.DRIVER;
import static io.github.dra4j.core.internal.mixin.TestSlices.attrs;
import static io.github.dra4j.core.internal.mixin.TestSlices.caps;
import static io.github.dra4j.core.internal.mixin.TestSlices.consumes;
import static io.github.dra4j.core.internal.mixin.TestSlices.counterSet;
import static io.github.dra4j.core.internal.mixin.TestSlices.counters;
import static io.github.dra4j.core.internal.mixin.TestSlices.device;
import static io.github.dra4j.core.internal.mixin.TestSlices.deviceMixin;
import static io.github.dra4j.core.internal.mixin.TestSlices.mixins;
import static io.github.dra4j.core.internal.mixin.TestSlices.slice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.core.DeviceView.EntryVisitor;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The views sit on the allocator's hot path (every selector evaluation and counter check), so
 * lookups and iteration must not allocate, not even per call. Measured with the JVM's
 * per-thread allocation counter; a single allocation per call would show as megabytes here.
 */
final class MixinAllocationFreeTest {
  private static final int CALLS = 200_000;
  /** Slack for the measurement itself; far below one allocation per call. */
  private static final long SLACK_BYTES = 64 * 1024;

  private long sink;

  @Test
  void lookupsAndIterationDoNotAllocate() {
    com.sun.management.ThreadMXBean threads = threadBean();
    ResolvedSlice resolved = MixinResolver.resolve(slice(
        List.of(device("device-0", attrs("own", "1", "example.com/x", "2"), caps("memory", "1Gi"),
            List.of("m1", "m2"), List.of(consumes("cs-0", counters("a", "1"), "c1", "c2")))),
        List.of(counterSet("cs-0", counters("a", "10"), "s1")),
        mixins(List.of(deviceMixin("m1", attrs("model", "a100", "own", "9"), caps("cores", "4")),
                deviceMixin("m2", attrs("example.com/x", "3", "brand", "n"), caps("memory", "2Gi"))),
            List.of(new DeviceCounterConsumptionMixin("c1", counters("b", "2")),
                new DeviceCounterConsumptionMixin("c2", counters("b", "3", "c", "4"))),
            List.of(new CounterSetMixin("s1", counters("b", "20"))))), true);
    ResolvedDevice device = resolved.devices().get(0);
    ResolvedCounters consumption = device.consumesCounters().get(0);
    ResolvedCounters counterSet = resolved.counterSets().get(0);
    EntryVisitor<DeviceAttribute> attributeVisitor = (domain, id, v) -> sink += id.length();
    EntryVisitor<DeviceCapacity> capacityVisitor = (domain, id, v) -> sink += id.length();
    BiConsumer<String, Quantity> counterVisitor = (name, q) -> sink += name.length();

    Runnable work = () -> {
      for (int i = 0; i < CALLS; i++) {
        sink += device.attribute(DRIVER, "model") != null ? 1 : 0;
        sink += device.attribute("example.com", "x") != null ? 1 : 0;
        sink += device.attribute(DRIVER, "missing") == null ? 1 : 0;
        sink += device.capacity(DRIVER, "memory") != null ? 1 : 0;
        device.forEachAttribute(attributeVisitor);
        device.forEachCapacity(capacityVisitor);
        sink += consumption.counter("c") != null ? 1 : 0;
        consumption.forEachCounter(counterVisitor);
        sink += counterSet.counter("b") != null ? 1 : 0;
        counterSet.forEachCounter(counterVisitor);
      }
    };
    work.run(); // warm up
    long before = threads.getCurrentThreadAllocatedBytes();
    work.run();
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;

    assertThat(allocated).as("bytes allocated by %d rounds of lookups and iteration", CALLS)
        .isLessThan(SLACK_BYTES);
    assertThat(sink).isPositive();
  }

  private static com.sun.management.ThreadMXBean threadBean() {
    assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
        "per-thread allocation counter not available");
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
        "per-thread allocation counter not enabled");
    return threads;
  }
}
