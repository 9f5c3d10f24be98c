package io.github.dra4j.bench;

import io.github.dra4j.api.Counter;
import io.github.dra4j.api.CounterSet;
import io.github.dra4j.api.CounterSetMixin;
import io.github.dra4j.api.Device;
import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.api.DeviceCapacity;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.DeviceCounterConsumption;
import io.github.dra4j.api.DeviceCounterConsumptionMixin;
import io.github.dra4j.api.DeviceMixin;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourcePool;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.ResourceSliceMixins;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A DGX A100 node as the NVIDIA DRA driver would publish it with KEP-4815 counters and KEP-5234
 * mixins, modelled on the scenario {@code partitions-mig-a100-*} and the A100 40GB profile table of
 * KEP-4815: 8 GPUs, each with a full-GPU device and one device per MIG placement (7g.40gb x1,
 * 4g.20gb x1, 3g.20gb x2, 2g.10gb x3, 1g.10gb x4, 1g.5gb+me x7, 1g.5gb x7), so 26 devices per GPU
 * and 208 per node. A counter set per GPU (copy engines, decoders, encoders, JPEG and OFA engines,
 * memory, multiprocessors and 8 memory slices) backs the shared resources; every device consumes
 * its profile plus the memory slices of its placement.
 *
 * <p>Slices per node (pool = node name): {@code <node>-devices-0} to {@code -3} (2 GPUs, 52
 * devices each: a slice whose devices consume counters holds at most 64) and {@code
 * <node>-counters}. Without counters the node has the
 * same devices and attributes but neither counter sets nor consumptions.
 *
 * <p>Nodes of one generator share their immutable mixin objects (only the per-GPU index and UUID
 * mixins differ), which keeps a 5,000-node cluster near 100 MB; each node still has its own
 * slices and device records.
 */
public final class DgxA100 {
  /** The NVIDIA driver name. */
  public static final String DRIVER = "gpu.nvidia.com";
  /** The class of MIG devices. */
  public static final String MIG_CLASS = "mig.nvidia.com";
  /** The class of full GPUs. */
  public static final String GPU_CLASS = "gpu.nvidia.com";
  /** GPUs per node. */
  public static final int GPUS = 8;
  static final int GPUS_PER_SLICE = 2;
  /** The seed the benchmarks use. */
  public static final long SEED = 0x4815L;

  /**
   * One row of the A100 40GB MIG profile table.
   *
   * @param name the profile name, such as 1g.5gb+me
   * @param counters memory, memory slices, multiprocessors, copy engines, decoders, encoders,
   *     JPEG engines, OFA engines
   * @param starts the first memory slice of each placement
   */
  @SuppressWarnings("ArrayRecordComponent") // never compared or hashed
  record Profile(String name, int[] counters, int[] starts) {
    Profile {
      counters = counters.clone();
      starts = starts.clone();
    }

    @Override
    public int[] counters() {
      return counters.clone();
    }

    @Override
    public int[] starts() {
      return starts.clone();
    }

    String label() {
      return name.replace('.', '-').replace("+", "-");
    }

    int memorySlices() {
      return counters[1];
    }
  }

  /** KEP-4815's A100 40GB table: memory in Mi, slices, SMs, CE, decoders, encoders, JPEG, OFA. */
  static final List<Profile> PROFILES = List.of(
      new Profile("7g.40gb", new int[] {40192, 8, 98, 7, 5, 0, 1, 1}, new int[] {0}),
      new Profile("4g.20gb", new int[] {19968, 4, 56, 4, 2, 0, 0, 0}, new int[] {0}),
      new Profile("3g.20gb", new int[] {19968, 4, 42, 3, 2, 0, 0, 0}, new int[] {0, 4}),
      new Profile("2g.10gb", new int[] {9856, 2, 28, 2, 1, 0, 0, 0}, new int[] {0, 2, 4}),
      new Profile("1g.10gb", new int[] {9856, 2, 14, 1, 1, 0, 0, 0}, new int[] {0, 2, 4, 6}),
      new Profile("1g.5gb+me", new int[] {4864, 1, 14, 1, 1, 0, 1, 1}, new int[] {0, 1, 2, 3, 4, 5, 6}),
      new Profile("1g.5gb", new int[] {4864, 1, 14, 1, 0, 0, 0, 0}, new int[] {0, 1, 2, 3, 4, 5, 6}));

