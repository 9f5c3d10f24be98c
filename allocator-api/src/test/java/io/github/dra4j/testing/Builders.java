package io.github.dra4j.testing;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.CapacityRequestPolicy;
import io.github.dra4j.api.CapacityRequirements;
import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAllocationMode;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClaim;
import io.github.dra4j.api.DeviceClaimConfiguration;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceClassSpec;
import io.github.dra4j.api.DeviceConstraint;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceDerivedAttribute;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.DeviceSelector;
import io.github.dra4j.api.DeviceSubRequest;
import io.github.dra4j.api.DeviceTaint;
import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.ExactDeviceRequest;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.NodeSelectorRequirement;
import io.github.dra4j.api.NodeSelectorTerm;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimStatus;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import io.github.dra4j.api.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Terse helpers that build API records for tests, in the style of the Go allocator tests
 * ({@code claim()}, {@code request()}, {@code slice()}, {@code device()}). Leaves are fluent
 * builders; the top-level object is finished with {@code build()}:
 *
 * <pre>{@code
 * ResourceSlice s = slice("slice-1", DRIVER, POOL, NODE,
 *     device("gpu-0").attr("model", "a100").capacity("memory", "40Gi"),
 *     device("gpu-1").includes("a100")).build();
 * ResourceClaim c = claim("claim-0", request("req-0", CLASS, 2).selector("device.driver == 'x'"))
 *     .build();
 * }</pre>
 *
 * <p>Every builder is single-use and not thread-safe; the records it returns are immutable.
 */
public final class Builders {
  /** The driver name the Go tests call driverA. */
  public static final String DRIVER = "driver-a";
  /** The pool name the Go tests call pool1. */
  public static final String POOL = "pool-1";
  /** The node name the Go tests call node1. */
  public static final String NODE = "node-1";
  /** The device class name the Go tests call classA. */
  public static final String CLASS = "class-a";
  /** The namespace of claims built here unless set otherwise. */
  public static final String NAMESPACE = "default";

  private Builders() {}

  /* --- slices --- */

  /**
   * Starts a slice of generation 1 in a pool of one slice.
   *
   * @param name the slice name
   * @param driver the driver
   * @param pool the pool name
   * @param nodeName the node, or null to choose another node selection on the builder
   * @param devices the devices
   * @return a builder
   */
  public static SliceBuilder slice(String name, String driver, String pool,
      @Nullable String nodeName, DeviceBuilder... devices) {
    SliceBuilder b = new SliceBuilder(name, driver, pool);
    b.nodeName = nodeName;
    for (DeviceBuilder d : devices) {
      b.devices.add(d.build());
    }
    return b;
  }

  /**
   * Starts a slice that holds only counter sets (KEP-4815 puts them in their own slice).
   *
   * @param name the slice name
   * @param driver the driver
   * @param pool the pool name
   * @param nodeName the node, or null to choose another node selection on the builder
   * @param counterSets the counter sets
   * @return a builder
   */
  public static SliceBuilder counterSlice(String name, String driver, String pool,
      @Nullable String nodeName, CounterSet... counterSets) {
    SliceBuilder b = new SliceBuilder(name, driver, pool);
    b.nodeName = nodeName;
    b.sharedCounters.addAll(Arrays.asList(counterSets));
    return b;
  }

  /** Builds a {@link ResourceSlice}. */
  public static final class SliceBuilder {
    private final String name;
    private final String driver;
    private final String pool;
    private long generation = 1;
    private long resourceSliceCount = 1;
    private @Nullable String nodeName;
    private @Nullable NodeSelector nodeSelector;
    private boolean allNodes;
    private boolean perDeviceNodeSelection;
    private final List<Device> devices = new ArrayList<>();
    private final List<CounterSet> sharedCounters = new ArrayList<>();
    private final List<DeviceMixin> deviceMixins = new ArrayList<>();
    private final List<DeviceCounterConsumptionMixin> consumptionMixins = new ArrayList<>();
    private final List<CounterSetMixin> counterSetMixins = new ArrayList<>();
    private boolean mixins;

    private SliceBuilder(String name, String driver, String pool) {
      this.name = name;
      this.driver = driver;
      this.pool = pool;
    }

    /** {@return this builder with the pool generation set} */
    @CanIgnoreReturnValue
    public SliceBuilder generation(long generation) {
      this.generation = generation;
      return this;
    }

