package io.github.dra4j.cel;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.core.DeviceView;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A plain device for tests: qualified names split as the reference's parseQualifiedName does
 * (an unqualified name belongs to the driver's domain).
 */
final class TestDevice implements DeviceView {

  private final String driver;
  private final boolean allowMultipleAllocations;
  private final Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
  private final Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();

  private TestDevice(String driver, boolean allowMultipleAllocations) {
    this.driver = driver;
    this.allowMultipleAllocations = allowMultipleAllocations;
  }

  static TestDevice of(String driver) {
    return new TestDevice(driver, false);
  }

  static TestDevice multi(String driver) {
    return new TestDevice(driver, true);
  }

  TestDevice attr(String name, DeviceAttribute value) {
    attributes.put(qualify(name), value);
    return this;
  }

  TestDevice cap(String name, String quantity) {
    capacity.put(qualify(name), DeviceCapacity.of(quantity));
    return this;
  }

  private String qualify(String name) {
    return name.contains("/") ? name : driver + "/" + name;
  }

  @Override
  public String driver() {
    return driver;
  }

  @Override
  public String pool() {
    return "pool";
  }

  @Override
  public String name() {
    return "device";
  }

  @Override
  public @Nullable DeviceAttribute attribute(String domain, String id) {
    return attributes.get(domain + "/" + id);
  }

  @Override
  public @Nullable DeviceCapacity capacity(String domain, String id) {
    return capacity.get(domain + "/" + id);
  }

  @Override
  public void forEachAttribute(EntryVisitor<DeviceAttribute> visitor) {
    attributes.forEach((k, v) -> visitor.visit(k.substring(0, k.indexOf('/')), k.substring(k.indexOf('/') + 1), v));
  }

  @Override
  public void forEachCapacity(EntryVisitor<DeviceCapacity> visitor) {
    capacity.forEach((k, v) -> visitor.visit(k.substring(0, k.indexOf('/')), k.substring(k.indexOf('/') + 1), v));
  }

  @Override
  public boolean allowMultipleAllocations() {
    return allowMultipleAllocations;
  }

  @Override
  public String toString() {
    return driver + " " + attributes + " " + capacity;
  }
}
