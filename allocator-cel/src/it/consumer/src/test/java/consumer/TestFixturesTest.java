package consumer;

import static io.github.dra4j.testing.Builders.claim;
import static io.github.dra4j.testing.Builders.device;
import static io.github.dra4j.testing.Builders.deviceClass;
import static io.github.dra4j.testing.Builders.node;
import static io.github.dra4j.testing.Builders.request;
import static io.github.dra4j.testing.Builders.slice;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.AllocationOutcome;
import io.github.dra4j.core.StructuredAllocator;
import io.github.dra4j.testing.Examples;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The test dependencies docs/library.md names: allocator-api's test-jar (Builders) and src-test-fixtures (Examples). */
class TestFixturesTest {
  @Test
  void buildersMakeACaseThatAllocates() {
    StructuredAllocator allocator = StructuredAllocator.builder().selectorCompiler(CelCompiler.create()).build();
    var snapshot = allocator.snapshot(
        List.of(slice("s", "gpu.example.com", "node-1", "node-1", device("gpu-0"), device("gpu-1")).build()),
        List.of(deviceClass("gpu", "device.driver == \"gpu.example.com\"")), List.of());

    AllocationOutcome outcome = snapshot.allocate(node("node-1"), List.of(claim("c", request("r", "gpu", 2)).build()));

    assertInstanceOf(AllocationOutcome.Allocated.class, outcome);
  }

  @Test
  void examplesLoadTheReadmeExample() {
    long slices = Examples.load(Examples.A100_MIXINS).stream().filter(ResourceSlice.class::isInstance).count();

    assertEquals(2, slices);
  }
}