    /** {@return this builder with the number of slices in the pool set} */
    @CanIgnoreReturnValue
    public SliceBuilder resourceSliceCount(long count) {
      this.resourceSliceCount = count;
      return this;
    }

    /** {@return this builder with a node name (clears nothing else)} */
    @CanIgnoreReturnValue
    public SliceBuilder nodeName(@Nullable String nodeName) {
      this.nodeName = nodeName;
      return this;
    }

    /** {@return this builder with a node selector} */
    @CanIgnoreReturnValue
    public SliceBuilder nodeSelector(@Nullable NodeSelector selector) {
      this.nodeSelector = selector;
      return this;
    }

    /** {@return this builder with {@code allNodes} set} */
    @CanIgnoreReturnValue
    public SliceBuilder allNodes(boolean allNodes) {
      this.allNodes = allNodes;
      return this;
    }

    /** {@return this builder with {@code perDeviceNodeSelection} set} */
    @CanIgnoreReturnValue
    public SliceBuilder perDeviceNodeSelection(boolean perDevice) {
      this.perDeviceNodeSelection = perDevice;
      return this;
    }

    /** {@return this builder with more devices} */
    @CanIgnoreReturnValue
    public SliceBuilder devices(DeviceBuilder... more) {
      for (DeviceBuilder d : more) {
        devices.add(d.build());
      }
      return this;
    }

    /** {@return this builder with more device records} */
    @CanIgnoreReturnValue
    public SliceBuilder devices(List<Device> more) {
      devices.addAll(more);
      return this;
    }

    /** {@return this builder with more counter sets} */
    @CanIgnoreReturnValue
    public SliceBuilder counterSets(CounterSet... sets) {
      sharedCounters.addAll(Arrays.asList(sets));
      return this;
    }

    /** {@return this builder with more device mixins} */
    @CanIgnoreReturnValue
    public SliceBuilder deviceMixins(DeviceMixinBuilder... more) {
      mixins = true;
      for (DeviceMixinBuilder m : more) {
        deviceMixins.add(m.build());
      }
      return this;
    }

    /** {@return this builder with more counter consumption mixins} */
    @CanIgnoreReturnValue
    public SliceBuilder consumptionMixins(DeviceCounterConsumptionMixin... more) {
      mixins = true;
      consumptionMixins.addAll(Arrays.asList(more));
      return this;
    }

    /** {@return this builder with more counter set mixins} */
    @CanIgnoreReturnValue
    public SliceBuilder counterSetMixins(CounterSetMixin... more) {
      mixins = true;
      counterSetMixins.addAll(Arrays.asList(more));
      return this;
    }

    /** {@return the slice} */
    public ResourceSlice build() {
      ResourceSliceMixins m = mixins
          ? new ResourceSliceMixins(deviceMixins, consumptionMixins, counterSetMixins) : null;
      return new ResourceSlice(ObjectMeta.named(name), new ResourceSliceSpec(driver,
          ResourcePool.of(pool, generation, resourceSliceCount), nodeName, nodeSelector,
          allNodes, perDeviceNodeSelection, devices, sharedCounters, m));
    }
  }

  /* --- devices --- */

  /**
   * Starts a device.
   *
   * @param name the device name
   * @return a builder
   */
  public static DeviceBuilder device(String name) {
    return new DeviceBuilder(name);
  }

  /** Builds a {@link Device}; maps keep insertion order until the record sorts them. */
  public static final class DeviceBuilder {
    private final String name;
    private final Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    private final Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
    private final List<DeviceCounterConsumption> consumesCounters = new ArrayList<>();
    private final List<String> includes = new ArrayList<>();
    private @Nullable String nodeName;
    private @Nullable NodeSelector nodeSelector;
    private boolean allNodes;
    private final List<DeviceTaint> taints = new ArrayList<>();
    private final List<String> bindingConditions = new ArrayList<>();
    private final List<String> bindingFailureConditions = new ArrayList<>();
    private boolean bindsToNode;
    private boolean allowMultipleAllocations;

    private DeviceBuilder(String name) {
      this.name = name;
    }

    /** {@return this builder with an attribute} */
    @CanIgnoreReturnValue
    public DeviceBuilder attr(String name, DeviceAttribute value) {
      attributes.put(name, value);
      return this;
    }

    /** {@return this builder with a string attribute} */
    @CanIgnoreReturnValue
    public DeviceBuilder attr(String name, String value) {
      return attr(name, DeviceAttribute.ofString(value));
    }

