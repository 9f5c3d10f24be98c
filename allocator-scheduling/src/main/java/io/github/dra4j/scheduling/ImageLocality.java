package io.github.dra4j.scheduling;

import io.github.dra4j.api.Container;
import io.github.dra4j.api.ContainerImage;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.Pod;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/*
 * kube-scheduler's ImageLocality score (imagelocality/image_locality.go): a node scores by the
 * pod's images it already holds, so the pod starts without pulling them. Each init container's
 * and container's image, its name normalized (":latest" added when it has no tag), that the node
 * lists in status.images adds its size scaled by its spread (the share of all nodes that list
 * it), so that an image on every node does not pull every pod to the same few nodes; the sum,
 * clamped to [23 MiB, 1000 MiB * the number of containers], maps linearly onto 0..100. The plugin
 * has no normalization: the score is used as is.
 *
 * The images are read once, when the scheduler is built, as the scheduler cache does when a node
 * is added (addNodeImageStates): per image name, the nodes that list it and its size as the first
 * node in order lists it (the cache keeps the size of the first node it sees).
 */
final class ImageLocality {
  private static final long MB = 1024 * 1024;
  static final long MIN_THRESHOLD = 23 * MB;
  static final long MAX_CONTAINER_THRESHOLD = 1000 * MB;

  private ImageLocality() {}

  /** One image name across the cluster: the nodes (by position) that hold it and its scaled score. */
  private record State(BitSet nodes, long scaled) {}

  private record Seen(long size, BitSet nodes) {}

  /** The cluster's images by name; nodes do not change during a scheduler's life. */
  static final class Images {
    static final Images NONE = new Images(Map.of());

    private final Map<String, State> byName;

    private Images(Map<String, State> byName) {
      this.byName = byName;
    }

    static Images of(List<Node> nodes) {
      Map<String, Seen> seen = new HashMap<>();
      for (int i = 0; i < nodes.size(); i++) {
        for (ContainerImage image : nodes.get(i).images()) {
          for (String name : image.names()) {
            seen.computeIfAbsent(name, n -> new Seen(image.sizeBytes(), new BitSet())).nodes().set(i);
          }
        }
      }
      if (seen.isEmpty()) {
        return NONE;
      }
      Map<String, State> byName = new HashMap<>();
      seen.forEach((name, s) -> byName.put(name,
          new State(s.nodes(), scaledImageScore(s.size(), s.nodes().cardinality(), nodes.size()))));
      return new Images(byName);
    }
  }

  /** {@return ImageLocality's scores (0..100) of the nodes at these positions} */
  static long[] scores(Cycle in, int[] at) {
    Pod pod = in.pod();
    Images images = in.infos().images();
    int containers = pod.spec().initContainers().size() + pod.spec().containers().size();
    List<State> wanted = new ArrayList<>(containers);
    addStates(images, pod.spec().initContainers(), wanted);
    addStates(images, pod.spec().containers(), wanted);
    long[] scores = new long[at.length];
    if (wanted.isEmpty()) {
      return scores; // no node holds an image of the pod: every node is below the minimum threshold, 0
    }
    for (int k = 0; k < at.length; k++) {
      long sum = 0;
      for (State s : wanted) {
        if (s.nodes().get(at[k])) {
          sum += s.scaled();
        }
      }
      scores[k] = calculatePriority(sum, containers);
    }
    return scores;
  }

  private static void addStates(Images images, List<Container> containers, List<State> out) {
    for (Container c : containers) {
      State s = images.byName.get(normalizedImageName(c.image()));
      if (s != null) {
        out.add(s);
      }
    }
  }

  /** The image's size times the share of all nodes that hold it, truncated as Go converts. */
  static long scaledImageScore(long size, int numNodes, int totalNodes) {
    double spread = (double) numNodes / totalNodes;
    return (long) (size * spread);
  }

  /** The sum clamped to [MIN_THRESHOLD, MAX_CONTAINER_THRESHOLD * containers], mapped onto 0..100. */
  static long calculatePriority(long sumScores, int containers) {
    long maxThreshold = MAX_CONTAINER_THRESHOLD * containers;
    long sum = sumScores;
    if (sum < MIN_THRESHOLD) {
      sum = MIN_THRESHOLD;
    } else if (sum > maxThreshold) {
      sum = maxThreshold;
    }
    return DefaultScores.MAX * (sum - MIN_THRESHOLD) / (maxThreshold - MIN_THRESHOLD);
  }

  /**
   * {@return the name as the container runtime reports it: {@code :latest} added when the name
   * has no tag (no colon after its last slash)} A missing image is Go's empty string.
   */
  static String normalizedImageName(@Nullable String image) {
    String name = image == null ? "" : image;
    return name.lastIndexOf(':') <= name.lastIndexOf('/') ? name + ":latest" : name;
  }
}
