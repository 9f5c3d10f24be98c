package io.github.dra4j.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.dra4j.api.AllocationResult;
import io.github.dra4j.api.DeviceAllocationConfiguration;
import io.github.dra4j.api.DeviceRequestAllocationResult;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.Quantity;
import io.github.dra4j.api.RawJson;
import io.github.dra4j.api.ResourceClaim;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Compares what an allocator returned with a scenario's {@link Expectation}, with the rules of
 * the conformance runner ({@code run-scenarios}): the outcome must match; an Unsatisfiable or
 * Error outcome needs an explanation; allocated claims are compared in order, devices in order.
 * Fields the expectation does not name are ignored, except that a result device must not carry
 * {@code adminAccess: true}, tolerations, binding conditions or a share ID the expectation lacks.
 * Quantities compare by value, opaque parameters as JSON values. {@code errorContains} is
 * informative and not compared.
 */
public final class ScenarioVerifier {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ScenarioVerifier() {}

  /**
   * Verifies one allocation call.
   *
   * @param scenario the scenario that was run
   * @param outcome what the call returned: Allocated, Unsatisfiable or Error
   * @param allocatedClaims with Allocated, the claims with {@code status.allocation}, in the
   *     order returned; otherwise ignored
   * @param message the explanation or error message (the CLI's stderr)
   * @return the first mismatch, or empty when the call conforms
   */
  public static Optional<String> verify(
      Scenario scenario, String outcome, List<ResourceClaim> allocatedClaims, String message) {
    String want = scenario.expect().outcome();
    if (!want.equals(outcome)) {
      String detail = message.strip().isEmpty() ? "" : " [" + lastLine(message.strip()) + "]";
      return Optional.of("outcome expected " + want + ", got " + outcome + detail);
    }
    if (!want.equals(Expectation.ALLOCATED)) {
      return message.strip().isEmpty()
          ? Optional.of(want + " without an explanation on stderr")
          : Optional.empty();
    }
    return Optional.ofNullable(check(scenario.expect(), allocatedClaims));
  }

  private static @Nullable String check(Expectation expect, List<ResourceClaim> items) {
    List<String> want = new ArrayList<>();
    for (Expectation.Claim c : expect.results()) {
      want.add(c.claim());
    }
    List<String> got = new ArrayList<>();
    for (ResourceClaim c : items) {
      got.add(c.metadata().name());
    }
    if (!want.equals(got)) {
      return "allocated claims expected " + want + " in this order, got " + got;
    }
    for (int c = 0; c < want.size(); c++) {
      Expectation.Claim res = expect.results().get(c);
      AllocationResult alloc = items.get(c).allocation();
      if (alloc == null) {
        return "claim " + res.claim() + " has no status.allocation";
      }
      if (!Objects.equals(res.nodeSelector(), alloc.nodeSelector())) {
        return "claim " + res.claim() + ": nodeSelector expected " + res.nodeSelector()
            + ", got " + alloc.nodeSelector();
      }
      List<Expectation.Device> expDevs = res.devices();
      List<DeviceRequestAllocationResult> gotDevs = alloc.devices().results();
      if (expDevs.size() != gotDevs.size()) {
        List<String> e = new ArrayList<>();
        expDevs.forEach(d -> e.add(d.device()));
        List<String> g = new ArrayList<>();
        gotDevs.forEach(d -> g.add(d.device()));
        return "claim " + res.claim() + ": expected " + expDevs.size() + " devices " + e + ", got " + g;
      }
      for (int i = 0; i < expDevs.size(); i++) {
        String msg = compareDevice(expDevs.get(i), gotDevs.get(i), "claim " + res.claim() + " result[" + i + "]");
        if (msg != null) {
          return msg;
        }
      }
      String msg = compareConfig(res.config(), alloc.devices().config(), "claim " + res.claim() + " config");
      if (msg != null) {
        return msg;
      }
    }
    return null;
  }

  private static @Nullable String compareDevice(
      Expectation.Device exp, DeviceRequestAllocationResult got, String where) {
    String[][] keys = {
      {"request", exp.request(), got.request()},
      {"driver", exp.driver(), got.driver()},
      {"pool", exp.pool(), got.pool()},
      {"device", exp.device(), got.device()},
    };
    for (String[] k : keys) {
      if (!k[1].equals(k[2])) {
        return where + ": " + k[0] + " expected '" + k[1] + "', got '" + k[2] + "'";
      }
    }
    boolean admin = Boolean.TRUE.equals(got.adminAccess());
    if (exp.adminAccess() != admin) {
      return where + ": adminAccess expected " + exp.adminAccess() + ", got " + got.adminAccess();
    }
    if (!exp.tolerations().equals(got.tolerations())) {
      return where + ": tolerations expected " + exp.tolerations() + ", got " + got.tolerations();
    }
    if (!exp.bindingConditions().equals(got.bindingConditions())) {
      return where + ": bindingConditions expected " + exp.bindingConditions() + ", got " + got.bindingConditions();
    }
    if (!exp.bindingFailureConditions().equals(got.bindingFailureConditions())) {
      return where + ": bindingFailureConditions expected " + exp.bindingFailureConditions()
          + ", got " + got.bindingFailureConditions();
    }
    boolean share = got.shareID() != null && !got.shareID().isEmpty();
    if (exp.shareID() != share) {
      return where + ": shareID expected " + (exp.shareID() ? "present" : "absent") + ", got " + got.shareID();
    }
    Map<String, Quantity> capacity = exp.consumedCapacity();
    if (capacity != null && !capacity.equals(got.consumedCapacity())) {
      return where + ": consumedCapacity expected " + capacity + ", got " + got.consumedCapacity();
    }
    return null;
  }

  private static @Nullable String compareConfig(
      List<Expectation.Config> exp, List<DeviceAllocationConfiguration> got, String where) {
    if (exp.size() != got.size()) {
      return where + ": expected " + exp.size() + " config entries, got " + got.size();
    }
    for (int i = 0; i < exp.size(); i++) {
      Expectation.Config e = exp.get(i);
      DeviceAllocationConfiguration g = got.get(i);
      if (!e.source().equals(g.source()) || !e.requests().equals(g.requests())) {
        return where + "[" + i + "]: expected " + e + ", got " + g;
      }
      if (!Objects.equals(e.driver(), g.opaque().driver())
          || !sameJson(e.parameters(), g.opaque().parameters())) {
        return where + "[" + i + "].opaque: expected " + e.driver() + " " + e.parameters()
            + ", got " + g.opaque().driver() + " " + g.opaque().parameters();
      }
    }
    return null;
  }

  /** JSON values are equal as the runner's Python dicts are: numbers by value. */
  static boolean sameJson(@Nullable RawJson a, @Nullable RawJson b) {
    if (a == null || b == null) {
      return a == null && b == null;
    }
    try {
      JsonNode x = JSON.readTree(a.json());
      JsonNode y = JSON.readTree(b.json());
      return x.equals(NUMBERS_BY_VALUE, y);
    } catch (IOException e) {
      return a.json().equals(b.json());
    }
  }

  private static final Comparator<JsonNode> NUMBERS_BY_VALUE = (x, y) -> {
    if (x.isNumber() && y.isNumber()) {
      return x.decimalValue().compareTo(y.decimalValue());
    }
    return x.equals(y) ? 0 : 1;
  };

  private static String lastLine(String text) {
    int nl = text.lastIndexOf('\n');
    return nl < 0 ? text : text.substring(nl + 1);
  }
}
