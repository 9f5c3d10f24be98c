package io.github.dra4j.testing;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One conformance scenario: a single allocation call for one node and what it must return.
 *
 * @param name the scenario name ({@code metadata.name} of its header)
 * @param node the name of the Node the allocation runs for
 * @param featureGates every gate of the header, by Kubernetes name, in header order
 * @param objects the cluster objects in document order (Node, DeviceClass, ResourceSlice,
 *     ResourceClaim records), followed by the in-use claims that the header's
 *     {@code allocatedDevices}, {@code allocatedSharedDevices} and {@code allocatedCapacity}
 *     stand for, synthesized as the reference runner does
 * @param expect the expected outcome
 */
public record Scenario(
    String name,
    String node,
    Map<String, Boolean> featureGates,
    List<Object> objects,
    Expectation expect) {

  public Scenario {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(node, "node");
    featureGates = Collections.unmodifiableMap(new LinkedHashMap<>(featureGates));
    objects = List.copyOf(objects);
    Objects.requireNonNull(expect, "expect");
  }

  /** {@return the Node named {@link #node()}: the first one, as objects are not deduplicated} */
  public Node nodeObject() {
    for (Node n : ofType(Node.class)) {
      if (node.equals(n.name())) {
        return n;
      }
    }
    throw new IllegalStateException("scenario " + name + " has no Node named " + node);
  }

  /** {@return the device classes, in document order} */
  public List<DeviceClass> deviceClasses() {
    return ofType(DeviceClass.class);
  }

  /** {@return the resource slices, in document order} */
  public List<ResourceSlice> slices() {
    return ofType(ResourceSlice.class);
  }

  /** {@return the claims without {@code status.allocation}: the ones to allocate, in order} */
  public List<ResourceClaim> claimsToAllocate() {
    List<ResourceClaim> out = new ArrayList<>();
    for (ResourceClaim c : ofType(ResourceClaim.class)) {
      if (c.allocation() == null) {
        out.add(c);
      }
    }
    return List.copyOf(out);
  }

  /** {@return the claims with {@code status.allocation}, including the synthesized ones} */
  public List<ResourceClaim> allocatedClaims() {
    List<ResourceClaim> out = new ArrayList<>();
    for (ResourceClaim c : ofType(ResourceClaim.class)) {
      if (c.allocation() != null) {
        out.add(c);
      }
    }
    return List.copyOf(out);
  }

  private <T> List<T> ofType(Class<T> type) {
    List<T> out = new ArrayList<>();
    for (Object o : objects) {
      if (type.isInstance(o)) {
        out.add(type.cast(o));
      }
    }
    return List.copyOf(out);
  }

  /** {@return the scenario name, so that parameterized tests read well} */
  @Override
  public String toString() {
    return name;
  }
}
