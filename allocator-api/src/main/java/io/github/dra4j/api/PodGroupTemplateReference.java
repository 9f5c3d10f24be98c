package io.github.dra4j.api;

import org.jspecify.annotations.Nullable;

/**
 * The template a PodGroup was made from ({@code spec.podGroupTemplateRef}); exactly one reference
 * is set in a valid object, and the API knows only one kind of reference so far.
 *
 * @param workload the template within a Workload, or null
 */
public record PodGroupTemplateReference(@Nullable WorkloadPodGroupTemplateReference workload) {
  /** {@return a reference to a template of a Workload} */
  public static PodGroupTemplateReference ofWorkload(String workloadName, String podGroupTemplateName) {
    return new PodGroupTemplateReference(new WorkloadPodGroupTemplateReference(workloadName, podGroupTemplateName));
  }
}