  /** The full GPU's resources, in the table's column order. */
  private static final int[] FULL_GPU = {40192, 8, 98, 7, 5, 0, 1, 1};
  private static final String[] COUNTERS = {
    "memory", null, "multiprocessors", "copy-engines", "decoders", "encoders", "jpeg-engines", "ofa-engines"};
  private static final String[] CAPACITIES = {
    "memory", null, "multiprocessors", "copyEngines", "decoders", "encoders", "jpegEngines", "ofaEngines"};

  /**
   * A fill order that packs every GPU exactly with first fit: 4g.20gb on slices 0-3, 2g.10gb on
   * 4-5, 1g.10gb on 6-7 use all 98 multiprocessors and 7 copy engines of a GPU.
   */
  public static final List<String> FILL_ROUND = List.of("4g.20gb", "2g.10gb", "1g.10gb");

  private DgxA100() {}

  /** {@return the name of node {@code i} of a cluster} */
  public static String nodeName(int i) {
    return String.format(Locale.ROOT, "dgx-%05d", i);
  }

  /** {@return the Kubernetes node {@code name}} */
  public static Node node(String name) {
    return Node.of(name, Map.of("kubernetes.io/hostname", name, "nvidia.com/gpu.product", "A100-SXM4-40GB"));
  }

  /** {@return the MIG and full-GPU device classes} */
  public static List<DeviceClass> classes() {
    return List.of(
        Model.deviceClass(MIG_CLASS, "device.driver == \"" + DRIVER + "\" && device.attributes[\""
            + DRIVER + "\"].type == \"mig\""),
        Model.deviceClass(GPU_CLASS, "device.driver == \"" + DRIVER + "\" && device.attributes[\""
            + DRIVER + "\"].type == \"gpu\""));
  }

  /** {@return a claim for one MIG device of the profile} */
  public static ResourceClaim migClaim(String name, String profile) {
    return Model.claim(name, "mig", MIG_CLASS,
        "device.attributes[\"" + DRIVER + "\"].profile == \"" + profile + "\"");
  }

  /** {@return the claims of {@link #FILL_ROUND} repeated once per GPU: they fill a node exactly} */
  public static List<ResourceClaim> fillClaims() {
    List<ResourceClaim> claims = new ArrayList<>();
    for (int g = 0; g < GPUS; g++) {
      for (String profile : FILL_ROUND) {
        claims.add(migClaim("fill-" + claims.size(), profile));
      }
    }
    return claims;
  }

  /** {@return one node's slices, with or without counters} */
  public static BenchCluster node(String node, boolean counters) {
    return new BenchCluster(new Generator(counters).nodeSlices(node), classes(), List.of());
  }

  /**
   * Generates a cluster of DGX A100 nodes with counters. A fixed-seed 30% of the nodes are busy:
   * every GPU there has a 3g.20gb on memory slices 0-3 in use (one allocated claim per node), so
   * a 4g.20gb no longer fits on them, while a 3g.20gb still does.
   *
   * @param nodes how many nodes
   * @param seed the seed that picks the busy nodes
   * @return the slices, classes and in-use claims
   */
  public static BenchCluster cluster(int nodes, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<ResourceSlice> slices = new ArrayList<>(nodes * (GPUS / GPUS_PER_SLICE + 1));
    List<ResourceClaim> inUse = new ArrayList<>();
    Generator generator = new Generator(true);
    for (int i = 0; i < nodes; i++) {
      String node = nodeName(i);
      slices.addAll(generator.nodeSlices(node));
      if (random.nextInt(100) < 30) {
        List<String> devices = new ArrayList<>();
        for (int g = 0; g < GPUS; g++) {
          devices.add(migDeviceName(g, PROFILES.get(2), 0));
        }
        ResourceClaim claim = Model.claim("busy-" + node, "mig", MIG_CLASS, "true");
        inUse.add(Model.allocated(claim, DRIVER, node, node, devices));
      }
    }
    return new BenchCluster(slices, classes(), inUse);
  }

  /** {@return the nodes of a cluster of the given size} */
  public static List<Node> clusterNodes(int nodes) {
    List<Node> list = new ArrayList<>(nodes);
    for (int i = 0; i < nodes; i++) {
      list.add(node(nodeName(i)));
    }
    return list;
  }

  static String migDeviceName(int gpu, Profile profile, int start) {
    int end = start + profile.memorySlices() - 1;
    return "gpu-" + gpu + "-mig-" + profile.label() + "-" + start + (end == start ? "" : "-" + end);
  }

