/**
 * Places pods on nodes as kube-scheduler's DynamicResources plugin does, with the resourceclaim
 * controller that makes claims from templates: {@link io.github.dra4j.scheduling.PodScheduler}
 * finds a pod's claims, runs the {@link io.github.dra4j.scheduling.NodeFilter} steps and the
 * allocation on every node, lets a {@link io.github.dra4j.scheduling.NodeScorer} choose and
 * commits; {@link io.github.dra4j.scheduling.PodControllers} makes the pods of Deployments,
 * ReplicaSets, StatefulSets, DaemonSets and Jobs. Built on {@code io.github.dra4j.core}'s public
 * API only.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.scheduling;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
