package io.github.dra4j.cli;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.Namespace;
import io.github.dra4j.api.ObjectRef;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.Service;
import io.github.dra4j.api.io.ClusterReader;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.UnknownObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The objects of the {@code -f} inputs, in order, each with where it came from so that errors
 * can name the file and the document.
 */
final class Input {
  /** The name {@code -f -} gets in messages. */
  static final String STDIN = "<stdin>";

  /**
   * One decoded object and its origin.
   *
   * @param object the api record (or {@code UnknownObject})
   * @param source the file name, or {@code <stdin>}
   * @param document the 1-based document in that file, or 0 when unknown
   */
  record Item(Object object, String source, int document) {
    Item {
      Objects.requireNonNull(object, "object");
      Objects.requireNonNull(source, "source");
    }

    /** {@return "file, document N" or "file"} */
    String where() {
      return document > 0 ? source + ", document " + document : source;
    }

    /** {@return the object's reference} */
    ObjectRef objectRef() {
      return Input.ref(object);
    }

    /** {@return "Kind/namespace/name" or "Kind/name", as validation lines name objects} */
    String ref() {
      ObjectRef ref = objectRef();
      return ref.kind() + "/" + ref.key();
    }
  }

  /** The file names a directory given with {@code -f} contributes, as kubectl reads them. */
  private static final List<String> EXTENSIONS = List.of(".yaml", ".yml", ".json");

  private final List<Item> items;

  private Input(List<Item> items) {
    this.items = List.copyOf(items);
  }

  List<Item> items() {
    return items;
  }

  /**
   * Reads every {@code -f} argument in order; {@code -} reads {@code stdin} (once), a directory
   * its {@code *.yaml}, {@code *.yml} and {@code *.json} files in name order (with
   * {@code recursive}, its subdirectories' too, each where its name sorts, as kubectl walks them).
   * Each file is streamed object by object (no size limit but the codec's byte cap). Within one
   * directory argument a file is read once however many links lead to it, and a directory reached
   * again through a symbolic link is not walked twice, so link loops end; a file named by two
   * arguments is read twice, as kubectl reads it.
   *
   * @param progress shows bytes and objects read, or null
   * @throws CliException naming the file, document, object and field of a decode error
   */
  static Input read(KubernetesCodec codec, List<String> files, boolean recursive, InputStream stdin,
      @Nullable ReadProgress progress, Consumer<CliException> fileErrors) {
    List<Item> items = new ArrayList<>();
    boolean stdinRead = false;
    for (String file : files) {
      if (file.equals("-")) {
        if (stdinRead) {
          throw new CliException("-f - is given twice; standard input can be read only once");
        }
        stdinRead = true;
        each(fileErrors, () -> decode(codec, stdin, STDIN, items, progress));
        continue;
      }
      Path path = Paths.get(file);
      if (Files.isDirectory(path)) {
        List<Path> found = new ArrayList<>();
        listDirectory(path, recursive, found, new HashSet<>());
        if (found.isEmpty()) {
          throw new CliException(file + ": no *.yaml, *.yml or *.json files in this directory"
              + (recursive ? " or below" : " (-R reads its subdirectories too)"));
        }
        Set<Path> seen = new HashSet<>();
        for (Path p : found) {
          if (seen.add(realPath(p))) {
            each(fileErrors, () -> readFile(codec, p.toString(), items, progress));
          }
        }
      } else {
        each(fileErrors, () -> readFile(codec, file, items, progress));
      }
    }
    return new Input(items);
  }

  private static void each(Consumer<CliException> fileErrors, Runnable readFile) {
    try {
      readFile.run();
    } catch (CliException e) {
      fileErrors.accept(e);
    }
  }

  /** Reads every argument, throwing the first file's error. */
  static Input read(KubernetesCodec codec, List<String> files, boolean recursive, InputStream stdin,
      @Nullable ReadProgress progress) {
    return read(codec, files, recursive, stdin, progress, e -> {
      throw e;
    });
  }

