package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A core/v1 NodeAffinity.
 *
 * @param required the node selector a node must match, or null
 *     ({@code requiredDuringSchedulingIgnoredDuringExecution})
 * @param preferred weighted terms that add to a node's score ({@code preferredDuringSchedulingIgnoredDuringExecution})
 */
public record NodeAffinity(@Nullable NodeSelector required, List<PreferredSchedulingTerm> preferred) {
  public NodeAffinity {
    preferred = Copies.list(preferred);
  }
}
