package io.github.dra4j.api;

import java.util.List;

/**
 * One term of a NodeSelector.
 *
 * @param matchExpressions requirements on node labels
 * @param matchFields requirements on node fields ({@code metadata.name})
 */
public record NodeSelectorTerm(
    List<NodeSelectorRequirement> matchExpressions, List<NodeSelectorRequirement> matchFields) {
  public NodeSelectorTerm {
    matchExpressions = Copies.list(matchExpressions);
    matchFields = Copies.list(matchFields);
  }

  /**
   * Returns whether every requirement holds. A term without requirements matches nothing,
   * as in Kubernetes.
   *
   * @param node the node
   * @return true when the term matches
   */
  public boolean matches(Node node) {
    if (matchExpressions.isEmpty() && matchFields.isEmpty()) {
      return false;
    }
    for (NodeSelectorRequirement r : matchExpressions) {
      if (!r.matches(node.metadata().labels())) {
        return false;
      }
    }
    for (NodeSelectorRequirement r : matchFields) {
      if (!r.matchesField(node)) {
        return false;
      }
    }
    return true;
  }
}
