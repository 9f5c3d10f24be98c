package io.github.dra4j.api;

import java.util.Objects;

/**
 * A template within a Workload ({@code spec.podGroupTemplateRef.workload} of a PodGroup).
 *
 * @param workloadName the Workload, in the PodGroup's namespace
 * @param podGroupTemplateName the name of one of its {@code spec.podGroupTemplates}
 */
public record WorkloadPodGroupTemplateReference(String workloadName, String podGroupTemplateName) {
  public WorkloadPodGroupTemplateReference {
    Objects.requireNonNull(workloadName, "workloadName");
    Objects.requireNonNull(podGroupTemplateName, "podGroupTemplateName");
  }
}
