package io.github.dra4j.api.io;

import static io.github.dra4j.api.io.CoreTables.OBJECT_META;
import static io.github.dra4j.api.io.Types.STRING;
import static io.github.dra4j.api.io.Types.map;

import io.github.dra4j.api.Namespace;
import io.github.dra4j.api.Service;
import io.github.dra4j.api.ServiceSpec;
import java.util.List;

/*
 * The field tables of the core v1 objects scheduling reads besides pods and nodes: a Namespace's
 * labels (InterPodAffinity's namespaceSelector) and a Service's selector (PodTopologySpread's
 * default constraints). Their other fields are known, so that whole objects pass strict field
 * validation, and not kept.
 */
final class CoreObjectTables {
  private CoreObjectTables() {}

  static final Table<Namespace> NAMESPACE = Table.core(Namespace.class, "V1Namespace")
      .field(OBJECT_META).nonPointer()
      .known("spec:V1NamespaceSpec status:V1NamespaceStatus")
      .kind("Namespace", List.of("v1"))
      .check(CoreTables::nameRequired)
      .build();

  static final Table<ServiceSpec> SERVICE_SPEC = Table.core(ServiceSpec.class, "V1ServiceSpec")
      .field(map(STRING))
      .known("allocateLoadBalancerNodePorts clusterIP clusterIPs externalIPs externalName externalTrafficPolicy "
          + "healthCheckNodePort internalTrafficPolicy ipFamilies ipFamilyPolicy loadBalancerClass loadBalancerIP "
          + "loadBalancerSourceRanges ports[]:V1ServicePort publishNotReadyAddresses sessionAffinity "
          + "sessionAffinityConfig:V1SessionAffinityConfig trafficDistribution type")
      .build();

  static final Table<Service> SERVICE = Table.core(Service.class, "V1Service")
      .field(OBJECT_META).nonPointer()
      .field(SERVICE_SPEC).nonPointer()
      .known("status:V1ServiceStatus")
      .kind("Service", List.of("v1"))
      .build();

  /** Every table of this class, for the known-fields table and the decoder. */
  static final List<Type<?>> ALL = List.of(NAMESPACE, SERVICE_SPEC, SERVICE);
}
