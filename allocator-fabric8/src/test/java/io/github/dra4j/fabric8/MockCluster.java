package io.github.dra4j.fabric8;

import static org.assertj.core.api.Assertions.fail;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.github.dra4j.cel.CelCompiler;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.StructuredAllocator;
import java.util.HashMap;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/** fabric8's Kubernetes mock server in CRUD mode (a real HTTP server on loopback) plus helpers. */
final class MockCluster implements AutoCloseable {
  static final String NAMESPACE = "default";
  static final StructuredAllocator ALLOCATOR =
      StructuredAllocator.builder().features(Features.all()).selectorCompiler(CelCompiler.create()).build();

  final KubernetesMockServer server;
  final KubernetesClient client;

  MockCluster() {
    server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(),
        new KubernetesCrudDispatcher(), false);
    server.init();
    client = server.createClient();
  }

  /** A second client on the same server, customised (for example with an interceptor). */
  KubernetesClient client(Consumer<KubernetesClientBuilder> customizer) {
    return server.createClient(customizer);
  }

  /** Creates every object of a test resource through the client and returns what was sent. */
  @CanIgnoreReturnValue
  List<HasMetadata> createAll(String resource) {
    List<HasMetadata> objects = Fabric8Yaml.resource(resource);
    for (HasMetadata o : objects) {
      create(o);
    }
    return objects;
  }

  void create(HasMetadata o) {
    HasMetadata copy = Fabric8Yaml.SERIALIZATION.clone(o);
    if (copy instanceof io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim) {
      copy.getMetadata().setNamespace(NAMESPACE);
    }
    client.resource(copy).create();
  }

  @CanIgnoreReturnValue
  io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim createClaim(String name, long count) {
    io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim =
        Fabric8Adapters.toFabric8(new io.github.dra4j.api.ResourceClaim(
            io.github.dra4j.api.ObjectMeta.named(NAMESPACE, name),
            new io.github.dra4j.api.ResourceClaimSpec(new io.github.dra4j.api.DeviceClaim(List.of(
                new io.github.dra4j.api.DeviceRequest("gpu", new io.github.dra4j.api.ExactDeviceRequest(
                    "gpu", List.of(), "ExactCount", count, null, List.of(), null), List.of())),
                List.of(), List.of())),
            null));
    return client.resource(claim).create();
  }

  io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim(String name) {
    return client.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class)
        .inNamespace(NAMESPACE).withName(name).get();
  }

  /** A pending pod that uses the named claims; it is created on the server. */
  Pod pod(String name, String... claims) {
    PodBuilder b = new PodBuilder().withNewMetadata().withName(name).withNamespace(NAMESPACE)
        .withUid("uid-" + name).endMetadata().withNewSpec().addNewContainer().withName("c").withImage("busybox")
        .endContainer().endSpec();
    for (String c : claims) {
      b.editSpec().addNewResourceClaim().withName("rc-" + c).withResourceClaimName(c).endResourceClaim().endSpec();
    }
    return client.resource(b.build()).create();
  }

  static void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        fail("timed out waiting until " + what);
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        fail("interrupted waiting until " + what);
      }
    }
  }

  @Override
  public void close() {
    client.close();
    try {
      server.destroy();
    } catch (IllegalStateException e) {
      // The mock server waits a fixed time for the client's connections, which the client
      // closes asynchronously: a slow close says nothing about the test, whose checks are done.
      if (!String.valueOf(e.getMessage()).contains("Unable to close MockWebServer")) {
        throw e;
      }
    }
  }
}
