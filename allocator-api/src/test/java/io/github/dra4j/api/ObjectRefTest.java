package io.github.dra4j.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The one way an object's key and reference are written. */
final class ObjectRefTest {

  @ParameterizedTest(name = "{0}/{1} -> {2}")
  @CsvSource(value = {
      "default, claim-0, default/claim-0, ResourceClaim default/claim-0",
      "NULL, claim-0, claim-0, ResourceClaim claim-0",
      "'', claim-0, claim-0, ResourceClaim claim-0"}, nullValues = "NULL")
  void key_isNamespaceSlashName_orTheNameAlone(String namespace, String name, String key, String text) {
    ObjectRef ref = ObjectRef.of("ResourceClaim", namespace, name);
    assertThat(ref.key()).isEqualTo(key).isEqualTo(ObjectRef.key(namespace, name));
    assertThat(ref).hasToString(text);
    assertThat(ref.namespace()).isEqualTo(namespace == null || namespace.isEmpty() ? null : namespace);
  }

  @Test
  void ofMetadata_keepsTheUid_whichNeitherKeyNorSameObjectReads() {
    ObjectRef ref = ObjectRef.of("Pod", new ObjectMeta("p", "ns", "uid-1", null, null, Map.of()));
    assertThat(ref.uid()).isEqualTo("uid-1");
    assertThat(ref.key()).isEqualTo("ns/p");
    assertThat(ref.sameObject(ObjectRef.of("Pod", "ns", "p"))).isTrue();
    assertThat(ref.sameObject(ObjectRef.of("Pod", "other", "p"))).isFalse();
    assertThat(ref.sameObject(ObjectRef.of("ResourceClaim", "ns", "p"))).isFalse();
    assertThat(ref).isNotEqualTo(ObjectRef.of("Pod", "ns", "p"));
  }

  @Test
  void inDefaultNamespace_onlyWhenThereIsNone() {
    assertThat(ObjectRef.of("Pod", null, "p").inDefaultNamespace().key()).isEqualTo("default/p");
    assertThat(ObjectRef.of("Pod", "ns", "p").inDefaultNamespace().key()).isEqualTo("ns/p");
  }

  @Test
  void ofARecord_namesItsKind() {
    assertThat(ObjectRef.of(Node.of("n", Map.of()))).hasToString("Node n");
    assertThat(ObjectRef.of(Pod.of(ObjectMeta.named("ns", "p"), PodSpec.builder().build()))).hasToString("Pod ns/p");
    assertThat(ObjectRef.of((Object) new ResourceClaim(ObjectMeta.named("ns", "c"),
        new ResourceClaimSpec(new DeviceClaim(List.of(), List.of(), List.of())), null))).hasToString("ResourceClaim ns/c");
    assertThat(ObjectRef.of("", null, null)).hasToString("");
    assertThatThrownBy(() -> ObjectRef.of((Object) "text")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("java.lang.String");
  }
}