    /** {@return this builder with an int attribute} */
    @CanIgnoreReturnValue
    public DeviceBuilder attr(String name, long value) {
      return attr(name, DeviceAttribute.ofInt(value));
    }

    /** {@return this builder with a bool attribute} */
    @CanIgnoreReturnValue
    public DeviceBuilder attr(String name, boolean value) {
      return attr(name, DeviceAttribute.ofBool(value));
    }

    /** {@return this builder with a capacity given as a quantity string} */
    @CanIgnoreReturnValue
    public DeviceBuilder capacity(String name, String quantity) {
      capacity.put(name, DeviceCapacity.of(quantity));
      return this;
    }

    /** {@return this builder with a capacity} */
    @CanIgnoreReturnValue
    public DeviceBuilder capacity(String name, DeviceCapacity value) {
      capacity.put(name, value);
      return this;
    }

    /** {@return this builder consuming counters ({@code name, quantity, ...}) from a set} */
    @CanIgnoreReturnValue
    public DeviceBuilder consumes(String counterSet, String... counterPairs) {
      consumesCounters.add(consumption(counterSet, counters(counterPairs)));
      return this;
    }

    /** {@return this builder with a counter consumption} */
    @CanIgnoreReturnValue
    public DeviceBuilder consumes(DeviceCounterConsumption consumption) {
      consumesCounters.add(consumption);
      return this;
    }

    /** {@return this builder including device mixins by name} */
    @CanIgnoreReturnValue
    public DeviceBuilder includes(String... mixins) {
      includes.addAll(Arrays.asList(mixins));
      return this;
    }

    /** {@return this builder with a per-device node name} */
    @CanIgnoreReturnValue
    public DeviceBuilder nodeName(@Nullable String nodeName) {
      this.nodeName = nodeName;
      return this;
    }

    /** {@return this builder with a per-device node selector} */
    @CanIgnoreReturnValue
    public DeviceBuilder nodeSelector(@Nullable NodeSelector selector) {
      this.nodeSelector = selector;
      return this;
    }

    /** {@return this builder with per-device {@code allNodes}} */
    @CanIgnoreReturnValue
    public DeviceBuilder allNodes(boolean allNodes) {
      this.allNodes = allNodes;
      return this;
    }

    /** {@return this builder with a taint} */
    @CanIgnoreReturnValue
    public DeviceBuilder taint(String key, @Nullable String value, String effect) {
      taints.add(new DeviceTaint(key, value, effect, null));
      return this;
    }

    /** {@return this builder with binding conditions} */
    @CanIgnoreReturnValue
    public DeviceBuilder bindingConditions(String... conditions) {
      bindingConditions.addAll(Arrays.asList(conditions));
      return this;
    }

    /** {@return this builder with binding failure conditions} */
    @CanIgnoreReturnValue
    public DeviceBuilder bindingFailureConditions(String... conditions) {
      bindingFailureConditions.addAll(Arrays.asList(conditions));
      return this;
    }

    /** {@return this builder with {@code bindsToNode} set} */
    @CanIgnoreReturnValue
    public DeviceBuilder bindsToNode(boolean bindsToNode) {
      this.bindsToNode = bindsToNode;
      return this;
    }

    /** {@return this builder with {@code allowMultipleAllocations} set} */
    @CanIgnoreReturnValue
    public DeviceBuilder allowMultipleAllocations(boolean allow) {
      this.allowMultipleAllocations = allow;
      return this;
    }

    /** {@return the device} */
    public Device build() {
      return new Device(name, attributes, capacity, consumesCounters, includes, nodeName,
          nodeSelector, allNodes, taints, bindingConditions, bindingFailureConditions,
          bindsToNode, allowMultipleAllocations);
    }
  }

  /**
   * Returns a capacity with a request policy (consumable capacity).
   *
   * @param value the capacity
   * @param defaultValue the policy default, or null
   * @param validValues the allowed values, ascending
   * @return the capacity
   */
  public static DeviceCapacity capacity(String value, @Nullable String defaultValue,
      String... validValues) {
    List<Quantity> values = new ArrayList<>();
    for (String v : validValues) {
      values.add(Quantity.parse(v));
    }
    return new DeviceCapacity(Quantity.parse(value), new CapacityRequestPolicy(
        defaultValue == null ? null : Quantity.parse(defaultValue), values, null));
  }

  /* --- counters and mixins --- */

