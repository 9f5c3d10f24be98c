package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.ResourceClaim;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The metadata of a claim made for a pod: generateName and the owner reference to the pod. */
final class GeneratedClaimMetadataCodecTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  private static final String CLAIM = String.join("\n",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaim",
      "metadata:",
      "  name: pod0-gpu-x7k2p",
      "  generateName: pod0-gpu-",
      "  namespace: demo",
      "  annotations: {resource.kubernetes.io/pod-claim-name: gpu}",
      "  ownerReferences:",
      "  - {apiVersion: v1, kind: Pod, name: pod0, uid: 0c1d, controller: true, blockOwnerDeletion: true}",
      "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}",
      "");

  @Test
  void generateNameAndOwnerReferences_readWrittenAndReadAgain() throws Exception {
    ResourceClaim claim = codec.read(CLAIM, ResourceClaim.class);
    ObjectMeta meta = claim.metadata();
    assertThat(meta.generateName()).isEqualTo("pod0-gpu-");
    assertThat(meta.ownerReferences()).containsExactly(new OwnerReference("v1", "Pod", "pod0", "0c1d", true, true));
    String yaml = codec.writeYaml(List.of(claim));
    assertThat(yaml.indexOf("generateName")).isBetween(yaml.indexOf("name:"), yaml.indexOf("namespace:"));
    assertThat(codec.readAll(yaml, "yaml")).containsExactly(claim);
    assertThat(codec.read(codec.writeJson(claim), ResourceClaim.class)).isEqualTo(claim);
  }

  @Test
  void plainMetadata_writesNeither() throws Exception {
    ResourceClaim claim = codec.read(CLAIM.replaceAll("(?s)  generateName.*?\n", "")
        .replaceAll("(?s)  ownerReferences:\n  - .*?\n", ""), ResourceClaim.class);
    assertThat(claim.metadata().ownerReferences()).isEmpty();
    assertThat(codec.writeJson(claim)).doesNotContain("generateName").doesNotContain("ownerReferences");
  }

  @Test
  void ownerReferenceWithoutUid_readsAndWritesWithoutIt() throws DecodeException {
    ResourceClaim claim = codec.read(CLAIM.replace(", uid: 0c1d", ""), ResourceClaim.class);

    assertThat(claim.metadata().ownerReferences()).extracting(OwnerReference::uid).containsExactly((String) null);
    assertThat(codec.writeJson(claim)).doesNotContain("\"uid\"");
    assertThat(codec.read(codec.writeJson(claim), ResourceClaim.class)).isEqualTo(claim);
  }
}
