package io.github.dra4j.core;

import io.github.dra4j.api.Node;
import java.util.List;

/** Nodes and their pools by position. Never changed once built. */
@SuppressWarnings("ArrayRecordComponent") // never compared or hashed
record NodeOrder(Node[] nodes, List<Pool>[] pools) {
  @SuppressWarnings("ReferenceEquality") // the same Node objects as last time: equal without a look
  boolean sameNodes(Node[] other) {
    if (other.length != nodes.length) {
      return false;
    }
    for (int i = 0; i < other.length; i++) {
      if (other[i] != nodes[i]) {
        return false;
      }
    }
    return true;
  }
}