  /**
   * What every node's device slice {@code s} has in common: the mixins other than the per-GPU
   * ones, and the devices (which carry no node-specific data).
   */
  private record Template(List<DeviceMixin> deviceMixins, List<DeviceCounterConsumptionMixin> consumptionMixins,
      List<Device> devices) {}

  /**
   * Generates nodes that share their immutable mixin and counter set objects, so that 5,000
   * nodes fit in a benchmark heap; each node still has its own slices, devices and per-GPU
   * mixins (index and UUID), as a decoded informer cache would.
   */
  private static final class Generator {
    private final boolean counters;
    private final List<Template> templates = new ArrayList<>();
    private final ResourceSliceMixins counterMixins;
    private final List<CounterSet> counterSets = new ArrayList<>();

    Generator(boolean counters) {
      this.counters = counters;
      for (int s = 0; s < GPUS / GPUS_PER_SLICE; s++) {
        templates.add(template(s, counters));
      }
      Map<String, Counter> a100 = new LinkedHashMap<>();
      putCounters(a100, FULL_GPU, 0);
      counterMixins = new ResourceSliceMixins(List.of(), List.of(),
          List.of(new CounterSetMixin("mock-nvidia-a100", a100)));
      for (int g = 0; g < GPUS; g++) {
        counterSets.add(new CounterSet(counterSetName(g), Map.of(), List.of("mock-nvidia-a100")));
      }
    }

    List<ResourceSlice> nodeSlices(String node) {
      int deviceSlices = templates.size();
      ResourcePool pool = ResourcePool.of(node, 1, counters ? deviceSlices + 1 : deviceSlices);
      List<ResourceSlice> slices = new ArrayList<>(deviceSlices + 1);
      SplittableRandom random = new SplittableRandom(SEED + node.hashCode());
      for (int s = 0; s < templates.size(); s++) {
        Template template = templates.get(s);
        List<DeviceMixin> mixins = new ArrayList<>(template.deviceMixins());
        for (int g = s * GPUS_PER_SLICE; g < (s + 1) * GPUS_PER_SLICE; g++) {
          String uuid = "GPU-" + Long.toHexString(random.nextLong()) + Long.toHexString(random.nextLong());
          mixins.add(new DeviceMixin("specific-gpu-" + g + "-attributes",
              Map.of("index", DeviceAttribute.ofInt(g), "uuid", DeviceAttribute.ofString(uuid)), Map.of()));
          mixins.add(new DeviceMixin("specific-gpu-" + g + "-mig-attributes",
              Map.of("parentIndex", DeviceAttribute.ofInt(g), "parentUUID", DeviceAttribute.ofString(uuid)),
              Map.of()));
        }
        List<Device> devices = new ArrayList<>(template.devices().size());
        for (Device d : template.devices()) {
          devices.add(Model.device(d.name(), d.attributes(), d.capacity(), d.consumesCounters(), d.includes()));
        }
        slices.add(Model.deviceSlice(node + "-devices-" + s, DRIVER, node, pool, devices,
            new ResourceSliceMixins(mixins, template.consumptionMixins(), List.of())));
      }
      if (counters) {
        slices.add(Model.counterSlice(node + "-counters", DRIVER, node, pool, counterSets, counterMixins));
      }
      return slices;
    }
  }