  /** As {@link #read(KubernetesCodec, List, boolean, InputStream, ReadProgress)} without progress. */
  static Input read(KubernetesCodec codec, List<String> files, boolean recursive, InputStream stdin) {
    return read(codec, files, recursive, stdin, null);
  }

  private static void decode(KubernetesCodec codec, InputStream in, String source, List<Item> items,
      @Nullable ReadProgress progress) {
    KubernetesCodec reading = progress == null ? codec : codec.withProgress(progress.file(source));
    try {
      reading.readAll(in, source, (object, document) -> items.add(new Item(object, source, document)));
    } catch (DecodeException e) {
      String hint = e.detail().startsWith("input larger than") ? " (--max-input-bytes raises the limit)" : "";
      throw new CliException(decodeMessage(e) + hint, e);
    } catch (IOException e) {
      throw new CliException(source + ": cannot read: " + e.getMessage(), e);
    } finally {
      if (progress != null) {
        progress.fileDone();
      }
    }
  }

  private static void readFile(KubernetesCodec codec, String file, List<Item> items, @Nullable ReadProgress progress) {
    try (InputStream in = Files.newInputStream(Paths.get(file))) {
      decode(codec, in, file, items, progress);
    } catch (NoSuchFileException e) {
      throw new CliException(file + ": no such file", e);
    } catch (IOException e) {
      throw new CliException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** {@return the file's real path, or the path itself when it cannot be resolved (reading will say why)} */
  private static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }

  private static void listDirectory(Path dir, boolean recursive, List<Path> out, Set<Path> walked) {
    if (!walked.add(realPath(dir))) {
      return; // reached again through a symbolic link: a loop, or walked already
    }
    List<Path> entries;
    try (Stream<Path> s = Files.list(dir)) {
      entries = s.sorted(Comparator.comparing(p -> p.getFileName().toString())).collect(Collectors.toList());
    } catch (IOException e) {
      throw new CliException(dir + ": cannot list: " + e.getMessage(), e);
    }
    for (Path p : entries) {
      if (Files.isDirectory(p)) {
        if (recursive) {
          listDirectory(p, true, out, walked);
        }
      } else if (EXTENSIONS.stream().anyMatch(p.getFileName().toString()::endsWith)) {
        out.add(p);
      }
    }
  }

  /**
   * Counts the objects of kinds that allocation does not use, by kind: the unmodelled ones, and the
   * Namespaces and Services that only scheduling reads.
   *
   * @return the one-line notice, such as {@code skipped 3 objects of kinds not used for
   *     allocation: ConfigMap (2), Deployment (1)}, or null when nothing was skipped
   */
  @Nullable String skippedNotice() {
    return countSkipped(o -> o instanceof UnknownObject u ? u.kind()
        : o instanceof Namespace ? "Namespace" : o instanceof Service ? "Service" : null);
  }

  /**
   * Counts the unmodelled objects that the command does not use, by kind, as
   * {@link #skippedNotice()} does.
   *
   * @param used the unmodelled objects the command uses all the same (workloads for schedule)
   * @return the one-line notice, or null when nothing was skipped
   */
  @Nullable String skippedNotice(Predicate<UnknownObject> used) {
    return countSkipped(o -> o instanceof UnknownObject u && !used.test(u) ? u.kind() : null);
  }

  /* skippedKind: the kind an object is counted under, or null when the command uses it. */
  private @Nullable String countSkipped(Function<Object, @Nullable String> skippedKind) {
    Map<String, Integer> counts = new TreeMap<>();
    int total = 0;
    for (Item item : items) {
      String kind = skippedKind.apply(item.object());
      if (kind != null) {
        counts.merge(kind.isEmpty() ? "(no kind)" : kind, 1, Integer::sum);
        total++;
      }
    }
    if (total == 0) {
      return null;
    }
    StringBuilder sb = new StringBuilder("skipped ").append(total).append(total == 1 ? " object" : " objects")
        .append(" of kinds not used for allocation: ");
    String sep = "";
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      sb.append(sep).append(e.getKey()).append(" (").append(e.getValue()).append(')');
      sep = ", ";
    }
    return sb.toString();
  }

  private static String decodeMessage(DecodeException e) {
    String message = e.getMessage();
    return message != null && message.contains(e.source()) ? message : e.source() + ": " + message;
  }

  /**
   * {@return the object's reference: its kind and key, and its UID} An unmodelled object has no
   * namespace here: only its kind and name are read.
   */
  static ObjectRef ref(Object o) {
    if (o instanceof UnknownObject) {
      UnknownObject u = (UnknownObject) o;
      return ObjectRef.of(u.kind(), null, u.name());
    }
    return ObjectRef.of(o);
  }

  /** {@return the item whose object an error names (same kind, namespace and name), or null} */
  @Nullable Item find(@Nullable ObjectRef ref) {
    if (ref == null) {
      return null;
    }
    for (Item item : items) {
      if (item.objectRef().sameObject(ref)) {
        return item;
      }
    }
    return null;
  }

  /** {@return whether the object is a pod controller, which {@link #cluster} decodes when asked to} */
  static boolean isPodController(UnknownObject o) {
    return o.apiVersion().equals(PodController.apiVersionOf(o.kind()));
  }

  /**
   * Sorts the objects into a cluster ({@link ClusterReader}), each with its file and document for
   * errors; objects of other kinds are left out (see {@link #skippedNotice}).
   *
   * @param codec decodes pod controllers' templates
   * @param controllers whether to decode the pod controllers (Deployments, ...) too, or leave them out
   * @param warnings receives one line per device or counter set a pool names twice (the allocator
   *     refuses that pool, as the scheduler does)
   * @throws CliException naming the file, document, object and field of an invalid pod controller,
   *     or both documents of two objects of one kind, namespace and name
   */
  Cluster cluster(KubernetesCodec codec, boolean controllers, Consumer<String> warnings) {
    return cluster(codec, controllers, PodController.DEFAULT_MAX_PODS, warnings);
  }

  /**
   * Sorts the objects into a cluster with the pod controllers decoded, each at most {@code maxPods}
   * pods ({@link ClusterReader#maxPods}).
   *
   * @throws CliException as {@link #cluster(KubernetesCodec, boolean, Consumer)} does, and for a
   *     pod controller of more pods
   */
  Cluster cluster(KubernetesCodec codec, int maxPods, Consumer<String> warnings) {
    return cluster(codec, true, maxPods, warnings);
  }

  /**
   * {@return the cluster without pods and templates}, for a command that allocates the claims as
   * given: those objects were decoded (so their errors show) but cannot change its answer, so two
   * of one name are no reason to stop it.
   */
  Cluster claimsCluster(KubernetesCodec codec, Consumer<String> warnings) {
    List<Item> used = items.stream()
        .filter(i -> !(i.object() instanceof Pod || i.object() instanceof ResourceClaimTemplate))
        .toList();
    return new Input(used).cluster(codec, false, warnings);
  }

  private Cluster cluster(KubernetesCodec codec, boolean controllers, int maxPods, Consumer<String> warnings) {
    ClusterReader reader = ClusterReader.create(codec).maxPods(maxPods);
    for (Item item : items) {
      Object o = item.object();
      if (o instanceof UnknownObject && !(controllers && isPodController((UnknownObject) o))) {
        continue;
      }
      try {
        if (!reader.add(o, item.source(), item.document())) {
          throw new IllegalStateException("the reader takes every decoded kind but unknown objects: " + o);
        }
      } catch (DecodeException e) {
        throw new CliException(decodeMessage(e), e);
      }
    }
    Cluster cluster;
    try {
      cluster = reader.cluster();
    } catch (DecodeException e) {
      throw new CliException(decodeMessage(e), e);
    }
    reader.poolWarnings().forEach(w -> warnings.accept(decodeMessage(w)));
    return cluster;
  }
}
