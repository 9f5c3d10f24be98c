package io.github.dra4j.scheduling;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeAffinity;
import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.config.SchedulerConfiguration.PluginArgs;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/*
 * One profile of a scheduler configuration as the plugins read it: its Filter plugins as a
 * NodeFilter, the weights of the Score plugins dra4j models (0 when disabled), and the plugins'
 * arguments. Compared by identity: the placement cache keeps answers per profile.
 */
final class SchedulingProfile {
  /** kube-scheduler's default profile, with the filter PodScheduler runs without a configuration. */
  static final SchedulingProfile DEFAULT = new SchedulingProfile(
      SchedulerConfiguration.defaults().profiles().get(0));

  final SchedulerConfiguration.Profile config;
  final NodeFilter filter;
  final int taintToleration;
  final int nodeAffinity;
  final int podTopologySpread;
  final int interPodAffinity;
  final int resourcesFit;
  final int balancedAllocation;
  final int dynamicResources;
  final int imageLocality;
  /** Where PodTopologySpread's default constraints find a pod's selector. */
  final DefaultSpread spreadDefaults;
  /** DefaultPreemption's arguments in this profile, read once. */
  final Preemptor.MinCandidateNodes minCandidateNodes;
  private final Set<String> ignoredResources;
  private final Set<String> ignoredResourceGroups;

  SchedulingProfile(SchedulerConfiguration.Profile config) {
    this(config, DefaultSpread.NONE);
  }

  SchedulingProfile(SchedulerConfiguration.Profile config, DefaultSpread spreadDefaults) {
    this.config = config;
    this.spreadDefaults = spreadDefaults;
    this.filter = NodeFilter.scheduler().only(config.filters());
    this.taintToleration = config.weight("TaintToleration");
    this.nodeAffinity = config.weight("NodeAffinity");
    this.podTopologySpread = config.weight("PodTopologySpread");
    this.interPodAffinity = config.weight("InterPodAffinity");
    this.resourcesFit = config.weight("NodeResourcesFit");
    this.balancedAllocation = config.weight("NodeResourcesBalancedAllocation");
    this.dynamicResources = config.weight("DynamicResources");
    this.imageLocality = config.weight("ImageLocality");
    this.ignoredResources = Set.copyOf(config.args().ignoredResources());
    this.ignoredResourceGroups = Set.copyOf(config.args().ignoredResourceGroups());
    this.minCandidateNodes = new Preemptor.MinCandidateNodes(config.args().minCandidateNodesPercentage(),
        config.args().minCandidateNodesAbsolute());
  }

  PluginArgs args() {
    return config.args();
  }

  /** {@return NodeAffinity's addedAffinity, or null} */
  @Nullable NodeAffinity addedAffinity() {
    return config.args().addedAffinity();
  }

  /** {@return whether the node satisfies the profile's addedAffinity (required part)} */
  boolean addedAffinityMatches(Node node) {
    NodeAffinity added = config.args().addedAffinity();
    return added == null || added.required() == null || added.required().matches(node);
  }

  /** {@return whether NodeResourcesFit's filter leaves this extended resource unchecked} */
  boolean ignores(String extendedResource) {
    if (ignoredResources.contains(extendedResource)) {
      return true;
    }
    int slash = extendedResource.indexOf('/');
    return !ignoredResourceGroups.isEmpty() && ignoredResourceGroups.contains(
        slash < 0 ? extendedResource : extendedResource.substring(0, slash));
  }
}