  /**
   * Returns counters from {@code name, quantity} pairs, such as
   * {@code counters("memory", "40Gi", "multiprocessors", "98")}.
   *
   * @param pairs names and quantities, alternating
   * @return the counters, in the given order
   */
  public static Map<String, Counter> counters(String... pairs) {
    if (pairs.length % 2 != 0) {
      throw new IllegalArgumentException("counters need name/quantity pairs: "
          + Arrays.toString(pairs));
    }
    Map<String, Counter> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], Counter.of(pairs[i + 1]));
    }
    return m;
  }

  /** {@return a counter set that may include counter set mixins} */
  public static CounterSet counterSet(String name, Map<String, Counter> counters,
      String... includes) {
    return new CounterSet(name, counters, List.of(includes));
  }

  /** {@return a counter consumption that may include consumption mixins} */
  public static DeviceCounterConsumption consumption(String counterSet,
      Map<String, Counter> counters, String... includes) {
    return new DeviceCounterConsumption(counterSet, counters, List.of(includes));
  }

  /** {@return a builder of a device mixin (KEP-5234)} */
  public static DeviceMixinBuilder mixin(String name) {
    return new DeviceMixinBuilder(name);
  }

  /** {@return a counter set mixin} */
  public static CounterSetMixin counterSetMixin(String name, Map<String, Counter> counters) {
    return new CounterSetMixin(name, counters);
  }

  /** {@return a counter consumption mixin} */
  public static DeviceCounterConsumptionMixin consumptionMixin(String name,
      Map<String, Counter> counters) {
    return new DeviceCounterConsumptionMixin(name, counters);
  }

  /** Builds a {@link DeviceMixin}. */
  public static final class DeviceMixinBuilder {
    private final String name;
    private final Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    private final Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();

    private DeviceMixinBuilder(String name) {
      this.name = name;
    }

    /** {@return this builder with an attribute} */
    @CanIgnoreReturnValue
    public DeviceMixinBuilder attr(String name, DeviceAttribute value) {
      attributes.put(name, value);
      return this;
    }

    /** {@return this builder with a string attribute} */
    @CanIgnoreReturnValue
    public DeviceMixinBuilder attr(String name, String value) {
      return attr(name, DeviceAttribute.ofString(value));
    }

    /** {@return this builder with an int attribute} */
    @CanIgnoreReturnValue
    public DeviceMixinBuilder attr(String name, long value) {
      return attr(name, DeviceAttribute.ofInt(value));
    }

    /** {@return this builder with a bool attribute} */
    @CanIgnoreReturnValue
    public DeviceMixinBuilder attr(String name, boolean value) {
      return attr(name, DeviceAttribute.ofBool(value));
    }

    /** {@return this builder with a capacity given as a quantity string} */
    @CanIgnoreReturnValue
    public DeviceMixinBuilder capacity(String name, String quantity) {
      capacity.put(name, DeviceCapacity.of(quantity));
      return this;
    }

    /** {@return this builder with a capacity} */
    @CanIgnoreReturnValue
    public DeviceMixinBuilder capacity(String name, DeviceCapacity value) {
      capacity.put(name, value);
      return this;
    }

    /** {@return the mixin} */
    public DeviceMixin build() {
      return new DeviceMixin(name, attributes, capacity);
    }
  }

  /* --- node selection --- */

  /** {@return a node with labels given as {@code key, value} pairs} */
  public static Node node(String name, String... labelPairs) {
    if (labelPairs.length % 2 != 0) {
      throw new IllegalArgumentException("labels need key/value pairs: "
          + Arrays.toString(labelPairs));
    }
    Map<String, String> labels = new LinkedHashMap<>();
    for (int i = 0; i < labelPairs.length; i += 2) {
      labels.put(labelPairs[i], labelPairs[i + 1]);
    }
    return Node.of(name, labels);
  }

  /** {@return a node with labels} */
  public static Node node(String name, Map<String, String> labels) {
    return Node.of(name, labels);
  }

  /** {@return a one-term selector with one label requirement} */
  public static NodeSelector nodeSelector(String key, String operator, String... values) {
    return NodeSelector.of(new NodeSelectorTerm(
        List.of(new NodeSelectorRequirement(key, operator, List.of(values))), List.of()));
  }

  /** {@return a one-term selector that matches the node by {@code metadata.name}} */
  public static NodeSelector nodeNameSelector(String nodeName) {
    return NodeSelector.forNodeName(nodeName);
  }

  /* --- classes --- */

  /** {@return a device class with CEL selectors} */
  public static DeviceClass deviceClass(String name, String... celExpressions) {
    List<DeviceSelector> selectors = new ArrayList<>();
    for (String e : celExpressions) {
      selectors.add(DeviceSelector.cel(e));
    }
    return new DeviceClass(ObjectMeta.named(name), new DeviceClassSpec(selectors, List.of(), null));
  }

  /* --- claims --- */

  /**
   * Starts a request for {@code count} devices of a class ({@code exactly}).
   *
   * @param name the request name
   * @param deviceClass the class
   * @param count the number of devices
   * @return a builder
   */
  public static RequestBuilder request(String name, String deviceClass, long count) {
    return new RequestBuilder(name, deviceClass, count);
  }

  /**
   * Starts a prioritized-list request ({@code firstAvailable}).
   *
   * @param name the request name
   * @param subRequests the alternatives, in order
   * @return a builder
   */
  public static RequestBuilder request(String name, RequestBuilder... subRequests) {
    RequestBuilder b = new RequestBuilder(name, "", 0);
    b.subRequests.addAll(Arrays.asList(subRequests));
    return b;
  }

  /**
   * Starts an alternative of a prioritized-list request.
   *
   * @param name the subrequest name
   * @param deviceClass the class
   * @param count the number of devices
   * @return a builder
   */
  public static RequestBuilder subRequest(String name, String deviceClass, long count) {
    return new RequestBuilder(name, deviceClass, count);
  }

  /** Builds a {@link DeviceRequest} (or, as an alternative, a {@link DeviceSubRequest}). */
  public static final class RequestBuilder {
    private final String name;
    private final String deviceClass;
    private @Nullable Long count;
    private @Nullable String allocationMode;
    private final List<DeviceSelector> selectors = new ArrayList<>();
    private @Nullable Boolean adminAccess;
    private final List<DeviceToleration> tolerations = new ArrayList<>();
    private final Map<String, Quantity> capacity = new LinkedHashMap<>();
    private final List<RequestBuilder> subRequests = new ArrayList<>();
    private final List<DeviceDerivedAttribute> derivedAttributes = new ArrayList<>();

    private RequestBuilder(String name, String deviceClass, long count) {
      this.name = name;
      this.deviceClass = deviceClass;
      this.count = count;
    }

    /** {@return this builder with a CEL selector} */
    @CanIgnoreReturnValue
    public RequestBuilder selector(String celExpression) {
      selectors.add(DeviceSelector.cel(celExpression));
      return this;
    }

    /** {@return this builder asking for all matching devices (no count)} */
    @CanIgnoreReturnValue
    public RequestBuilder all() {
      allocationMode = DeviceAllocationMode.ALL;
      count = null;
      return this;
    }

    /** {@return this builder with an explicit allocation mode, kept verbatim} */
    @CanIgnoreReturnValue
    public RequestBuilder allocationMode(@Nullable String mode) {
      allocationMode = mode;
      return this;
    }

    /** {@return this builder with admin access} */
    @CanIgnoreReturnValue
    public RequestBuilder adminAccess(boolean admin) {
      adminAccess = admin;
      return this;
    }

    /** {@return this builder with a toleration} */
    @CanIgnoreReturnValue
    public RequestBuilder toleration(@Nullable String key, String operator, @Nullable String value,
        @Nullable String effect) {
      tolerations.add(new DeviceToleration(key, operator, value, effect, null));
      return this;
    }

    /** {@return this builder requesting consumable capacity} */
    @CanIgnoreReturnValue
    public RequestBuilder capacity(String name, String quantity) {
      capacity.put(name, Quantity.parse(quantity));
      return this;
    }

    /** {@return this builder with a derived attribute (DRADerivedAttributes)} */
    @CanIgnoreReturnValue
    public RequestBuilder derivedAttribute(String name, String expression) {
      derivedAttributes.add(DeviceDerivedAttribute.of(name, expression));
      return this;
    }

    private @Nullable CapacityRequirements capacityRequirements() {
      return capacity.isEmpty() ? null : new CapacityRequirements(capacity);
    }

    /** {@return this builder as a subrequest} */
    public DeviceSubRequest buildSubRequest() {
      return new DeviceSubRequest(name, deviceClass, selectors, allocationMode, count,
          tolerations, capacityRequirements(), derivedAttributes);
    }

    /** {@return the request} */
    public DeviceRequest build() {
      if (!subRequests.isEmpty()) {
        List<DeviceSubRequest> subs = new ArrayList<>();
        for (RequestBuilder s : subRequests) {
          subs.add(s.buildSubRequest());
        }
        return new DeviceRequest(name, null, subs);
      }
      return new DeviceRequest(name, new ExactDeviceRequest(deviceClass, selectors,
          allocationMode, count, adminAccess, tolerations, capacityRequirements(), derivedAttributes), List.of());
    }
  }

  /**
   * Starts a claim in namespace {@value #NAMESPACE}.
   *
   * @param name the claim name
   * @param requests the requests, in order
   * @return a builder
   */
  public static ClaimBuilder claim(String name, RequestBuilder... requests) {
    ClaimBuilder b = new ClaimBuilder(name);
    for (RequestBuilder r : requests) {
      b.requests.add(r.build());
    }
    return b;
  }

  /** Builds a {@link ResourceClaim}. */
  public static final class ClaimBuilder {
    private final String name;
    private @Nullable String namespace = NAMESPACE;
    private final List<DeviceRequest> requests = new ArrayList<>();
    private final List<DeviceConstraint> constraints = new ArrayList<>();
    private final List<DeviceClaimConfiguration> config = new ArrayList<>();
    private @Nullable AllocationResult allocation;

    private ClaimBuilder(String name) {
      this.name = name;
    }

    /** {@return this builder with a namespace (null for none)} */
    @CanIgnoreReturnValue
    public ClaimBuilder namespace(@Nullable String namespace) {
      this.namespace = namespace;
      return this;
    }

    /** {@return this builder with more requests} */
    @CanIgnoreReturnValue
    public ClaimBuilder requests(RequestBuilder... more) {
      for (RequestBuilder r : more) {
        requests.add(r.build());
      }
      return this;
    }

    /** {@return this builder with a constraint} */
    @CanIgnoreReturnValue
    public ClaimBuilder constraint(DeviceConstraint constraint) {
      constraints.add(constraint);
      return this;
    }

    /** {@return this builder with a matchAttribute constraint over some (or no = all) requests} */
    @CanIgnoreReturnValue
    public ClaimBuilder matchAttribute(String attribute, String... requests) {
      return constraint(DeviceConstraint.matchAttribute(attribute, List.of(requests)));
    }

    /** {@return this builder with a distinctAttribute constraint} */
    @CanIgnoreReturnValue
    public ClaimBuilder distinctAttribute(String attribute, String... requests) {
      return constraint(DeviceConstraint.distinctAttribute(attribute, List.of(requests)));
    }

    /** {@return this builder with opaque config for some (or no = all) requests} */
    @CanIgnoreReturnValue
    public ClaimBuilder config(String driver, String parametersJson, String... requests) {
      config.add(new DeviceClaimConfiguration(List.of(requests),
          new OpaqueDeviceConfiguration(driver, RawJson.of(parametersJson))));
      return this;
    }

    /** {@return this builder with an allocation in its status} */
    @CanIgnoreReturnValue
    public ClaimBuilder allocation(@Nullable AllocationResult allocation) {
      this.allocation = allocation;
      return this;
    }

    /** {@return the claim} */
    public ResourceClaim build() {
      ResourceClaimStatus status = allocation == null
          ? null : new ResourceClaimStatus(allocation, List.of());
      return new ResourceClaim(ObjectMeta.named(namespace, name),
          new ResourceClaimSpec(new DeviceClaim(requests, constraints, config)), status);
    }
  }

  /** {@return one allocated device} */
  public static DeviceRequestAllocationResult result(String request, String driver, String pool,
      String device) {
    return new DeviceRequestAllocationResult(request, driver, pool, device, null, List.of(),
        List.of(), List.of(), null, Map.of());
  }

  /**
   * Returns a claim that is already allocated, as an in-use claim for the allocator: one
   * request of class {@value #CLASS} per request name of the results, and the results in its
   * status, usable on every node.
   *
   * @param name the claim name
   * @param results the allocated devices
   * @return the claim
   */
  public static ResourceClaim allocatedClaim(String name,
      DeviceRequestAllocationResult... results) {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (DeviceRequestAllocationResult r : results) {
      counts.merge(r.request().split("/", 2)[0], 1L, Long::sum);
    }
    ClaimBuilder b = new ClaimBuilder(name);
    counts.forEach((request, count) -> b.requests.add(request(request, CLASS, count).build()));
    return b.allocation(new AllocationResult(
        new DeviceAllocationResult(List.of(results), List.of()), null, null)).build();
  }
}
