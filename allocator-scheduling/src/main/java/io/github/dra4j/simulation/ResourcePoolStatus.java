package io.github.dra4j.simulation;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.ResourcePoolStatusRequestSpec;
import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.validation.Validator;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Pool status with the semantics of Kubernetes' {@code ResourcePoolStatusRequest} (KEP-5677,
 * feature gate DRAResourcePoolStatus, {@code resource.k8s.io/v1alpha3}): for every pool of a
 * driver, its devices in all, allocated, unavailable (tainted NoSchedule or NoExecute, by the
 * device or a DeviceTaintRule) and available, and for partitionable pools how many more devices
 * of each partition type still fit the shared counters; what kube-controller-manager's
 * resourcepoolstatusrequest controller writes into the request's status, computed here from a
 * cluster's objects, without an API server.
 *
 * <p>The computation follows the controller's ({@code calculatePoolStatus} in kubernetes/kubernetes
 * pkg/controller/resourcepoolstatusrequest/controller.go, the partition and shareable views of
 * views.go), field by field: see docs/simulation.md, "Pool status", for where dra4j differs
 * (devices from KEP-5234 mixins are resolved first).
 *
 * <pre>{@code
 * ResourcePoolStatus.Status s = ResourcePoolStatus.calculate(cluster, ResourcePoolStatusRequestSpec.of("gpu.nvidia.com"));
 * s.pools().get(0).partitionSummary();   // [{attribute: gpu.nvidia.com/profile, type: 1g.5gb, total: 56, allocatable: 49}, ...]
 * }</pre>
 */
public final class ResourcePoolStatus {
  private ResourcePoolStatus() {}

  /**
   * Computes the status a ResourcePoolStatusRequest with this spec gets for the cluster.
   *
   * @param cluster the ResourceSlices, ResourceClaims (allocated ones count) and DeviceTaintRules
   * @param spec the request's filters
   * @return the status, the pools sorted by driver then pool name and cut at the limit
   * @throws IllegalArgumentException when the spec is invalid, naming every field at fault as the
   *     API server would ({@link Validator#validate(ResourcePoolStatusRequestSpec)})
   */
  public static Status calculate(Cluster cluster, ResourcePoolStatusRequestSpec spec) {
    List<FieldError> errors = Validator.validate(spec);
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(errors.stream().map(FieldError::toString).collect(Collectors.joining("; ")));
    }
    return new PoolStatusCalculation(Objects.requireNonNull(cluster, "cluster"), spec).status();
  }

  /**
   * The status of the request: {@code ResourcePoolStatusRequestStatus}.
   *
   * @param poolCount how many pools matched, before the limit
   * @param pools the first {@code limit} of them, by driver then pool name
   * @param message the message of the request's {@code Complete} condition
   */
  public record Status(int poolCount, List<PoolStatus> pools, String message) {
    /** Copies the list. */
    public Status {
      pools = List.copyOf(pools);
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * One pool: {@code PoolStatus}. The counts are null when {@code validationError} says the pool
   * is incomplete (fewer slices at its latest generation than {@code resourceSliceCount}).
   *
   * @param driver the driver
   * @param poolName the pool
   * @param nodeName the node of its slices, null when they name none or different ones
   * @param generation the latest generation among its slices (older slices are not counted)
   * @param resourceSliceCount the slices at that generation
   * @param totalDevices the devices of those slices
   * @param allocatedDevices the distinct devices that allocated claims hold (admin access left out)
   * @param availableDevices total less allocated less unavailable, at least 0
   * @param unavailableDevices the devices with a NoSchedule or NoExecute taint, their own or a
   *     DeviceTaintRule's
   * @param partitionSummary per partition type, how many devices there are and how many more fit;
   *     empty when the pool has no partition grouping attribute or a view error
   * @param shareableSummary the pool's devices that allow multiple allocations; null without any
   * @param validationError why the pool's data could not be used in full, with upstream's
   *     machine-readable prefix ({@code PoolIncomplete:}, {@code PartitionTypeMissing:}, ...)
   */
  public record PoolStatus(String driver, String poolName, @Nullable String nodeName, long generation,
      @Nullable Integer resourceSliceCount, @Nullable Integer totalDevices, @Nullable Integer allocatedDevices,
      @Nullable Integer availableDevices, @Nullable Integer unavailableDevices, List<PartitionTypeStatus> partitionSummary,
      @Nullable ShareableSummaryStatus shareableSummary, @Nullable String validationError) {
    /** Copies the list. */
    public PoolStatus {
      Objects.requireNonNull(driver, "driver");
      Objects.requireNonNull(poolName, "poolName");
      partitionSummary = List.copyOf(partitionSummary);
    }
  }

  /**
   * One partition type of a pool: {@code PartitionTypeStatus}.
   *
   * @param attribute the fully qualified attribute whose value is the type
   * @param type the value, such as {@code 1g.5gb}
   * @param total the pool's devices of this type
   * @param allocatable how many more of them could be allocated now, one after another, given
   *     what the allocated devices consume of the shared counters
   */
  public record PartitionTypeStatus(String attribute, String type, int total, int allocatable) {}

  /**
   * The devices of a pool that allow multiple allocations: {@code ShareableSummaryStatus}.
   *
   * @param fullyAvailableDevices those no claim holds
   * @param partiallyAvailableDevices those some claim holds
   * @param capacity per capacity name, in name order
   */
  public record ShareableSummaryStatus(int fullyAvailableDevices, int partiallyAvailableDevices,
      List<ShareableCapacityStatus> capacity) {
    /** Copies the list. */
    public ShareableSummaryStatus {
      capacity = Collections.unmodifiableList(List.copyOf(capacity));
    }
  }

  /**
   * One capacity summed over the shareable devices of a pool: {@code ShareableCapacityStatus}.
   *
   * @param name the capacity's name
   * @param total its sum over the shareable devices
   * @param consumed what allocated claims consume of it in the pool
   * @param available total less consumed, at least 0
   */
  public record ShareableCapacityStatus(String name, Quantity total, Quantity consumed, Quantity available) {}
}
