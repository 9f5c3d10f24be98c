package io.github.dra4j.api.config;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.github.dra4j.api.NodeAffinity;
import io.github.dra4j.api.TopologySpreadConstraint;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@code KubeSchedulerConfiguration} once kube-scheduler has defaulted it: each profile with
 * the plugins it runs at the Filter and Score extension points (the defaults merged with the
 * profile's {@code enabled} and {@code disabled} lists, and {@code multiPoint} expanded, as
 * upstream's {@code mergePlugins} and the framework do) and the arguments of the plugins dra4j
 * models. The fields kube-scheduler reads for its own process (leader election, client
 * connection, parallelism, backoff, extenders) have no effect on where pods go and are not kept.
 *
 * @param percentageOfNodesToScore the share of nodes, 0 to 100, in which feasible nodes are
 *     looked for before scoring; 0 or null is kube-scheduler's adaptive share (see {@link
 *     #numFeasibleNodesToFind})
 * @param profiles the profiles, each with its own {@code schedulerName}
 */
public record SchedulerConfiguration(@Nullable Integer percentageOfNodesToScore, List<Profile> profiles) {
  /** The only apiVersion read: kube-scheduler's v1 (the beta versions were removed in 1.29). */
  public static final String API_VERSION = "kubescheduler.config.k8s.io/v1";
  /** The scheduler name of a pod that names none, and of the one profile of a default configuration. */
  public static final String DEFAULT_SCHEDULER_NAME = "default-scheduler";
  /** Fewer nodes than this are all searched (upstream's minFeasibleNodesToFind). */
  public static final int MIN_FEASIBLE_NODES_TO_FIND = 100;
  /** The floor of the adaptive percentage (upstream's minFeasibleNodesPercentageToFind). */
  public static final int MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

  /**
   * Copies the profiles.
   *
   * @throws IllegalArgumentException when there is no profile
   */
  public SchedulerConfiguration {
    profiles = List.copyOf(profiles);
    if (profiles.isEmpty()) {
      throw new IllegalArgumentException("a configuration needs at least one profile");
    }
  }

  /** {@return kube-scheduler's configuration without a file: one default profile, the adaptive percentage} */
  public static SchedulerConfiguration defaults() {
    return new SchedulerConfiguration(null, List.of(Profile.defaults(DEFAULT_SCHEDULER_NAME)));
  }

  /**
   * {@return the profile that schedules pods naming this scheduler, or null}
   *
   * @param schedulerName a pod's {@code spec.schedulerName}; null or empty for {@value #DEFAULT_SCHEDULER_NAME}
   */
  public @Nullable Profile profile(@Nullable String schedulerName) {
    String name = schedulerName == null || schedulerName.isEmpty() ? DEFAULT_SCHEDULER_NAME : schedulerName;
    for (Profile p : profiles) {
      if (p.schedulerName().equals(name)) {
        return p;
      }
    }
    return null;
  }

  /**
   * How many feasible nodes kube-scheduler looks for before it scores them (upstream's
   * numFeasibleNodesToFind): all of them below {@value #MIN_FEASIBLE_NODES_TO_FIND} nodes;
   * otherwise the profile's percentage, else the configuration's, of the nodes, where 0 means
   * {@code 50 - nodes / 125} with a floor of {@value #MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND}; never
   * fewer than {@value #MIN_FEASIBLE_NODES_TO_FIND}.
   *
   * @param profile the pod's profile
   * @param nodes the nodes the pod may go to
   * @return the number of feasible nodes after which the search stops
   */
  public int numFeasibleNodesToFind(Profile profile, int nodes) {
    if (nodes < MIN_FEASIBLE_NODES_TO_FIND) {
      return nodes;
    }
    Integer set = profile.percentageOfNodesToScore() != null ? profile.percentageOfNodesToScore()
        : percentageOfNodesToScore;
    int percentage = set == null ? 0 : set;
    if (percentage == 0) {
      percentage = Math.max(50 - nodes / 125, MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND);
    }
    int found = (int) ((long) nodes * percentage / 100);
    return Math.max(found, MIN_FEASIBLE_NODES_TO_FIND);
  }

  /**
   * One scheduling profile.
   *
   * @param schedulerName the name pods give in {@code spec.schedulerName}
   * @param percentageOfNodesToScore the profile's own percentage, or null for the configuration's
   * @param filters the Filter plugins enabled, in the order they run
   * @param scores the Score plugins enabled, in order, with their weights
   * @param args the arguments of the plugins dra4j models
   * @param postFilters the PostFilter plugins enabled, in order: without {@code DefaultPreemption}
   *     a pod that fits no node preempts nothing
   */
  public record Profile(String schedulerName, @Nullable Integer percentageOfNodesToScore, List<String> filters,
      List<Weighted> scores, PluginArgs args, List<String> postFilters) {
    /** The Filter plugins kube-scheduler runs by default, in order. */
    public static final List<String> DEFAULT_FILTERS = List.of("NodeUnschedulable", "NodeName", "TaintToleration",
        "NodeAffinity", "NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding",
        "VolumeZone", "PodTopologySpread", "InterPodAffinity", "DynamicResources");
    /** The Score plugins kube-scheduler runs by default, in order, with their default weights. */
    public static final List<Weighted> DEFAULT_SCORES = List.of(new Weighted("TaintToleration", 3),
        new Weighted("NodeAffinity", 2), new Weighted("NodeResourcesFit", 1), new Weighted("VolumeBinding", 1),
        new Weighted("PodTopologySpread", 2), new Weighted("InterPodAffinity", 2),
        new Weighted("DynamicResources", 1), new Weighted("NodeResourcesBalancedAllocation", 1),
        new Weighted("ImageLocality", 1));
    /** The PostFilter plugins kube-scheduler runs by default, in order. */
    public static final List<String> DEFAULT_POST_FILTERS = List.of("DynamicResources", "DefaultPreemption");

    /** Copies the lists. */
    public Profile {
      Objects.requireNonNull(schedulerName, "schedulerName");
      filters = List.copyOf(filters);
      scores = List.copyOf(scores);
      Objects.requireNonNull(args, "args");
      postFilters = List.copyOf(postFilters);
    }

    /**
     * A profile with the default PostFilter plugins.
     *
     * @param schedulerName the name pods give in {@code spec.schedulerName}
     * @param percentageOfNodesToScore the profile's own percentage, or null for the configuration's
     * @param filters the Filter plugins enabled, in the order they run
     * @param scores the Score plugins enabled, in order, with their weights
     * @param args the arguments of the plugins dra4j models
     */
    public Profile(String schedulerName, @Nullable Integer percentageOfNodesToScore, List<String> filters,
        List<Weighted> scores, PluginArgs args) {
      this(schedulerName, percentageOfNodesToScore, filters, scores, args, DEFAULT_POST_FILTERS);
    }

    /** {@return whether a pod that fits no node may preempt: the DefaultPreemption PostFilter is enabled} */
    public boolean preempts() {
      return postFilters.contains("DefaultPreemption");
    }

    /**
     * {@return a profile with kube-scheduler's default plugins and arguments}
     *
     * @param schedulerName its name
     */
    public static Profile defaults(String schedulerName) {
      return new Profile(schedulerName, null, DEFAULT_FILTERS, DEFAULT_SCORES, PluginArgs.defaults());
    }

    /**
     * {@return the weight of a Score plugin, or 0 when it does not score}
     *
     * @param plugin the plugin's name
     */
    public int weight(String plugin) {
      for (Weighted w : scores) {
        if (w.name().equals(plugin)) {
          return w.weight();
        }
      }
      return 0;
    }

    /** {@return a builder with the default PostFilter plugins and every other component empty or unset} */
    public static Builder builder() {
      return new Builder();
    }

    /** {@return a builder initialized with this record's components} */
    public Builder toBuilder() {
      return new Builder(this);
    }

    /**
     * Builds {@link Profile}s step by step. Setters replace a component, {@code add}/{@code put}
     * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
     * live in one place. Not thread-safe; built records never share state with the builder.
     */
    public static final class Builder {
      private @Nullable String schedulerName;
      private @Nullable Integer percentageOfNodesToScore;
      private final List<String> filters = new ArrayList<>();
      private final List<Weighted> scores = new ArrayList<>();
      private @Nullable PluginArgs args;
      private final List<String> postFilters = new ArrayList<>(DEFAULT_POST_FILTERS);

      private Builder() {}

      private Builder(Profile r) {
        schedulerName = r.schedulerName();
        percentageOfNodesToScore = r.percentageOfNodesToScore();
        filters.addAll(r.filters());
        scores.addAll(r.scores());
        args = r.args();
        postFilters.clear();
        postFilters.addAll(r.postFilters());
      }

      /** Sets {@code schedulerName}, which is required; returns this builder. */
      @CanIgnoreReturnValue
      public Builder schedulerName(String schedulerName) {
        this.schedulerName = Objects.requireNonNull(schedulerName, "schedulerName");
        return this;
      }

      /** Sets or (with null) clears {@code percentageOfNodesToScore}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder percentageOfNodesToScore(@Nullable Integer percentageOfNodesToScore) {
        this.percentageOfNodesToScore = percentageOfNodesToScore;
        return this;
      }

      /** Replaces {@code filters}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder filters(List<String> filters) {
        this.filters.clear();
        filters.forEach(this::addFilter);
        return this;
      }

      /** Appends to {@code filters}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder addFilter(String item) {
        filters.add(Objects.requireNonNull(item, "filters item"));
        return this;
      }

      /** Replaces {@code scores}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder scores(List<Weighted> scores) {
        this.scores.clear();
        scores.forEach(this::addScore);
        return this;
      }

      /** Appends to {@code scores}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder addScore(Weighted item) {
        scores.add(Objects.requireNonNull(item, "scores item"));
        return this;
      }

      /** Sets {@code args}, which is required; returns this builder. */
      @CanIgnoreReturnValue
      public Builder args(PluginArgs args) {
        this.args = Objects.requireNonNull(args, "args");
        return this;
      }

      /** Replaces {@code postFilters}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder postFilters(List<String> postFilters) {
        this.postFilters.clear();
        postFilters.forEach(this::addPostFilter);
        return this;
      }

      /** Appends to {@code postFilters}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder addPostFilter(String item) {
        postFilters.add(Objects.requireNonNull(item, "postFilters item"));
        return this;
      }

      /**
       * Builds the record.
       *
       * @return a new Profile
       * @throws NullPointerException when {@code schedulerName}, {@code args} is unset
       */
      public Profile build() {
        return new Profile(
            Objects.requireNonNull(schedulerName, "schedulerName"), percentageOfNodesToScore, filters, scores,
            Objects.requireNonNull(args, "args"), postFilters);
      }
    }
  }

  /**
   * A Score plugin and its weight.
   *
   * @param name the plugin's name
   * @param weight its weight, at least 1
   */
  public record Weighted(String name, int weight) {
    /** Checks the name. */
    public Weighted {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * The defaulted {@code pluginConfig} arguments of the plugins dra4j models.
   *
   * @param fit NodeResourcesFit's {@code scoringStrategy}
   * @param ignoredResources NodeResourcesFit's {@code ignoredResources}: extended resources its
   *     filter does not check
   * @param ignoredResourceGroups NodeResourcesFit's {@code ignoredResourceGroups}: the prefixes
   *     (before the {@code /}) of extended resources its filter does not check
   * @param balancedResources NodeResourcesBalancedAllocation's {@code resources}
   * @param hardPodAffinityWeight InterPodAffinity's {@code hardPodAffinityWeight}: what an existing
   *     pod's required affinity term that the pod matches adds to a node's score
   * @param ignorePreferredTermsOfExistingPods InterPodAffinity's flag: the existing pods'
   *     preferred terms are not scored
   * @param defaultingType PodTopologySpread's {@code defaultingType}, {@code System} or {@code List}
   * @param defaultConstraints PodTopologySpread's {@code defaultConstraints} (with {@code List})
   * @param addedAffinity NodeAffinity's {@code addedAffinity}, which every pod of the profile
   *     must also satisfy (required) and is scored by (preferred), or null
   * @param minCandidateNodesPercentage DefaultPreemption's {@code minCandidateNodesPercentage}, 0
   *     to 100: the share of the nodes preemption may help that its dry run looks for candidates on
   * @param minCandidateNodesAbsolute DefaultPreemption's {@code minCandidateNodesAbsolute}: the
   *     least number of candidates the dry run looks for
   */
  public record PluginArgs(ScoringStrategy fit, List<String> ignoredResources, List<String> ignoredResourceGroups,
      List<Resource> balancedResources, int hardPodAffinityWeight, boolean ignorePreferredTermsOfExistingPods,
      String defaultingType, List<TopologySpreadConstraint> defaultConstraints, @Nullable NodeAffinity addedAffinity,
      int minCandidateNodesPercentage, int minCandidateNodesAbsolute) {
    /** System defaulting: kube-scheduler's built-in constraints. */
    public static final String SYSTEM_DEFAULTING = "System";
    /** List defaulting: the profile's {@code defaultConstraints}. */
    public static final String LIST_DEFAULTING = "List";
    /** cpu and memory, weight 1 each: the resources both resource plugins score by default. */
    public static final List<Resource> DEFAULT_RESOURCES = List.of(new Resource("cpu", 1), new Resource("memory", 1));
    /** DefaultPreemption's default {@code minCandidateNodesPercentage}. */
    public static final int DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE = 10;
    /** DefaultPreemption's default {@code minCandidateNodesAbsolute}. */
    public static final int DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE = 100;

    /** Copies the lists. */
    public PluginArgs {
      Objects.requireNonNull(fit, "fit");
      ignoredResources = List.copyOf(ignoredResources);
      ignoredResourceGroups = List.copyOf(ignoredResourceGroups);
      balancedResources = List.copyOf(balancedResources);
      Objects.requireNonNull(defaultingType, "defaultingType");
      defaultConstraints = List.copyOf(defaultConstraints);
    }

    /**
     * Arguments with DefaultPreemption's defaults.
     *
     * @param fit NodeResourcesFit's {@code scoringStrategy}
     * @param ignoredResources NodeResourcesFit's {@code ignoredResources}
     * @param ignoredResourceGroups NodeResourcesFit's {@code ignoredResourceGroups}
     * @param balancedResources NodeResourcesBalancedAllocation's {@code resources}
     * @param hardPodAffinityWeight InterPodAffinity's {@code hardPodAffinityWeight}
     * @param ignorePreferredTermsOfExistingPods InterPodAffinity's flag
     * @param defaultingType PodTopologySpread's {@code defaultingType}
     * @param defaultConstraints PodTopologySpread's {@code defaultConstraints}
     * @param addedAffinity NodeAffinity's {@code addedAffinity}, or null
     */
    public PluginArgs(ScoringStrategy fit, List<String> ignoredResources, List<String> ignoredResourceGroups,
        List<Resource> balancedResources, int hardPodAffinityWeight, boolean ignorePreferredTermsOfExistingPods,
        String defaultingType, List<TopologySpreadConstraint> defaultConstraints, @Nullable NodeAffinity addedAffinity) {
      this(fit, ignoredResources, ignoredResourceGroups, balancedResources, hardPodAffinityWeight,
          ignorePreferredTermsOfExistingPods, defaultingType, defaultConstraints, addedAffinity,
          DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE, DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE);
    }

    /** {@return the arguments kube-scheduler defaults every plugin to} */
    public static PluginArgs defaults() {
      return new PluginArgs(ScoringStrategy.defaults(), List.of(), List.of(), DEFAULT_RESOURCES, 1, false,
          SYSTEM_DEFAULTING, List.of(), null);
    }

    /** {@return a builder with DefaultPreemption's defaults and every other component empty, 0 or unset} */
    public static Builder builder() {
      return new Builder();
    }

    /** {@return a builder initialized with this record's components} */
    public Builder toBuilder() {
      return new Builder(this);
    }

    /**
     * Builds {@link PluginArgs}s step by step. Setters replace a component, {@code add}/{@code put}
     * methods extend a list or map; {@link #build} runs the record's constructor, so the checks
     * live in one place. Not thread-safe; built records never share state with the builder.
     */
    public static final class Builder {
      private @Nullable ScoringStrategy fit;
      private final List<String> ignoredResources = new ArrayList<>();
      private final List<String> ignoredResourceGroups = new ArrayList<>();
      private final List<Resource> balancedResources = new ArrayList<>();
      private int hardPodAffinityWeight;
      private boolean ignorePreferredTermsOfExistingPods;
      private @Nullable String defaultingType;
      private final List<TopologySpreadConstraint> defaultConstraints = new ArrayList<>();
      private @Nullable NodeAffinity addedAffinity;
      private int minCandidateNodesPercentage = DEFAULT_MIN_CANDIDATE_NODES_PERCENTAGE;
      private int minCandidateNodesAbsolute = DEFAULT_MIN_CANDIDATE_NODES_ABSOLUTE;

      private Builder() {}

      private Builder(PluginArgs r) {
        fit = r.fit();
        ignoredResources.addAll(r.ignoredResources());
        ignoredResourceGroups.addAll(r.ignoredResourceGroups());
        balancedResources.addAll(r.balancedResources());
        hardPodAffinityWeight = r.hardPodAffinityWeight();
        ignorePreferredTermsOfExistingPods = r.ignorePreferredTermsOfExistingPods();
        defaultingType = r.defaultingType();
        defaultConstraints.addAll(r.defaultConstraints());
        addedAffinity = r.addedAffinity();
        minCandidateNodesPercentage = r.minCandidateNodesPercentage();
        minCandidateNodesAbsolute = r.minCandidateNodesAbsolute();
      }

      /** Sets {@code fit}, which is required; returns this builder. */
      @CanIgnoreReturnValue
      public Builder fit(ScoringStrategy fit) {
        this.fit = Objects.requireNonNull(fit, "fit");
        return this;
      }

      /** Replaces {@code ignoredResources}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder ignoredResources(List<String> ignoredResources) {
        this.ignoredResources.clear();
        ignoredResources.forEach(this::addIgnoredResource);
        return this;
      }

      /** Appends to {@code ignoredResources}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder addIgnoredResource(String item) {
        ignoredResources.add(Objects.requireNonNull(item, "ignoredResources item"));
        return this;
      }

      /** Replaces {@code ignoredResourceGroups}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder ignoredResourceGroups(List<String> ignoredResourceGroups) {
        this.ignoredResourceGroups.clear();
        ignoredResourceGroups.forEach(this::addIgnoredResourceGroup);
        return this;
      }

      /** Appends to {@code ignoredResourceGroups}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder addIgnoredResourceGroup(String item) {
        ignoredResourceGroups.add(Objects.requireNonNull(item, "ignoredResourceGroups item"));
        return this;
      }

      /** Replaces {@code balancedResources}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder balancedResources(List<Resource> balancedResources) {
        this.balancedResources.clear();
        balancedResources.forEach(this::addBalancedResource);
        return this;
      }

      /** Appends to {@code balancedResources}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder addBalancedResource(Resource item) {
        balancedResources.add(Objects.requireNonNull(item, "balancedResources item"));
        return this;
      }

      /** Sets {@code hardPodAffinityWeight}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder hardPodAffinityWeight(int hardPodAffinityWeight) {
        this.hardPodAffinityWeight = hardPodAffinityWeight;
        return this;
      }

      /** Sets {@code ignorePreferredTermsOfExistingPods}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder ignorePreferredTermsOfExistingPods(boolean ignorePreferredTermsOfExistingPods) {
        this.ignorePreferredTermsOfExistingPods = ignorePreferredTermsOfExistingPods;
        return this;
      }

      /** Sets {@code defaultingType}, which is required; returns this builder. */
      @CanIgnoreReturnValue
      public Builder defaultingType(String defaultingType) {
        this.defaultingType = Objects.requireNonNull(defaultingType, "defaultingType");
        return this;
      }

      /** Replaces {@code defaultConstraints}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder defaultConstraints(List<TopologySpreadConstraint> defaultConstraints) {
        this.defaultConstraints.clear();
        defaultConstraints.forEach(this::addDefaultConstraint);
        return this;
      }

      /** Appends to {@code defaultConstraints}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder addDefaultConstraint(TopologySpreadConstraint item) {
        defaultConstraints.add(Objects.requireNonNull(item, "defaultConstraints item"));
        return this;
      }

      /** Sets or (with null) clears {@code addedAffinity}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder addedAffinity(@Nullable NodeAffinity addedAffinity) {
        this.addedAffinity = addedAffinity;
        return this;
      }

      /** Sets {@code minCandidateNodesPercentage}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder minCandidateNodesPercentage(int minCandidateNodesPercentage) {
        this.minCandidateNodesPercentage = minCandidateNodesPercentage;
        return this;
      }

      /** Sets {@code minCandidateNodesAbsolute}; returns this builder. */
      @CanIgnoreReturnValue
      public Builder minCandidateNodesAbsolute(int minCandidateNodesAbsolute) {
        this.minCandidateNodesAbsolute = minCandidateNodesAbsolute;
        return this;
      }

      /**
       * Builds the record.
       *
       * @return a new PluginArgs
       * @throws NullPointerException when {@code fit}, {@code defaultingType} is unset
       */
      public PluginArgs build() {
        return new PluginArgs(
            Objects.requireNonNull(fit, "fit"), ignoredResources, ignoredResourceGroups, balancedResources,
            hardPodAffinityWeight, ignorePreferredTermsOfExistingPods,
            Objects.requireNonNull(defaultingType, "defaultingType"), defaultConstraints, addedAffinity,
            minCandidateNodesPercentage, minCandidateNodesAbsolute);
      }
    }
  }

  /**
   * NodeResourcesFit's {@code scoringStrategy}.
   *
   * @param type {@value #LEAST_ALLOCATED}, {@value #MOST_ALLOCATED} or {@value #REQUESTED_TO_CAPACITY_RATIO}
   * @param resources the resources scored and their weights
   * @param shape with {@value #REQUESTED_TO_CAPACITY_RATIO}, the score (0 to 10) at each utilization
   *     (0 to 100), utilizations increasing; empty otherwise
   */
  public record ScoringStrategy(String type, List<Resource> resources, List<ShapePoint> shape) {
    /** Free capacity scores high: pods spread. */
    public static final String LEAST_ALLOCATED = "LeastAllocated";
    /** Used capacity scores high: pods pack. */
    public static final String MOST_ALLOCATED = "MostAllocated";
    /** A broken-line function of the utilization scores. */
    public static final String REQUESTED_TO_CAPACITY_RATIO = "RequestedToCapacityRatio";

    /** Copies the lists. */
    public ScoringStrategy {
      Objects.requireNonNull(type, "type");
      resources = List.copyOf(resources);
      shape = List.copyOf(shape);
    }

    /** {@return LeastAllocated over cpu and memory, weight 1 each} */
    public static ScoringStrategy defaults() {
      return new ScoringStrategy(LEAST_ALLOCATED, PluginArgs.DEFAULT_RESOURCES, List.of());
    }
  }

  /**
   * A resource a scoring strategy reads and its weight.
   *
   * @param name the resource's name, such as {@code cpu} or {@code nvidia.com/gpu}
   * @param weight its weight, 1 to 100
   */
  public record Resource(String name, int weight) {
    /** Checks the name. */
    public Resource {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * A point of RequestedToCapacityRatio's function.
   *
   * @param utilization the utilization, 0 to 100
   * @param score the score there, 0 to 10
   */
  public record ShapePoint(int utilization, int score) {}
}
