package io.github.dra4j.cli;

import io.github.dra4j.core.Features;
import io.github.dra4j.scheduling.PodScheduler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * {@code --feature-gates K=V,K=V}, parsed as Kubernetes components parse it, in one place for
 * every command: the allocator's gates ({@link Features}) and the scheduler's ({@value
 * PodScheduler#EXTENDED_RESOURCE_GATE}, {@value PodScheduler#NODE_ALLOCATABLE_RESOURCES_GATE}, {@value
 * PodScheduler#POD_LEVEL_RESOURCES_GATE}). A
 * command applies the gates it has a use for; every command knows every gate, so that one list
 * of gates works for all of them.
 */
final class FeatureGates {
  @Option(names = "--feature-gates", paramLabel = "K=V,...",
      description = "Kubernetes feature gates, e.g. DRAPrioritizedList=false. Unspecified gates keep the "
          + "library default (all on). Known: DRAAdminAccess, DRAConsumableCapacity, DRADeviceBindingConditions, "
          + "DRAResourceClaimDeviceStatus, DRADeviceTaints, DRADeviceTaintRules, DRAListTypeAttributes, "
          + "DRAPartitionableDevices, DRAPrioritizedList, DRAResourceSliceMixins (the allocator's) and "
          + "DRAExtendedResource, DRANodeAllocatableResources and PodLevelResources (scheduling's).")
  List<String> specs = new ArrayList<>();

  /** {@return every gate name the option accepts} */
  static List<String> known() {
    List<String> names = new ArrayList<>(Features.GATE_NAMES);
    names.add(PodScheduler.EXTENDED_RESOURCE_GATE);
    names.add(PodScheduler.NODE_ALLOCATABLE_RESOURCES_GATE);
    names.add(PodScheduler.POD_LEVEL_RESOURCES_GATE);
    return names;
  }

  /**
   * {@return the allocator's gates: the library default ({@link Features#all()}) with the given
   * ones applied; later values win}
   *
   * @throws CliException on a malformed entry, a value that is not a boolean or an unknown gate
   */
  Features features() {
    Map<String, Boolean> gates = parse();
    gates.keySet().retainAll(Features.GATE_NAMES);
    return Features.all().with(gates);
  }

  /**
   * {@return whether DeviceClasses serve extended resources ({@value PodScheduler#EXTENDED_RESOURCE_GATE}); on
   * unless the option turns it off}
   *
   * @throws CliException as {@link #features()}
   */
  boolean extendedResources() {
    return parse().getOrDefault(PodScheduler.EXTENDED_RESOURCE_GATE, true);
  }

  /**
   * {@return whether the node resources allocated devices stand for count with the pods' requests
   * ({@value PodScheduler#NODE_ALLOCATABLE_RESOURCES_GATE}); on unless the option turns it off}
   *
   * @throws CliException as {@link #features()}
   */
  boolean nodeAllocatableResources() {
    return parse().getOrDefault(PodScheduler.NODE_ALLOCATABLE_RESOURCES_GATE, true);
  }

  /**
   * {@return whether pods keep {@code spec.resources} ({@value PodScheduler#POD_LEVEL_RESOURCES_GATE}); on unless the
   * option turns it off}
   *
   * @throws CliException as {@link #features()}
   */
  boolean podLevelResources() {
    return parse().getOrDefault(PodScheduler.POD_LEVEL_RESOURCES_GATE, true);
  }

  /**
   * {@return the scheduler's gates, for the {@link PodScheduler.Builder} of every scheduler a command makes}
   *
   * @throws CliException as {@link #features()}
   */
  Consumer<PodScheduler.Builder> scheduler() {
    boolean extended = extendedResources();
    boolean nodeAllocatable = nodeAllocatableResources();
    boolean podLevel = podLevelResources();
    return b -> b.extendedResources(extended).nodeAllocatableResources(nodeAllocatable).podLevelResources(podLevel);
  }

  /* Every Name=bool entry of every option value, later ones winning. */
  private Map<String, Boolean> parse() {
    List<String> known = known();
    Map<String, Boolean> gates = new LinkedHashMap<>();
    for (String spec : specs) {
      for (String entry : spec.split(",", -1)) {
        String e = entry.strip();
        if (e.isEmpty()) {
          continue;
        }
        int eq = e.indexOf('=');
        if (eq <= 0) {
          throw new CliException("--feature-gates: \"" + e + "\" is not of the form Name=true|false");
        }
        String name = e.substring(0, eq).strip();
        if (!known.contains(name)) {
          throw new CliException("--feature-gates: unknown feature gate \"" + name + "\"; known gates: "
              + String.join(", ", known));
        }
        gates.put(name, parseBool(name, e.substring(eq + 1).strip()));
      }
    }
    return gates;
  }

  /** Accepts what Go's {@code strconv.ParseBool} accepts, as Kubernetes' gate parser does. */
  static boolean parseBool(String name, String value) {
    switch (value) {
      case "1": case "t": case "T": case "true": case "TRUE": case "True":
        return true;
      case "0": case "f": case "F": case "false": case "FALSE": case "False":
        return false;
      default:
        throw new CliException("--feature-gates: invalid value of " + name + ": \"" + value
            + "\" (want true or false)");
    }
  }

  /** {@return the gates as "Name=value" text, for --explain} */
  static String describe(Features features) {
    StringJoiner joined = new StringJoiner(",");
    features.gates().forEach((k, v) -> joined.add(k + "=" + v));
    return joined.toString();
  }
}
