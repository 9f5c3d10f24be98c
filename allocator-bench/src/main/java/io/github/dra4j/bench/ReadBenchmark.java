package io.github.dra4j.bench;

import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.core.ClusterSnapshot;
import io.github.dra4j.core.MixinFlattener;
import io.github.dra4j.core.StructuredAllocator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading a cluster dump and indexing it: a {@link DgxA100} cluster of 1,000 nodes written as
 * the real-world dumps are (devices flattened, about 300 MB of YAML), read with {@link
 * KubernetesCodec} from a byte stream and indexed into a {@link ClusterSnapshot}. {@code stream}
 * reads the dump as one {@code kind: List} document (what {@code kubectl get -o yaml} writes),
 * as multi-document YAML, or as a JSON List, in one pass on all cores; {@code tree}, the
 * baseline, reads the multi-document dump the plain way: each document parsed whole into a
 * Jackson tree and then decoded, one after the other (a whole {@code kind: List} of this size
 * cannot be read so: it is longer than {@link KubernetesCodec#MAX_INPUT_CHARS}). Throughput in
 * MB/s is the dump's size (printed by the setup) over the time per operation. The fork's heap is
 * 3 GB, the target's bound.
 *
 * <p>Run: {@code allocator-bench/run-benchmarks.sh ReadBenchmark}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+UseParallelGC"})
public class ReadBenchmark {
  static final int NODES = 1000;

  /** The dump in one format, and what reading it must give. */
  @State(Scope.Benchmark)
  public static class Dump {
    @Param({"yaml-list", "yaml-documents", "json-list"})
    String format;

    byte[] bytes;
    int objects;

    /** Writes the dump. */
    @Setup(Level.Trial)
    public void setup() {
      List<Object> cluster = cluster();
      KubernetesCodec codec = KubernetesCodec.create();
      String text = switch (format) {
        case "yaml-list" -> yamlList(codec, cluster);
        case "yaml-documents" -> codec.writeYaml(cluster);
        default -> jsonList(codec, cluster);
      };
      bytes = text.getBytes(StandardCharsets.UTF_8);
      objects = cluster.size();
      System.out.printf(Locale.ROOT, "%n%s dump: %,d bytes, %,d objects%n", format, bytes.length, objects);
    }
  }

  /** The multi-document dump as one text per document, for the baseline. */
  @State(Scope.Benchmark)
  public static class Documents {
    List<String> texts;
    List<Class<?>> types;
    long bytes;

    /** Writes the documents. */
    @Setup(Level.Trial)
    public void setup() {
      KubernetesCodec codec = KubernetesCodec.create();
      texts = new ArrayList<>();
      types = new ArrayList<>();
      for (Object o : cluster()) {
        String text = codec.writeYaml(List.of(o));
        texts.add(text);
        types.add(o.getClass());
        bytes += text.getBytes(StandardCharsets.UTF_8).length;
      }
      System.out.printf(Locale.ROOT, "%ndocuments: %,d bytes, %,d objects%n", bytes, texts.size());
    }
  }

  /** The allocator that indexes what was read. */
  @State(Scope.Benchmark)
  public static class Indexer {
    StructuredAllocator allocator;

    /** Builds the allocator (its CEL environment) outside the timed code. */
    @Setup(Level.Trial)
    public void setup() {
      allocator = Allocations.allocator();
    }
  }

  /** {@return the nodes, classes and flattened slices of the cluster, in the order of a dump} */
  static List<Object> cluster() {
    BenchCluster w = DgxA100.cluster(NODES, DgxA100.SEED);
    List<Object> out = new ArrayList<>(DgxA100.clusterNodes(NODES));
    out.addAll(w.classes());
    for (ResourceSlice s : w.slices()) {
      out.add(MixinFlattener.flatten(s));
    }
    out.addAll(w.allocatedClaims());
    return out;
  }

  /** kubectl get -o yaml's shape: one List document, its items at the first column. */
  /* A JSON List written object by object: the codec's writeJsonList holds a 300 MB tree and text at once. */
  private static String jsonList(KubernetesCodec codec, List<Object> objects) {
    StringBuilder sb = new StringBuilder("{\"apiVersion\":\"v1\",\"kind\":\"List\",\"items\":[");
    for (int i = 0; i < objects.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(codec.writeJson(objects.get(i)));
    }
    return sb.append("]}").toString();
  }

  private static String yamlList(KubernetesCodec codec, List<Object> objects) {
    StringBuilder sb = new StringBuilder("apiVersion: v1\nitems:\n");
    for (Object o : objects) {
      String doc = codec.writeYaml(List.of(o));
      boolean first = true;
      for (String line : doc.split("\n", -1)) {
        if (line.isEmpty() || line.equals("---")) {
          continue;
        }
        sb.append(first ? "- " : "  ").append(line).append('\n');
        first = false;
      }
    }
    return sb.append("kind: List\nmetadata:\n  resourceVersion: \"\"\n").toString();
  }

  /** Reads the dump as a stream and indexes it. */
  @Benchmark
  public ClusterSnapshot stream(Dump dump, Indexer indexer) throws IOException {
    Read read = new Read();
    KubernetesCodec.create().readAll(new ByteArrayInputStream(dump.bytes), "dump", (o, document) -> read.add(o));
    return read.index(indexer, dump.objects);
  }

  /** Reads the documents one by one through Jackson trees, the plain way, and indexes them. */
  @Benchmark
  public ClusterSnapshot tree(Documents documents, Indexer indexer) {
    KubernetesCodec codec = KubernetesCodec.create();
    Read read = new Read();
    try {
      for (int i = 0; i < documents.texts.size(); i++) {
        read.add(codec.read(documents.texts.get(i), documents.types.get(i)));
      }
    } catch (DecodeException e) {
      throw new UncheckedIOException(e);
    }
    return read.index(indexer, documents.texts.size());
  }

  /** What a read gave, by kind. */
  private static final class Read {
    final List<ResourceSlice> slices = new ArrayList<>();
    final List<DeviceClass> classes = new ArrayList<>();
    final List<ResourceClaim> claims = new ArrayList<>();
    int count;

    void add(Object o) {
      count++;
      if (o instanceof ResourceSlice s) {
        slices.add(s);
      } else if (o instanceof DeviceClass c) {
        classes.add(c);
      } else if (o instanceof ResourceClaim c) {
        claims.add(c);
      } else if (!(o instanceof Node)) {
        throw new IllegalStateException("unexpected " + o.getClass());
      }
    }

    ClusterSnapshot index(Indexer indexer, int expected) {
      if (count != expected) {
        throw new IllegalStateException("read " + count + " objects, expected " + expected);
      }
      return indexer.allocator.snapshot(slices, classes, claims);
    }
  }
}
