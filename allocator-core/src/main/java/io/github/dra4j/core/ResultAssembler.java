package io.github.dra4j.core;

import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceAllocationConfiguration;
import io.github.dra4j.api.DeviceAllocationResult;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClaimConfiguration;
import io.github.dra4j.api.DeviceClassConfiguration;
import io.github.dra4j.api.DeviceRequest;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.OpaqueDeviceConfiguration;
import io.github.dra4j.api.QualifiedName;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourceClaim;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns the devices a successful search chose into one {@link AllocationResult} per claim: the
 * request names, the configs of classes and claim, the node selector. Mirrors the end of the
 * reference's Allocate.
 */
final class ResultAssembler {
  private final ClaimPlan plan;
  private final Features features;
  private final Node node;
  private final List<List<DeviceResult>> results;
  private final int[] selected;

  /**
   * @param results per claim, the devices chosen in order
   * @param selected the chosen subrequest of each request with subrequests, by RequestSlot.subIndex
   */
  ResultAssembler(ClaimPlan plan, Features features, Node node, List<List<DeviceResult>> results, int[] selected) {
    this.plan = plan;
    this.features = features;
    this.node = node;
    this.results = results;
    this.selected = selected;
  }

  /** {@return the results, one per claim} */
  List<AllocationResult> results() {
    List<AllocationResult> out = new ArrayList<>(plan.claimCount());
    for (int c = 0; c < plan.claimCount(); c++) {
      out.add(assemble(c));
    }
    return out;
  }

  /**
   * Fails like {@link #results()} would, without building the results: only a claim's node
   * selector can fail once the search succeeded.
   */
  void checkResults() {
    for (int c = 0; c < plan.claimCount(); c++) {
      try {
        NodeSelectors.check(results.get(c));
      } catch (InvalidInputException e) {
        throw nodeSelectorError(c, e);
      }
    }
  }

  private AllocationResult assemble(int c) {
    List<DeviceResult> internal = results.get(c);
    List<DeviceRequestAllocationResult> out = new ArrayList<>(internal.size());
    boolean binding = features.bindingConditions();
    for (DeviceResult r : internal) {
      out.add(new DeviceRequestAllocationResult(
          r.request().requestName(),
          r.device().id.driver(),
          r.device().id.pool(),
          r.device().id.device(),
          r.request().request.adminAccess ? Boolean.TRUE : null,
          r.request().request.tolerations,
          binding ? r.device().device.bindingConditions() : List.of(),
          binding ? r.device().device.bindingFailureConditions() : List.of(),
          r.shareId(),
          consumed(r),
          r.device().slice.slice.spec().skipNodeOperations()));
    }
    List<DeviceAllocationConfiguration> config = configs(c);
    return new AllocationResult(new DeviceAllocationResult(out, config), nodeSelector(c), null);
  }

  /** The consumed capacity of a share, each in the format of the device's capacity. */
  private static Map<String, Quantity> consumed(DeviceResult r) {
    if (r.consumedCapacity() == null) {
      return Map.of();
    }
    Map<String, Quantity> consumed = new LinkedHashMap<>();
    for (Map.Entry<String, BigDecimal> e : r.consumedCapacity().entrySet()) {
      String name = e.getKey();
      QualifiedName q = QualifiedName.of(name, r.device().id.driver());
      DeviceCapacity cap = r.device().view.capacity(q.domain(), q.id());
      Quantity.Format format = cap == null ? Quantity.Format.BINARY_SI : cap.value().format();
      consumed.put(name, Quantity.of(e.getValue(), format));
    }
    return consumed;
  }

  private io.github.dra4j.api.@Nullable NodeSelector nodeSelector(int c) {
    try {
      return NodeSelectors.createNodeSelector(results.get(c), node.name());
    } catch (InvalidInputException e) {
      throw nodeSelectorError(c, e);
    }
  }

  private InvalidInputException nodeSelectorError(int c, InvalidInputException e) {
    return new InvalidInputException("create NodeSelector for claim " + plan.claim(c).name() + ": "
        + e.getMessage(), e.objectRef(), null);
  }

  private List<DeviceAllocationConfiguration> configs(int c) {
    List<MutableConfig> config = new ArrayList<>();
    classConfigs(c, config);
    claimConfigs(c, config);
    if (config.isEmpty()) {
      return List.of();
    }
    List<DeviceAllocationConfiguration> out = new ArrayList<>(config.size());
    for (MutableConfig m : config) {
      List<String> names = m.requests;
      if (!names.isEmpty() && appliesToAll(c, names)) {
        names = List.of();
      }
      out.add(new DeviceAllocationConfiguration(m.source, names, m.opaque));
    }
    return out;
  }

  /** The configs of the classes of the chosen requests, one entry per class config. */
  private void classConfigs(int c, List<MutableConfig> config) {
    RequestSlot[] slots = plan.slots(c);
    Map<String, int[]> rangeByClass = null; // made for the first class with configs: most have none
    for (RequestSlot slot : slots) {
      RequestData data = slot.chosen(selected);
      List<DeviceClassConfiguration> classConfig = data.deviceClass.spec().config();
      if (classConfig.isEmpty()) {
        continue;
      }
      if (rangeByClass == null) {
        rangeByClass = new HashMap<>();
      }
      String className = data.deviceClass.name();
      int[] range = rangeByClass.get(className);
      if (range != null) {
        for (int i = range[0]; i < range[1]; i++) {
          config.get(i).requests.add(data.requestName());
        }
        continue;
      }
      int start = config.size();
      for (DeviceClassConfiguration cc : classConfig) {
        MutableConfig m = new MutableConfig(DeviceAllocationConfiguration.FROM_CLASS, cc.opaque());
        m.requests.add(data.requestName());
        config.add(m);
      }
      rangeByClass.put(className, new int[] {start, config.size()});
    }
  }

  /** The claim's configs that apply to all requests or name one of the chosen ones. */
  private void claimConfigs(int c, List<MutableConfig> config) {
    ResourceClaim claim = plan.claim(c);
    List<DeviceRequest> requests = claim.spec().devices().requests();
    RequestSlot[] slots = plan.slots(c);
    for (DeviceClaimConfiguration cc : claim.spec().devices().config()) {
      if (cc.requests().isEmpty()) {
        config.add(new MutableConfig(DeviceAllocationConfiguration.FROM_CLAIM, cc.opaque()));
        continue;
      }
      for (int r = 0; r < requests.size(); r++) {
        RequestSlot slot = slots[r];
        if (cc.requests().contains(requests.get(r).name())
            || (slot.hasSubRequests && cc.requests().contains(slot.chosen(selected).requestName()))) {
          MutableConfig m = new MutableConfig(DeviceAllocationConfiguration.FROM_CLAIM, cc.opaque());
          m.requests.addAll(cc.requests());
          config.add(m);
          break;
        }
      }
    }
  }

  private boolean appliesToAll(int c, List<String> names) {
    List<DeviceRequest> requests = plan.claim(c).spec().devices().requests();
    RequestSlot[] slots = plan.slots(c);
    for (int r = 0; r < requests.size(); r++) {
      if (names.contains(requests.get(r).name())) {
        continue;
      }
      RequestSlot slot = slots[r];
      if (slot.hasSubRequests && names.contains(slot.chosen(selected).requestName())) {
        continue;
      }
      return false;
    }
    return true;
  }

  private static final class MutableConfig {
    final String source;
    final OpaqueDeviceConfiguration opaque;
    final List<String> requests = new ArrayList<>();

    MutableConfig(String source, OpaqueDeviceConfiguration opaque) {
      this.source = source;
      this.opaque = opaque;
    }
  }
}