  private static Template template(int s, boolean counters) {
    List<DeviceMixin> deviceMixins = new ArrayList<>();
    List<DeviceCounterConsumptionMixin> consumptionMixins = new ArrayList<>();
    deviceMixins.add(new DeviceMixin("common-gpu-attributes", commonAttributes("gpu"), Map.of()));
    deviceMixins.add(new DeviceMixin("common-mig-attributes", commonAttributes("mig"), Map.of()));
    deviceMixins.add(new DeviceMixin("gpu-full", Map.of(), capacities(FULL_GPU)));
    consumptionMixins.add(new DeviceCounterConsumptionMixin("gpu-full", counters(FULL_GPU)));
    for (Profile p : PROFILES) {
      deviceMixins.add(new DeviceMixin("mig-" + p.label(),
          Map.of("profile", DeviceAttribute.ofString(p.name())), capacities(p.counters())));
      consumptionMixins.add(new DeviceCounterConsumptionMixin("mig-" + p.label(), counters(p.counters())));
    }
    for (int[] range : memorySliceRanges()) {
      Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
      Map<String, Counter> consumed = new LinkedHashMap<>();
      for (int m = range[0]; m <= range[1]; m++) {
        capacity.put("memorySlice" + m, DeviceCapacity.of("1"));
        consumed.put("memory-slice-" + m, Counter.of("1"));
      }
      deviceMixins.add(new DeviceMixin(rangeName(range[0], range[1]), Map.of(), capacity));
      consumptionMixins.add(new DeviceCounterConsumptionMixin(rangeName(range[0], range[1]), consumed));
    }
    List<Device> devices = new ArrayList<>();
    for (int g = s * GPUS_PER_SLICE; g < (s + 1) * GPUS_PER_SLICE; g++) {
      String all = rangeName(0, 7);
      devices.add(Model.device("gpu-" + g, Map.of(), Map.of(),
          consumption(g, counters, "gpu-full", all),
          List.of("common-gpu-attributes", "specific-gpu-" + g + "-attributes", "gpu-full", all)));
      for (Profile p : PROFILES) {
        for (int start : p.starts()) {
          String range = rangeName(start, start + p.memorySlices() - 1);
          devices.add(Model.device(migDeviceName(g, p, start), Map.of(), Map.of(),
              consumption(g, counters, "mig-" + p.label(), range),
              List.of("common-mig-attributes", "specific-gpu-" + g + "-mig-attributes", "mig-" + p.label(), range)));
        }
      }
    }
    return new Template(List.copyOf(deviceMixins), counters ? List.copyOf(consumptionMixins) : List.of(),
        List.copyOf(devices));
  }

  private static List<DeviceCounterConsumption> consumption(int gpu, boolean counters, String profile, String range) {
    return counters
        ? List.of(new DeviceCounterConsumption(counterSetName(gpu), Map.of(), List.of(profile, range)))
        : List.of();
  }

  private static List<int[]> memorySliceRanges() {
    List<int[]> ranges = new ArrayList<>();
    ranges.add(new int[] {0, 7});
    for (Profile p : PROFILES) {
      for (int start : p.starts()) {
        int[] range = {start, start + p.memorySlices() - 1};
        if (ranges.stream().noneMatch(r -> r[0] == range[0] && r[1] == range[1])) {
          ranges.add(range);
        }
      }
    }
    return ranges;
  }

  private static Map<String, DeviceAttribute> commonAttributes(String type) {
    Map<String, DeviceAttribute> attributes = new LinkedHashMap<>();
    attributes.put("type", DeviceAttribute.ofString(type));
    attributes.put("architecture", DeviceAttribute.ofString("Ampere"));
    attributes.put("brand", DeviceAttribute.ofString("Nvidia"));
    attributes.put("productName", DeviceAttribute.ofString("Mock NVIDIA A100-SXM4-40GB"));
    attributes.put("driverVersion", DeviceAttribute.ofVersion("550.54.15"));
    attributes.put("cudaComputeCapability", DeviceAttribute.ofVersion("8.0.0"));
    return attributes;
  }

  private static Map<String, DeviceCapacity> capacities(int[] resources) {
    Map<String, DeviceCapacity> capacity = new LinkedHashMap<>();
    for (int i = 0; i < resources.length; i++) {
      if (CAPACITIES[i] != null) {
        capacity.put(CAPACITIES[i], DeviceCapacity.of(i == 0 ? resources[i] + "Mi" : Integer.toString(resources[i])));
      }
    }
    return capacity;
  }

  private static Map<String, Counter> counters(int[] resources) {
    Map<String, Counter> counters = new LinkedHashMap<>();
    putCounters(counters, resources, -1);
    return counters;
  }

  /** Puts the profile counters, and with {@code memorySlices >= 0} the 8 memory slice counters. */
  private static void putCounters(Map<String, Counter> into, int[] resources, int memorySlices) {
    for (int i = 0; i < resources.length; i++) {
      if (COUNTERS[i] != null) {
        into.put(COUNTERS[i], Counter.of(i == 0 ? resources[i] + "Mi" : Integer.toString(resources[i])));
      }
    }
    if (memorySlices >= 0) {
      for (int m = 0; m < 8; m++) {
        into.put("memory-slice-" + m, Counter.of("1"));
      }
    }
  }

  private static String rangeName(int first, int last) {
    return first == last ? "memory-slices-" + first : "memory-slices-" + first + "-" + last;
  }

  private static String counterSetName(int gpu) {
    return "gpu-" + gpu + "-counter-set";
  }
}
