package io.github.dra4j.api;

import java.util.List;

/**
 * A core/v1 NodeSelector: the terms are ORed, the requirements within a term ANDed.
 *
 * @param nodeSelectorTerms the terms; an empty list matches no node
 */
public record NodeSelector(List<NodeSelectorTerm> nodeSelectorTerms) {
  public NodeSelector {
    nodeSelectorTerms = Copies.list(nodeSelectorTerms);
  }

  /** {@return a selector with one term} */
  public static NodeSelector of(NodeSelectorTerm term) {
    return new NodeSelector(List.of(term));
  }

  /** {@return a selector that matches exactly the node with this name, by field} */
  public static NodeSelector forNodeName(String nodeName) {
    return of(new NodeSelectorTerm(List.of(),
        List.of(new NodeSelectorRequirement("metadata.name", NodeSelectorRequirement.IN, List.of(nodeName)))));
  }

  /**
   * Returns whether the node matches: some term whose requirements all hold. Labels feed
   * {@code matchExpressions}; {@code metadata.name} is the only field {@code matchFields}
   * knows, as in Kubernetes.
   *
   * @param node the node
   * @return true when a term matches
   */
  public boolean matches(Node node) {
    for (NodeSelectorTerm term : nodeSelectorTerms) {
      if (term.matches(node)) {
        return true;
      }
    }
    return false;
  }
}
