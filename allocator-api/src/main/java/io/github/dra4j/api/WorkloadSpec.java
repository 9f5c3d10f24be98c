package io.github.dra4j.api;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a Workload describes: the templates of its pod groups.
 *
 * @param controllerRef the object (a Job, a JobSet) the Workload was made for, or null
 * @param podGroupTemplates the templates, at most 8, unique by name
 */
public record WorkloadSpec(@Nullable TypedLocalObjectReference controllerRef, List<PodGroupTemplate> podGroupTemplates) {
  public WorkloadSpec {
    podGroupTemplates = Copies.list(podGroupTemplates);
  }

  /**
   * {@return the template of this name, or null}
   *
   * @param name the template's name
   */
  public @Nullable PodGroupTemplate template(String name) {
    for (PodGroupTemplate t : podGroupTemplates) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    return null;
  }
}
