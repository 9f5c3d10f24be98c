package io.github.dra4j.scheduling;

import static io.github.dra4j.scheduling.PluginFixtures.CODEC;
import static io.github.dra4j.scheduling.PluginFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.Cluster;
import io.github.dra4j.api.LabelSelector;
import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodController;
import io.github.dra4j.api.Service;
import io.github.dra4j.api.ServiceSpec;
import io.github.dra4j.api.io.DecodeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * helper.DefaultSelector (kubernetes/kubernetes pkg/scheduler/framework/plugins/helper/spread.go):
 * the Services of the pod's namespace that select it (GetPodServices; the first cases are
 * TestGetPodServices in helper/spread_test.go: services service-0..2 in namespace test selecting
 * app: test-i, pods test-pod-0..4 labelled app: test-i, label: label-i) and the controlling
 * ReplicationController merged, the controlling ReplicaSet's or StatefulSet's selector ANDed in.
 */
final class DefaultSelectorTest {
  private static final List<Service> SERVICES = List.of(service("test", "service-0", Map.of("app", "test-0")),
      service("test", "service-1", Map.of("app", "test-1")), service("test", "service-2", Map.of("app", "test-2")));

  private static Service service(String namespace, String name, Map<String, String> selector) {
    return new Service(ObjectMeta.builder().name(name).namespace(namespace).build(), new ServiceSpec(selector));
  }

  private static Pod labelled(@Nullable String namespace, Map<String, String> labels,
      @Nullable OwnerReference owner) {
    Pod p = PluginFixtures.pod(namespace == null ? "\"\"" : namespace, "p", "{}", "{containers: [{name: c}]}");
    ObjectMeta.Builder m = p.metadata().toBuilder().labels(labels);
    if (owner != null) {
      m.ownerReferences(List.of(owner));
    }
    return new Pod(m.build(), p.spec(), p.status());
  }

  private static OwnerReference owner(String kind, String name) {
    return new OwnerReference(PodController.apiVersionOf(kind), kind, name, "uid", true, true);
  }

  private static PodController controller(String kind, String namespace, String name, String selector) {
    try {
      return PodController.builder().kind(kind).metadata(ObjectMeta.builder().name(name).namespace(namespace).build())
          .template(pod("t", "{}", "{containers: [{name: c}]}"))
          .selector(CODEC.read(selector, LabelSelector.class)).build();
    } catch (DecodeException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static @Nullable LabelSelector selector(Pod pod, List<Service> services, PodController... controllers) {
    return DefaultSpread.of(Cluster.builder().services(services).controllers(List.of(controllers)).build()).selector(pod);
  }

  @ParameterizedTest(name = "GetPodServices for pod-{0}")
  @CsvSource({"0, app: test-0", "1, app: test-1", "2, app: test-2", "3, -", "4, -"})
  void podServices(int i, String want) {
    Pod pod = labelled("test", Map.of("app", "test-" + i, "label", "label-" + i), null);
    LabelSelector got = selector(pod, SERVICES);
    assertThat(got == null ? "-" : "app: " + got.matchLabels().get("app")).isEqualTo(want);
    if (got != null) {
      assertThat(got.matchLabels()).hasSize(1);
      assertThat(got.matchExpressions()).isEmpty();
    }
  }

  @Test
  void servicesOfAnotherNamespace_orWithoutASelector_selectNothing() {
    Pod pod = labelled("other", Map.of("app", "test-0"), null);
    assertThat(selector(pod, SERVICES)).isNull();
    assertThat(selector(labelled("test", Map.of("app", "x"), null), List.of(service("test", "headless", Map.of()))))
        .isNull();
    // a Service without a namespace is in default, as a pod without one
    assertThat(selector(labelled(null, Map.of("app", "web"), null), List.of(service(null, "web", Map.of("app", "web")))))
        .isEqualTo(new LabelSelector(Map.of("app", "web"), List.of()));
  }

  @Test
  void everyServiceThatSelectsThePod_isMerged() {
    List<Service> services = new ArrayList<>(SERVICES);
    services.add(service("test", "tier", Map.of("tier", "front")));
    services.add(service("test", "two", Map.of("app", "test-0", "tier", "front")));
    Pod pod = labelled("test", Map.of("app", "test-0", "tier", "front", "x", "y"), null);
    assertThat(selector(pod, services)).isEqualTo(new LabelSelector(Map.of("app", "test-0", "tier", "front"), List.of()));
  }

  @Test
  void replicationController_mergesItsSelectorWithTheServices() {
    Pod pod = labelled("test", Map.of("app", "test-0", "rc", "legacy"), owner("ReplicationController", "legacy"));
    PodController rc = controller("ReplicationController", "test", "legacy", "{matchLabels: {rc: legacy}}");
    assertThat(selector(pod, SERVICES, rc)).isEqualTo(new LabelSelector(Map.of("app", "test-0", "rc", "legacy"),
        List.of()));
    assertThat(selector(pod, List.of(), rc)).isEqualTo(new LabelSelector(Map.of("rc", "legacy"), List.of()));
    // an RC of another name does not control the pod
    assertThat(selector(pod, List.of(), controller("ReplicationController", "test", "other", "{matchLabels: {a: b}}")))
        .isNull();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"ReplicaSet", "StatefulSet", "Deployment"})
  void replicaSetOrStatefulSet_addsItsRequirementsToTheServices(String kind) {
    Pod pod = labelled("test", Map.of("app", "test-0", "foo", "bar", "tier", "back"), owner(kind, "c"));
    PodController c = controller(kind, "test", "c", "{matchLabels: {foo: bar}, matchExpressions: [{key: tier, "
        + "operator: Exists}]}");
    LabelSelector got = selector(pod, SERVICES, c);
    assertThat(got).isNotNull();
    assertThat(got.matchLabels()).isEqualTo(Map.of("app", "test-0"));
    assertThat(got.matches(Map.of("app", "test-0", "foo", "bar", "tier", "x"))).isTrue();
    assertThat(got.matches(Map.of("app", "test-0", "foo", "bar"))).isFalse(); // the set's Exists
    assertThat(got.matches(Map.of("app", "test-0", "foo", "baz", "tier", "x"))).isFalse(); // the set's matchLabels
    assertThat(got.matches(Map.of("app", "test-1", "foo", "bar", "tier", "x"))).isFalse(); // the Service's
    // without a Service the set's selector stands alone
    assertThat(selector(pod, List.of(), c)).isEqualTo(c.selector());
  }

  @Test
  void replicationControllersPods_areMadeAsAReplicaSetsAre() {
    PodController rc = PodController.builder().kind("ReplicationController")
        .metadata(ObjectMeta.builder().name("legacy").namespace("test").uid("u1").build()).replicas(2)
        .template(pod("t", "{app: legacy}", "{containers: [{name: c}]}"))
        .selector(new LabelSelector(Map.of("app", "legacy"), List.of())).build();
    List<Pod> pods = PodControllers.pods(rc, List.of());
    assertThat(pods).extracting(Pod::name).containsExactly("legacy-0", "legacy-1");
    assertThat(pods.get(0).metadata().ownerReferences())
        .containsExactly(new OwnerReference("v1", "ReplicationController", "legacy", "u1", true, true));
    assertThat(DefaultSpread.of(Cluster.builder().controllers(List.of(rc)).build()).selector(pods.get(1)))
        .isEqualTo(new LabelSelector(Map.of("app", "legacy"), List.of()));
  }
}
