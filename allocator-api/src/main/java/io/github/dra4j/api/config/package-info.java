/**
 * kube-scheduler's own configuration, {@code KubeSchedulerConfiguration} of {@code
 * kubescheduler.config.k8s.io/v1}, as {@link io.github.dra4j.api.io.SchedulerConfigurationReader}
 * reads it and the {@code PodScheduler} of allocator-scheduling applies it: profiles, the plugins
 * each runs with their weights, and the arguments of the plugins dra4j models.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.api.config;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
