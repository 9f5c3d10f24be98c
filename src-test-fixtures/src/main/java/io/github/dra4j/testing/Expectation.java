package io.github.dra4j.testing;

import io.github.dra4j.api.DeviceToleration;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * What one allocation scenario must return: the {@code expect} part of its header (see
 * {@code FORMAT.md} of the conformance suite).
 *
 * @param outcome {@link #ALLOCATED}, {@link #UNSATISFIABLE} or {@link #ERROR}
 * @param errorContains with {@link #ERROR}, an informative substring of the reference message;
 *     not compared
 * @param results with {@link #ALLOCATED}, one entry per claim to allocate, in input order
 */
public record Expectation(String outcome, @Nullable String errorContains, List<Claim> results) {
  /** Every claim got a result. */
  public static final String ALLOCATED = "Allocated";
  /** No allocation exists on the node; not an error. */
  public static final String UNSATISFIABLE = "Unsatisfiable";
  /** The call fails as a whole. */
  public static final String ERROR = "Error";

  public Expectation {
    Objects.requireNonNull(outcome, "outcome");
    if (!outcome.equals(ALLOCATED) && !outcome.equals(UNSATISFIABLE) && !outcome.equals(ERROR)) {
      throw new IllegalArgumentException(
          "outcome must be Allocated, Unsatisfiable or Error, not \"" + outcome + "\"");
    }
    results = List.copyOf(results);
  }

  /**
   * The expected allocation of one claim.
   *
   * @param claim the claim name
   * @param nodeSelector the AllocationResult's node selector; null for none
   * @param devices the expected {@code devices.results}, in order
   * @param config the expected {@code devices.config}, in order
   */
  public record Claim(
      String claim, @Nullable NodeSelector nodeSelector, List<Device> devices, List<Config> config) {
    public Claim {
      Objects.requireNonNull(claim, "claim");
      devices = List.copyOf(devices);
      config = List.copyOf(config);
    }
  }

  /**
   * One expected allocated device. Optional keys of the scenario format that are absent become
   * false, empty lists and null; the verifier then requires the result not to carry them.
   *
   * @param request the request name, {@code parent/sub} for a subrequest
   * @param driver the driver
   * @param pool the pool
   * @param device the device name
   * @param adminAccess whether the result must carry {@code adminAccess: true}
   * @param tolerations the tolerations the result must carry
   * @param bindingConditions the binding conditions the result must carry
   * @param bindingFailureConditions the binding failure conditions the result must carry
   * @param shareID whether the result must carry a share ID (its value is random)
   * @param consumedCapacity the consumed capacity, compared by value; null when not compared
   */
  public record Device(
      String request,
      String driver,
      String pool,
      String device,
      boolean adminAccess,
      List<DeviceToleration> tolerations,
      List<String> bindingConditions,
      List<String> bindingFailureConditions,
      boolean shareID,
      @Nullable Map<String, Quantity> consumedCapacity) {
    public Device {
      Objects.requireNonNull(request, "request");
      Objects.requireNonNull(driver, "driver");
      Objects.requireNonNull(pool, "pool");
      Objects.requireNonNull(device, "device");
      tolerations = List.copyOf(tolerations);
      bindingConditions = List.copyOf(bindingConditions);
      bindingFailureConditions = List.copyOf(bindingFailureConditions);
      consumedCapacity = consumedCapacity == null
          ? null
          : Collections.unmodifiableMap(new TreeMap<>(consumedCapacity));
    }
  }

  /**
   * One expected configuration entry.
   *
   * @param source FromClass or FromClaim
   * @param requests the requests it applies to; empty for all
   * @param driver the opaque configuration's driver, null when the entry has no opaque part
   * @param parameters the opaque parameters, compared as JSON values; null when absent
   */
  public record Config(
      String source, List<String> requests, @Nullable String driver, @Nullable RawJson parameters) {
    public Config {
      Objects.requireNonNull(source, "source");
      requests = List.copyOf(requests);
    }
  }
}
