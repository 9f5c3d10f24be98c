/**
 * Pod scheduling and capacity-planning simulations on the allocator's public API: which claims
 * a pod has, which nodes pass the filters, which node a scorer picks, the pods that Deployments
 * and the other controllers create, and simulations that schedule streams of pods. It reads
 * allocator-core only through its exported package, so a user can build the same from it.
 */
module io.github.dra4j.scheduling {
  requires transitive io.github.dra4j.core;
  requires static transitive org.jspecify;
  requires static transitive com.google.errorprone.annotations;

  exports io.github.dra4j.scheduling;
  exports io.github.dra4j.simulation;
}
