package io.github.dra4j.core;

import io.github.dra4j.api.ObjectRef;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Why claims could not be allocated on a node. The Go reference only says "unsatisfiable";
 * dra4j adds, per claim and request, how many devices were considered and why each group of
 * them was rejected, so a user can tell a selector typo from exhausted counters or a taint.
 *
 * <p>Each request is examined on its own against the node's pools and the devices already in
 * use by other claims: a device is counted once, under the first reason that rejects it, in
 * the order of {@link Reason}. When every request has enough suitable devices on its own, the
 * failure comes from combining them (a constraint, or requests and claims competing for the
 * same devices or counters); {@link ClaimExplanation#conflict()} says so.
 *
 * @param node the node the call ran for
 * @param claims one entry per claim to allocate, in input order
 * @param pools pools of the node that could not be used, or devices dropped by a gate
 * @param proof when a bound of the search proved that no allocation exists before trying
 *     combinations, which bound and by how much (docs/allocation.md, "Pruning"); else null
 */
public record Explanation(String node, List<ClaimExplanation> claims, List<PoolNote> pools, @Nullable String proof) {
  /**
   * Copies the lists.
   *
   * @param node see the record component
   * @param claims see the record component
   * @param pools see the record component
   * @param proof see the record component
   */
  public Explanation {
    Objects.requireNonNull(node, "node");
    claims = List.copyOf(claims);
    pools = List.copyOf(pools);
  }

  /**
   * An explanation without a proof.
   *
   * @param node see the record component
   * @param claims see the record component
   * @param pools see the record component
   */
  public Explanation(String node, List<ClaimExplanation> claims, List<PoolNote> pools) {
    this(node, claims, pools, null);
  }

  /**
   * Why a group of devices was rejected for a request, in the order checks are applied.
   */
  public enum Reason {
    /** The pool is being updated: not all of its ResourceSlices are published. */
    INCOMPLETE_POOL,
    /**
     * The pool has more ResourceSlices of its newest generation than their {@code
     * resourceSliceCount} (the same slice given twice, say); the reference skips it as
     * incomplete.
     */
    TOO_MANY_SLICES,
    /** The pool is invalid (duplicate devices or counter sets, unknown counters, mixin problems). */
    INVALID_POOL,
    /** The DRAResourceSliceMixins gate is off and the device uses mixins. */
    DROPPED_BY_MIXINS_GATE,
    /**
     * The devices of a slice that also holds {@code sharedCounters}: with
     * DRAPartitionableDevices the reference reads such a slice for its counter sets only.
     */
    DEVICES_BESIDE_SHARED_COUNTERS,
    /** A gate the device needs is off (binding conditions, partitionable devices). */
    FEATURE_DISABLED,
    /** Per-device node selection excludes this node, or the pool has no slice for it. */
    NODE_NOT_MATCHING,
    /** A selector of the request's DeviceClass is false. */
    CLASS_SELECTOR_FALSE,
    /** A selector of the request itself is false. */
    REQUEST_SELECTOR_FALSE,
    /** A selector failed at run time for this device. */
    SELECTOR_ERROR,
    /** Already allocated to another claim. */
    IN_USE,
    /** The requested capacity does not fit or violates the device's request policy. */
    INSUFFICIENT_CAPACITY,
    /**
     * The device's compatibility groups on a counter set do not intersect those of the allocated
     * devices drawing from it (DRADeviceCompatibilityGroups).
     */
    INCOMPATIBLE_GROUPS,
    /** The device consumes more of a shared counter than is left. */
    COUNTERS_EXHAUSTED,
    /** The device has a NoSchedule or NoExecute taint the request does not tolerate. */
    UNTOLERATED_TAINT
  }

  /**
   * The explanation for one claim.
   *
   * @param claim the claim; messages name it by its key, {@code namespace/name} (or {@code name})
   * @param requests one entry per request, or per subrequest of a prioritized list
   * @param conflict null when some request lacks suitable devices on its own; otherwise why the
   *     requests could not be combined
   */
  public record ClaimExplanation(
      ObjectRef claim, List<RequestExplanation> requests, @Nullable String conflict) {
  /**
     * Copies the list.
     *
     * @param claim see the record component
     * @param requests see the record component
     * @param conflict see the record component
     */
    public ClaimExplanation {
      Objects.requireNonNull(claim, "claim");
      requests = List.copyOf(requests);
    }
  }

  /**
   * The explanation for one request or subrequest.
   *
   * @param request the request name, {@code parent/sub} for a subrequest
   * @param devicesNeeded how many devices it asks for; for mode All the suitable devices
   * @param devicesConsidered how many devices of the node's pools were looked at
   * @param devicesSuitable how many passed every check on their own
   * @param rejections the rejected devices grouped by reason, largest group first
   */
  public record RequestExplanation(
      String request,
      int devicesNeeded,
      int devicesConsidered,
      int devicesSuitable,
      List<Rejection> rejections) {
  /**
     * Copies the list.
     *
     * @param request see the record component
     * @param devicesNeeded see the record component
     * @param devicesConsidered see the record component
     * @param devicesSuitable see the record component
     * @param rejections see the record component
     */
    public RequestExplanation {
      Objects.requireNonNull(request, "request");
      rejections = List.copyOf(rejections);
    }
  }

  /**
   * A group of devices rejected for one reason.
   *
   * @param reason why
   * @param devices how many devices
   * @param examples up to five device ids ({@code driver/pool/device})
   * @param detail the first device's detail, such as the failing selector or the counter
   *     shortfall ("counter set gpu-0, counter memory: needs 10Gi, 4Gi left (short 6Gi)")
   */
  public record Rejection(Reason reason, int devices, List<String> examples, String detail) {
  /**
     * Copies the list.
     *
     * @param reason see the record component
     * @param devices see the record component
     * @param examples see the record component
     * @param detail see the record component
     */
    public Rejection {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(detail, "detail");
      examples = List.copyOf(examples);
    }
  }

  /**
   * A pool of the node that could not be used, or devices a gate made invisible.
   *
   * @param pool {@code driver/pool}
   * @param reason {@link Reason#INCOMPLETE_POOL}, {@link Reason#TOO_MANY_SLICES}, {@link
   *     Reason#INVALID_POOL}, {@link Reason#DROPPED_BY_MIXINS_GATE}, {@link
   *     Reason#DEVICES_BESIDE_SHARED_COUNTERS}, or {@link Reason#NODE_NOT_MATCHING} for pools that
   *     have no slice for the node (then {@code pool} is "(other nodes)")
   * @param detail the invalid reason, or what was dropped
   */
  public record PoolNote(String pool, Reason reason, String detail) {
  /**
     * Checks the components.
     *
     * @param pool see the record component
     * @param reason see the record component
     * @param detail see the record component
     */
    public PoolNote {
      Objects.requireNonNull(pool, "pool");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(detail, "detail");
    }
  }

  /**
   * Returns a short human-readable text: one line per request that lacks devices, naming the
   * largest rejection groups, then claim conflicts and pool notes. Every entry is one line:
   * multi-line details (a CEL expression written as a YAML block) are folded.
   *
   * @return the summary, never empty
   */
  public String summary() {
    StringBuilder sb = new StringBuilder();
    sb.append("cannot allocate on node ").append(node).append(':');
    if (proof != null) {
      sb.append("\n  no allocation exists: ").append(proof);
    }
    for (ClaimExplanation c : claims) {
      for (RequestExplanation r : c.requests()) {
        if (lacksDevices(r)) {
          sb.append("\n  claim ").append(c.claim().key()).append(", ").append(requestLine(r));
        }
      }
      if (c.conflict() != null) {
        sb.append("\n  claim ").append(c.claim().key()).append(": ").append(oneLine(c.conflict()));
      }
    }
    for (PoolNote p : pools) {
      sb.append("\n  pool ").append(p.pool()).append(": ").append(words(p.reason()))
          .append(" (").append(oneLine(p.detail())).append(')');
    }
    return sb.toString();
  }

  /**
   * Returns the detailed text {@code dra4j allocate --explain} prints (before the {@link
   * #summary()}): every claim, every request with how many devices it needs, how many are
   * suitable and how many were considered, every rejection group with its example devices and
   * detail, conflicts and pool notes. Libraries that embed dra4j print the same text.
   *
   * @return the text, several lines, without a trailing newline
   */
  public String details() {
    StringBuilder sb = new StringBuilder("details for node ").append(node).append(':');
    if (proof != null) {
      sb.append("\n  no allocation exists: ").append(proof);
    }
    for (ClaimExplanation c : claims) {
      sb.append("\n  claim ").append(c.claim().key());
      for (RequestExplanation r : c.requests()) {
        sb.append("\n    request ").append(r.request()).append(": ")
            .append(r.devicesNeeded()).append(" needed, ")
            .append(r.devicesSuitable()).append(" suitable of ")
            .append(r.devicesConsidered()).append(" considered");
        for (Rejection j : r.rejections()) {
          sb.append("\n      ").append(j.devices()).append(' ').append(words(j.reason()));
          if (!j.examples().isEmpty()) {
            sb.append(": ").append(String.join(", ", j.examples()));
            if (j.examples().size() < j.devices()) {
              sb.append(", ...");
            }
          }
          if (!j.detail().isEmpty()) {
            sb.append("\n        ").append(j.detail());
          }
        }
      }
      if (c.conflict() != null) {
        sb.append("\n    conflict: ").append(c.conflict());
      }
    }
    for (PoolNote p : pools) {
      sb.append("\n  pool ").append(p.pool()).append(": ").append(words(p.reason()));
      if (!p.detail().isEmpty()) {
        sb.append(" (").append(p.detail()).append(')');
      }
    }
    return sb.toString();
  }

  /** Whether a request has fewer suitable devices than it needs (at least one). */
  static boolean lacksDevices(RequestExplanation r) {
    return r.devicesSuitable() < Math.max(r.devicesNeeded(), 1);
  }

  /** "request R: S of C devices suitable, N needed" and the three largest rejection groups, one line. */
  static String requestLine(RequestExplanation r) {
    StringBuilder sb = new StringBuilder("request ").append(r.request())
        .append(": ").append(r.devicesSuitable()).append(" of ").append(r.devicesConsidered())
        .append(" devices suitable, ").append(r.devicesNeeded()).append(" needed");
    int shown = 0;
    for (Rejection j : r.rejections()) {
      if (shown++ == 3) {
        break;
      }
      sb.append("; ").append(j.devices()).append(' ').append(words(j.reason()));
      if (!j.detail().isEmpty()) {
        sb.append(" (").append(oneLine(j.detail())).append(')');
      }
    }
    return sb.toString();
  }

  private static String words(Reason reason) {
    return reason.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  /* Line breaks and the indentation around them become one blank. */
  private static String oneLine(String text) {
    return text.indexOf('\n') < 0 && text.indexOf('\r') < 0 ? text : text.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
  }
}
