package io.github.dra4j.scheduling;

import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodSpec;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/*
 * What the resource filters and scores read of a pod's containers (its requests and non-zero
 * requests, PodRequests; its host ports, NodeInfos), worked out for the last pod that needed them
 * and handed to the next pod whose containers, init containers, overhead and pod-level resources
 * (all these read of it) are equal. Pods decoded one by one share no spec object, but consecutive
 * pods are mostly of one kind: comparing those fields costs less than summing them afresh (maps
 * and amounts per container). The values are read only: cycles and bound pods share them. One
 * scheduler's (its NodeInfos'), used by one thread at a time.
 */
final class PodAmounts {
  private @Nullable Of last;

  /** {@return the amounts of the pod: the last pod's when it reads as that one} */
  Of of(Pod pod) {
    Of l = last;
    if (l == null || !sameAmounts(l.pod.spec(), pod.spec())) {
      l = new Of(pod);
      last = l;
    }
    return l;
  }

  /** {@return whether the two specs give the same requests, non-zero requests and host ports} */
  @SuppressWarnings("ReferenceEquality") // the same object first: pods of one kind may share their spec
  private static boolean sameAmounts(PodSpec a, PodSpec b) {
    return a == b || (a.containers().equals(b.containers()) && a.initContainers().equals(b.initContainers())
        && a.overhead().equals(b.overhead()) && Objects.equals(a.resources(), b.resources()));
  }

  /** One pod's amounts, each worked out on first use. */
  static final class Of {
    private final Pod pod;
    private @Nullable Map<String, Long> requests;
    private long @Nullable [] nonZero;
    private @Nullable List<NodeInfos.HostPort> ports;

    private Of(Pod pod) {
      this.pod = pod;
    }

    /** {@return PodRequests.of(pod)} Read only. */
    Map<String, Long> requests() {
      Map<String, Long> r = requests;
      if (r == null) {
        r = PodRequests.of(pod);
        requests = r;
      }
      return r;
    }

    /** {@return PodRequests.nonZero(pod)} Read only. */
    long[] nonZero() {
      long[] n = nonZero;
      if (n == null) {
        n = PodRequests.nonZero(pod);
        nonZero = n;
      }
      return n;
    }

    /** {@return NodeInfos.hostPorts(pod)} Read only. */
    List<NodeInfos.HostPort> ports() {
      List<NodeInfos.HostPort> p = ports;
      if (p == null) {
        p = NodeInfos.hostPorts(pod);
        ports = p;
      }
      return p;
    }
  }
}
