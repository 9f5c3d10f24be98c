/**
 * The inputs of a capacity-planning simulation: node groups that stamp out copies of a node and
 * its slices, pod kinds and the arrivals drawn from them, as the {@code Simulation} of
 * allocator-scheduling consumes them and {@link io.github.dra4j.api.io.SimulationReader} reads them
 * from {@code simulation.dra4j.io/v1} YAML; and {@link
 * io.github.dra4j.api.simulation.ClusterGenerator}, which stamps copies of a node and its slices
 * into a cluster of any size.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.api.simulation;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
