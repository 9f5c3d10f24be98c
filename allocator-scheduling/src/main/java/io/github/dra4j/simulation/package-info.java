/**
 * Capacity planning: {@link io.github.dra4j.simulation.Simulation} stamps out node groups,
 * fixes a stream of arrivals, schedules it once per policy with {@link
 * io.github.dra4j.scheduling.PodScheduler} and accounts placements, utilization and stranded
 * capacity into a {@link io.github.dra4j.simulation.SimulationResult}.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.simulation;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
